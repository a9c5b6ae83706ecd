// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Promises",
    products: [
        .library(name: "Promises", targets: ["Promises"]),
        .library(name: "PromiseAsync", targets: ["PromiseAsync"]),
        .executable(name: "MigrationDemo", targets: ["MigrationDemo"]),
    ],
    targets: [
        .target(name: "Promises"),
        .target(name: "PromiseAsync", dependencies: ["Promises"]),
        .executableTarget(name: "MigrationDemo", dependencies: ["PromiseAsync"]),
        .testTarget(name: "PromisesTests", dependencies: ["Promises"]),
        .testTarget(name: "PromiseAsyncTests", dependencies: ["PromiseAsync"]),
        .testTarget(name: "MigrationGuideTests", dependencies: ["PromiseAsync"]),
        .testTarget(name: "PromisesStressTests", dependencies: ["PromiseAsync"]),
    ],
    swiftLanguageModes: [.v6]
)
