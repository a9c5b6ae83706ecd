// swift-tools-version: 6.0
// Benchmarks live in their own package so the library itself keeps zero dependencies.
import PackageDescription

let package = Package(
    name: "PromiseBenchmarks",
    dependencies: [
        .package(name: "Promises", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", "2.101.2"..<"2.102.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", exact: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "PromiseBenchmarks",
            dependencies: [
                .product(name: "Promises", package: "Promises"),
                .product(name: "PromiseAsync", package: "Promises"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        // What pending-promise tracking costs a debug build: each workload with tracking off and on.
        .executableTarget(
            name: "TrackingCost",
            dependencies: [.product(name: "Promises", package: "Promises")]
        ),
        // Millions of promise lifecycles with the heap measured: fails if memory is not flat.
        .executableTarget(
            name: "PromiseSoak",
            dependencies: [.product(name: "PromiseAsync", package: "Promises")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
