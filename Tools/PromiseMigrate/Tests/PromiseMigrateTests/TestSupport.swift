import Foundation
import PromiseMigrateKit

/// Paths of the package, the repository and the fixture codebase, from this file's location.
enum Paths {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let repository = package.deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = package.appendingPathComponent("Fixtures/CallbackApp").path
    static let legacyKit = fixture + "/LegacyKit"
    static let migrationDemo = repository.appendingPathComponent("Sources/MigrationDemo").path
}

/// Collects what a command prints.
final class BufferOutput: CommandOutput {
    var stdout = ""
    var stderr = ""

    func out(_ text: String) { stdout += text }
    func err(_ text: String) { stderr += text }
}

/// Runs the command line `arguments` and returns its status and output.
func runCommand(_ arguments: [String]) -> (status: Int32, output: BufferOutput) {
    let output = BufferOutput()
    let status = PromiseMigrateCommand.run(arguments, output: output)
    return (status, output)
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "promise-migrate-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ text: String, to name: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The facts of one snippet of Swift.
func facts(_ source: String, path: String = "Snippet.swift") -> FileFacts {
    // (A snippet too deep to walk fails the test that wrote it.)
    try! FileFacts.parse(source, path: path, isMainFile: path.hasSuffix("main.swift")).get()
}

/// A codebase of snippets, by file name.
func codebase(_ files: [String: String]) -> Codebase {
    Codebase(files: files.sorted { $0.key < $1.key }.map { facts($0.value, path: $0.key) })
}

extension Codebase {
    /// The first function with this full name (`fetchUser(id:completion:)`), optionally in a type.
    func key(_ fullName: String, in type: String? = nil) -> FunctionKey? {
        let name = String(fullName.prefix { $0 != "(" })
        return functions(named: name).first {
            function($0).fullName == fullName && (type == nil || function($0).context.typePath == type)
        }
    }
}

/// `convert --functions --write` of `code`, written as Service.swift beside the `context` files (name to
/// text): the command's standard error and Service.swift's new text.
func convertFunctions(_ code: String, beside context: [String: String] = [:]) throws -> (stderr: String, text: String) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (name, text) in context { try folder.write(text, to: name) }
    try folder.write(code, to: "Service.swift")
    let path = folder.path + "/Service.swift"
    let run = runCommand(["convert", "--functions", path, "--context", folder.path, "--write"])
    return (run.output.stderr, try String(contentsOfFile: path, encoding: .utf8))
}
