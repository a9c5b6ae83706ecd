// swift-tools-version: 6.0
// promise-migrate: measures a completion-handler codebase and generates its promise and async facades.
// A package of its own, as Benchmarks/ is, so the library keeps zero dependencies.
import PackageDescription

let package = Package(
    name: "PromiseMigrate",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "promise-migrate", targets: ["promise-migrate"]),
        .library(name: "PromiseMigrateKit", targets: ["PromiseMigrateKit"]),
    ],
    dependencies: [
        // Only the parser is used, whose API is stable across these releases (600 is Swift 6.0's).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0")
    ],
    targets: [
        // libIndexStore's C API, loaded at run time (no link-time dependency on the toolchain's library).
        .target(name: "CIndexStore", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "PromiseMigrateKit",
            dependencies: [
                "CIndexStore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "promise-migrate", dependencies: ["PromiseMigrateKit"]),
        .testTarget(name: "PromiseMigrateTests", dependencies: ["PromiseMigrateKit"]),
    ],
    swiftLanguageModes: [.v6]
)
