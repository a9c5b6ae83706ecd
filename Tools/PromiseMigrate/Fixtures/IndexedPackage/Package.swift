// swift-tools-version: 6.0
// A callback codebase whose calls only the compiler can tell apart: `swift build` writes its index
// store, and promise-migrate's call sites must equal the compiler's references.
import PackageDescription

let package = Package(
    name: "IndexedPackage",
    targets: [.target(name: "Catalog", swiftSettings: [.swiftLanguageMode(.v5)])]
)
