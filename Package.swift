// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Promises",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Promises", targets: ["Promises"]),
        .library(name: "PromiseAsync", targets: ["PromiseAsync"]),
        .executable(name: "MigrationDemo", targets: ["MigrationDemo"]),
    ],
    targets: [
        .target(name: "Promises"),
        .target(name: "PromiseAsync", dependencies: ["Promises"]),
        .executableTarget(name: "MigrationDemo", dependencies: ["PromiseAsync"]),
        .target(name: "PromiseTestSupport", dependencies: ["Promises"], path: "Tests/PromiseTestSupport"),
        .testTarget(name: "PromisesTests", dependencies: ["Promises", "PromiseTestSupport"]),
        .testTarget(name: "PromiseAsyncTests", dependencies: ["PromiseAsync", "PromiseTestSupport"]),
        .testTarget(name: "MigrationGuideTests", dependencies: ["PromiseAsync"]),
        .testTarget(name: "PromisesStressTests", dependencies: ["PromiseAsync", "PromiseTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
