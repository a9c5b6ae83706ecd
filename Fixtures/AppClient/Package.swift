// swift-tools-version: 6.0
// A client of the library written as an app team writes one: a Swift 5 legacy module with
// non-Sendable models, facades in a service class, a @MainActor view model. CI builds it in three
// language modes (CLIENT_LANGUAGE_MODE = 5, 5-complete, 6) with warnings as errors: `.ci/client`.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let promises = Target.Dependency.product(name: "PromiseAsync", package: library.lastPathComponent)

let clientSettings: [SwiftSetting]
switch ProcessInfo.processInfo.environment["CLIENT_LANGUAGE_MODE"] ?? "6" {
case "5": clientSettings = [.swiftLanguageMode(.v5)]
case "5-complete": clientSettings = [.swiftLanguageMode(.v5), .unsafeFlags(["-strict-concurrency=complete"])]
case "6": clientSettings = [.swiftLanguageMode(.v6)]
case let other: fatalError("CLIENT_LANGUAGE_MODE must be 5, 5-complete or 6, not \(other)")
}

let package = Package(
    name: "AppClient",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [.package(path: library.path)],
    targets: [
        // Years-old code: Swift 5 mode, minimal checking, never touched by the migration.
        .target(name: "LegacyKit", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "AppServices", dependencies: ["LegacyKit", promises], swiftSettings: clientSettings),
        .target(name: "AppUI", dependencies: ["AppServices", "LegacyKit", promises], swiftSettings: clientSettings),
        // README's and Migration.md's code (the suite's snippet files, linked), compiled as this client.
        .target(
            name: "GuideSnippets",
            dependencies: [promises, .product(name: "PromiseFoundation", package: library.lastPathComponent)],
            swiftSettings: clientSettings),
        .executableTarget(
            name: "AppClientCheck", dependencies: ["AppUI", "AppServices", "LegacyKit", promises],
            swiftSettings: clientSettings),
    ]
)

// Deliberate compile errors, to check the diagnostics a body mistake gets (see Sources/Mistakes).
if ProcessInfo.processInfo.environment["CLIENT_MISTAKES"] == "1" {
    package.targets.append(
        .target(name: "Mistakes", dependencies: ["LegacyKit", promises], swiftSettings: clientSettings))
}
