// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Promises",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Promises", targets: ["Promises"]),
        .library(name: "PromiseAsync", targets: ["PromiseAsync"]),
        .library(name: "PromiseFoundation", targets: ["PromiseFoundation"]),
        .executable(name: "MigrationDemo", targets: ["MigrationDemo"]),
    ],
    targets: [
        .target(name: "Promises", dependencies: ["CPromiseAtomics"]),
        // The core's atomic flags (Swift's own need macOS 15, above the floor) and its 4-byte lock.
        .target(name: "CPromiseAtomics"),
        .target(name: "PromiseAsync", dependencies: ["Promises"]),
        // URLSession and Process as promises, apart so that the core never links FoundationNetworking.
        .target(name: "PromiseFoundation", dependencies: ["Promises"]),
        .executableTarget(name: "MigrationDemo", dependencies: ["PromiseAsync"]),
        .target(name: "PromiseTestSupport", dependencies: ["Promises"], path: "Tests/PromiseTestSupport"),
        .testTarget(name: "PromisesTests", dependencies: ["Promises", "PromiseTestSupport"]),
        .testTarget(name: "PromiseAsyncTests", dependencies: ["PromiseAsync", "PromiseTestSupport"]),
        .testTarget(name: "PromiseFoundationTests", dependencies: ["PromiseFoundation", "PromiseAsync", "PromiseTestSupport"]),
        .testTarget(name: "MigrationGuideTests", dependencies: ["PromiseAsync", "PromiseFoundation"]),
        .testTarget(name: "PromisesStressTests", dependencies: ["PromiseAsync", "PromiseTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
