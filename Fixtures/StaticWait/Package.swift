// swift-tools-version: 6.0
// A statically linked binary (`--static-swift-stdlib`) that later loads the shared Concurrency
// runtime, as a plugin host does, then calls wait() from synchronous code inside a Task: wait() must
// refuse. `.ci/static-wait` builds and runs it.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "StaticWait",
    dependencies: [.package(path: library.path)],
    targets: [
        .executableTarget(
            name: "StaticWait", dependencies: [.product(name: "Promises", package: library.lastPathComponent)])
    ]
)
