// swift-tools-version:6.0
// A callback codebase for `promise-migrate convert --functions`: three layers over an async store, every
// handler shape, and functions the tool must refuse. CI converts it one round at a time and, after each
// round, builds it as Swift 5 and Swift 6 and runs its tests.
import PackageDescription

let package = Package(
    name: "CallbackLayers",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    targets: [
        .target(name: "Layers"),
        .testTarget(name: "LayersTests", dependencies: ["Layers"]),
    ],
    // Built as Swift 5 by default; CI builds it as Swift 6 too. (Tools 6.0: its `Result<T, E>` handlers get
    // typed `throws(E)`, which older compilers cannot read.)
    swiftLanguageModes: [.v5]
)
