import Foundation
import PromiseMigrateKit
import Testing

/// What each command prints without `--write` is a diff that `git apply` applies as it stands, giving
/// byte for byte what `--write` writes: a file without a final newline, a CRLF file and a mixed one
/// included.
@Suite struct PrintedDiffTests {
    static let pinger = LayoutAndReasonTests.pinger

    static let service = """
        import Foundation
        final class Svc: Sendable {
            let pinger = Pinger()
            func twice(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                pinger.count { result in completion(result.map { $0 * 2 }) }
            }
        }
        """

    /// Async code calling a completion-handler API that has an async variant (`convert`'s calls).
    static let caller = """
        func run(_ pinger: Pinger) async {
            pinger.ping { error in
                if let error {
                    print("failed", error)
                } else {
                    print("pinged")
                }
            }
        }
        """

    static let promiseKitCode = """
        import PromiseKit
        func load() -> Promise<Int> { Promise.value(1) }
        func run() {
            firstly { load() }
                .done { print($0) }
                .cauterize()
        }
        """

    /// The file's text in each layout the tests try: as written (no final newline), with one, in CRLF
    /// without and with one, and mixed (CRLF above the last three lines).
    static func layouts(_ code: String) -> [String] {
        let crlf = code.replacingOccurrences(of: "\n", with: "\r\n")
        var lines = code.components(separatedBy: "\n")
        let tail = lines.suffix(3).joined(separator: "\n")
        lines.removeLast(3)
        let mixed = lines.joined(separator: "\r\n") + "\r\n" + tail + "\n"
        return [code, code + "\n", crlf, crlf + "\r\n", mixed]
    }

    /// Runs `arguments` (with `{file}` standing for the file) on `text` printed and with `--write`, then
    /// applies the printed diff with `git apply` to a copy of the original.
    private func printedAndWritten(
        _ text: String, command arguments: [String], beside context: [String: String]
    ) throws -> (printed: String, applied: String, written: String, gitStatus: Int32, gitError: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, code) in context { try folder.write(code, to: name) }
        try folder.write(text, to: "File.swift")
        try folder.write(text, to: "copy/File.swift")
        let path = folder.path + "/File.swift"
        let argv = arguments.map { $0 == "{file}" ? path : $0 }.map { $0 == "{folder}" ? folder.path : $0 }
        let printed = runCommand(argv).output.stdout
        #expect(runCommand(argv + ["--write"]).status == 0)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        // The diff names the file by the path it was given; `git apply` wants it relative.
        try folder.write(printed.replacingOccurrences(of: folder.path + "/", with: ""), to: "change.diff")
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "apply", "--whitespace=nowarn", "../change.diff"]
        git.currentDirectoryURL = URL(fileURLWithPath: folder.path + "/copy")
        let errors = Pipe()
        git.standardError = errors
        try git.run()
        git.waitUntilExit()
        let gitError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let applied = try String(contentsOfFile: folder.path + "/copy/File.swift", encoding: .utf8)
        return (printed, applied, written, git.terminationStatus, gitError)
    }

    @Test(arguments: [
        ["convert", "--functions", "{file}", "--context", "{folder}"],
        ["convert", "{file}", "--context", "{folder}"],
        ["promisekit", "{file}"],
    ])
    func thePrintedDiffAppliesToWhatWriteWrites(_ arguments: [String]) throws {
        let code =
            arguments.contains("--functions")
            ? Self.service : arguments.contains("promisekit") ? Self.promiseKitCode : Self.caller
        for text in Self.layouts(code) {
            let run = try printedAndWritten(text, command: arguments, beside: ["Pinger.swift": Self.pinger])
            #expect(run.written != text, "nothing converted: \(arguments)")
            #expect(run.gitStatus == 0, "git apply: \(run.gitError)\n\(run.printed)")
            #expect(run.applied == run.written, "\(run.printed)")
            #expect(!run.printed.contains("\n \n@@") && !run.printed.hasSuffix("\n \n"), "a made-up last line")
        }
    }

    /// A file without a final newline gets git's marker on its last line, old and new.
    @Test func aFileWithoutAFinalNewlineGetsTheMarker() throws {
        let run = try printedAndWritten(
            Self.caller, command: ["convert", "{file}", "--context", "{folder}"], beside: ["Pinger.swift": Self.pinger])
        let end = "+        print(\"failed\", error)\n     }\n }\n\\ No newline at end of file\n"
        #expect(run.printed.hasSuffix(end), "\(run.printed)")
        #expect(run.printed.hasPrefix("--- a/"))
        #expect(run.printed.contains("@@ -1,9 +1,8 @@\n"), "\(run.printed)")
    }
}
