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
    /// without and with one, mixed (CRLF above the last three lines), with lone CRs (which git does not
    /// count as line ends), and with a byte-order mark.
    static func layouts(_ code: String) -> [String] {
        let crlf = code.replacingOccurrences(of: "\n", with: "\r\n")
        var lines = code.components(separatedBy: "\n")
        let tail = lines.suffix(3).joined(separator: "\n")
        lines.removeLast(3)
        let mixed = lines.joined(separator: "\r\n") + "\r\n" + tail + "\n"
        let cr = code.replacingOccurrences(of: "\n", with: "\r")
        let strayCR = lines.joined(separator: "\n") + "\r" + tail + "\n"
        return [code, code + "\n", crlf, crlf + "\r\n", mixed, cr + "\r", strayCR, "\u{FEFF}" + code + "\n"]
    }

    /// Runs `arguments` (with `{file}` standing for the file) on `text` printed and with `--write`, then
    /// applies the printed diff with `git apply` to a copy of the original.
    /// The texts are compared as bytes: `String`'s `==` would find `é` and `e` with a combining accent
    /// equal, and Foundation's decoding drops a byte-order mark.
    private func printedAndWritten(
        _ text: String, command arguments: [String], beside context: [String: String], name: String = "File.swift"
    ) throws -> (printed: String, applied: Data, written: Data, gitStatus: Int32, gitError: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, code) in context { try folder.write(code, to: name) }
        try folder.write(text, to: name)
        try folder.write(text, to: "copy/" + name)
        let path = folder.path + "/" + name
        let argv = arguments.map { $0 == "{file}" ? path : $0 }.map { $0 == "{folder}" ? folder.path : $0 }
        let printed = runCommand(argv).output.stdout
        #expect(runCommand(argv + ["--write"]).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        // The diff names a file outside the current folder by its path without the leading `/`, as git
        // does; `git apply` in the copy wants it relative to the copy.
        // (The folder as `realpath` gives it: the diff names the file the path leads to.)
        let shown =
            realpath(folder.path, nil).map { real in
                defer { free(real) }
                return String(cString: real)
            } ?? folder.path
        try folder.write(printed.replacingOccurrences(of: shown.dropFirst() + "/", with: ""), to: "change.diff")
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "apply", "--whitespace=nowarn", "../change.diff"]
        git.currentDirectoryURL = URL(fileURLWithPath: folder.path + "/copy")
        let errors = Pipe()
        git.standardError = errors
        try git.run()
        git.waitUntilExit()
        let gitError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let applied = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/copy/" + name))
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
            #expect(run.written != Data(text.utf8), "nothing converted: \(arguments)")
            #expect(run.written.starts(with: [0xEF, 0xBB, 0xBF]) == text.hasPrefix("\u{FEFF}"), "the byte-order mark")
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

    /// Two lines that differ only in Unicode normalization (`é` as one scalar, and `e` with a combining
    /// accent) are different lines: the conversion's new lines between them must not pair the one with the
    /// other, or the printed context would have bytes the written file does not.
    @Test func linesEqualOnlyUnderNormalizationAreDifferentLines() throws {
        let composed = "    /// Caf\u{E9} count, doubled.\n"
        let decomposed = "    /// Cafe\u{301} count, doubled.\n"
        let code = Self.service.replacingOccurrences(
            of: "    func twice", with: composed.dropLast() + "\n    func twice"
        )
        .replacingOccurrences(of: "\n}", with: "\n\n" + decomposed + "    func other() {}\n}")
        let run = try printedAndWritten(
            code, command: ["convert", "--functions", "{file}", "--context", "{folder}"],
            beside: ["Pinger.swift": Self.pinger])
        #expect(run.gitStatus == 0, "git apply: \(run.gitError)\n\(run.printed)")
        #expect(run.applied == run.written, "\(run.printed)")
        #expect(
            run.written.range(of: Data(decomposed.utf8)) != nil && run.written.range(of: Data(composed.utf8)) != nil)
    }

    /// A path outside the current folder loses its leading `/` (`a//tmp/…` was no path `patch` takes), and
    /// one with a tab or a quote is quoted with C escapes, as git writes it.
    @Test func theHeaderNamesTheFileAsGitDoes() throws {
        let name = "My \"File\"\t1.swift"
        let run = try printedAndWritten(
            Self.caller, command: ["convert", "{file}", "--context", "{folder}"], beside: ["Pinger.swift": Self.pinger],
            name: name)
        #expect(run.printed.hasPrefix("--- \"a/") && !run.printed.contains("a//"), "\(run.printed)")
        #expect(run.printed.contains("/My \\\"File\\\"\\t1.swift\"\n+++ \"b/"), "\(run.printed)")
        #expect(run.gitStatus == 0, "git apply: \(run.gitError)\n\(run.printed)")
        #expect(run.applied == run.written)
    }

    /// A byte-order mark before a declaration the conversion replaces stays, and so does the declaration's
    /// indentation: the mark is no part of the first line's code.
    @Test func aByteOrderMarkBeforeAConvertedDeclarationStays() throws {
        let function = """
            func twice(_ pinger: Pinger, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                pinger.count { result in completion(result.map { $0 * 2 }) }
            }

            """
        for indent in ["", "    "] {
            let code =
                "\u{FEFF}"
                + function.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
            let run = try printedAndWritten(
                code, command: ["convert", "--functions", "{file}", "--context", "{folder}"],
                beside: ["Pinger.swift": Self.pinger])
            #expect(
                run.written.starts(with: Data(("\u{FEFF}" + indent + "@available(*, renamed:").utf8)), "\(run.printed)")
            #expect(run.gitStatus == 0, "git apply: \(run.gitError)\n\(run.printed)")
            #expect(run.applied == run.written, "\(run.printed)")
        }
    }

    /// A name with a space ends with a tab, as git writes it, or `patch` reads it only up to the space; a
    /// path through `..` is resolved, which `git apply` requires.
    @Test func aNameWithASpaceEndsWithATabAndDotsAreResolved() throws {
        let spaced = try printedAndWritten(
            Self.caller, command: ["convert", "{file}", "--context", "{folder}"], beside: ["Pinger.swift": Self.pinger],
            name: "My File.swift")
        #expect(spaced.printed.contains("/My File.swift\t\n+++ b/"), "\(spaced.printed)")
        #expect(spaced.gitStatus == 0, "git apply: \(spaced.gitError)\n\(spaced.printed)")
        #expect(spaced.applied == spaced.written)
        let dotted = try printedAndWritten(
            Self.caller, command: ["convert", "{file}", "--context", "{folder}"], beside: ["Pinger.swift": Self.pinger],
            name: "sub/../File.swift")
        #expect(dotted.printed.hasPrefix("--- a/") && !dotted.printed.contains(".."), "\(dotted.printed)")
        #expect(dotted.gitStatus == 0, "git apply: \(dotted.gitError)\n\(dotted.printed)")
        #expect(dotted.applied == dotted.written)
    }

    /// A name that ends with a space is quoted (`patch` drops the space otherwise).
    @Test func aNameEndingWithASpaceIsQuoted() throws {
        let run = try printedAndWritten(
            Self.caller, command: ["convert", "{file}", "--context", "{folder}"], beside: ["Pinger.swift": Self.pinger],
            name: "File.swift ")
        #expect(run.printed.hasPrefix("--- \"a/") && run.printed.contains("/File.swift \"\n+++ \"b/"), "\(run.printed)")
        #expect(run.gitStatus == 0, "git apply: \(run.gitError)\n\(run.printed)")
        #expect(run.applied == run.written)
    }

    /// Converting a file through a symbolic link writes the file it names and keeps the link; the diff
    /// names that file, which `git apply` and `patch` patch (they refuse a link).
    @Test func aLinkedFileIsWrittenThroughTheLink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        try folder.write(Self.caller, to: "real/File.swift")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/Link.swift", withDestinationPath: "real/File.swift")
        let argv = ["convert", folder.path + "/Link.swift", "--context", folder.path]
        let printed = runCommand(argv).output.stdout
        #expect(printed.contains("/real/File.swift\n+++ b/"), "\(printed)")
        #expect(runCommand(argv + ["--write"]).status == 0)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/Link.swift")
        #expect(link == "real/File.swift")
        #expect(try String(contentsOfFile: folder.path + "/real/File.swift", encoding: .utf8).contains("try await"))
    }

    /// `--write` writes in place: the file keeps its mode, and a hard link to it still shares the new text.
    @Test func writingKeepsTheFilesModeAndLinks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        try folder.write(Self.caller, to: "File.swift")
        let path = folder.path + "/File.swift"
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try FileManager.default.linkItem(atPath: path, toPath: folder.path + "/Other.swift")
        #expect(runCommand(["convert", path, "--context", folder.path, "--write"]).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let other = try String(contentsOfFile: folder.path + "/Other.swift", encoding: .utf8)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(other.contains("try await") && other == written)
    }
}
