// swift-tools-version: 6.0
// A PromiseKit codebase and its migration by `promise-migrate promisekit`.
//
// Sources/LoginKit is written in PromiseKit 6's idioms against Sources/PromiseKit and
// Sources/PMKFoundation, stand-ins of PromiseKit's API written for this fixture.
// Sources/LoginKitMigrated is what the codemod makes of it, nothing changed by hand; CI reruns it,
// checks the result is unchanged, builds both with warnings as errors and runs the same scenarios
// (Tests/Shared) against each: `.ci/promisekit`.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let name = library.lastPathComponent
let swift5: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "PromiseKitMigration",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [.package(path: library.path)],
    targets: [
        .target(name: "PromiseKit", swiftSettings: swift5),
        .target(name: "PMKFoundation", dependencies: ["PromiseKit"], swiftSettings: swift5),
        .target(name: "LoginKit", dependencies: ["PromiseKit", "PMKFoundation"], swiftSettings: swift5),
        .target(
            name: "LoginKitMigrated",
            dependencies: [
                .product(name: "Promises", package: name), .product(name: "PromiseFoundation", package: name),
            ],
            swiftSettings: swift5),
        .testTarget(
            name: "LoginKitTests", dependencies: ["LoginKit", "PromiseKit"],
            swiftSettings: swift5 + [.define("BEFORE")]),
        .testTarget(
            name: "LoginKitMigratedTests",
            dependencies: ["LoginKitMigrated", .product(name: "PromiseAsync", package: name)],
            swiftSettings: swift5),
    ]
)
