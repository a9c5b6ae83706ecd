// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Promises",
    products: [
        .library(name: "Promises", targets: ["Promises"]),
        .library(name: "PromiseAsync", targets: ["PromiseAsync"]),
    ],
    targets: [
        .target(name: "Promises"),
        .target(name: "PromiseAsync", dependencies: ["Promises"]),
        .testTarget(name: "PromisesTests", dependencies: ["Promises"]),
        .testTarget(name: "PromiseAsyncTests", dependencies: ["PromiseAsync"]),
    ],
    swiftLanguageModes: [.v6]
)
