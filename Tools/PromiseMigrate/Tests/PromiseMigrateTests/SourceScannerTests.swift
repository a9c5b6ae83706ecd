import Foundation
import PromiseMigrateKit
import Testing

@Suite struct SourceScannerTests {
    /// A folder with one good file and every kind of bad one; the report must list each bad one and
    /// still count the good one.
    @Test func everyBadFileGetsADiagnosticAndTheRunGoesOn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("func fine(completion: @escaping (Int) -> Void) {}\n", to: "App/Good.swift")
        try folder.write("func broken( {\n  let = \n", to: "App/Broken.swift")
        try Data([0x66, 0x75, 0x6E, 0x63, 0x00, 0x01, 0x02]).write(
            to: URL(fileURLWithPath: folder.path + "/App/Binary.swift"))
        try Data([0x2F, 0x2F, 0x20, 0xC3, 0x28]).write(to: URL(fileURLWithPath: folder.path + "/App/Latin.swift"))
        let manager = FileManager.default
        // A link back to its own folder (a loop), a link to itself, and a link to nothing.
        try manager.createSymbolicLink(atPath: folder.path + "/App/Loop", withDestinationPath: folder.path + "/App")
        try manager.createSymbolicLink(atPath: folder.path + "/App/Self.swift", withDestinationPath: "Self.swift")
        try manager.createSymbolicLink(atPath: folder.path + "/App/Gone.swift", withDestinationPath: "Missing.swift")
        // Unreadable: permissions stop everyone but root; /proc/self/mem fails to read even for root.
        try folder.write("func secret() {}\n", to: "App/Secret.swift")
        chmod(folder.path + "/App/Secret.swift", 0)
        defer { chmod(folder.path + "/App/Secret.swift", 0o644) }
        let canFailReads = FileManager.default.fileExists(atPath: "/proc/self/mem")
        if canFailReads {
            try manager.createSymbolicLink(
                atPath: folder.path + "/App/Memory.swift", withDestinationPath: "/proc/self/mem")
        }
        mkfifo(folder.path + "/App/Pipe.swift", 0o644)

        let analysis = CodebaseAnalyzer().analyze([folder.path + "/App", folder.path + "/Nowhere"])
        let report = ReportBuilder.build(analysis)
        func kind(of name: String) -> FileDiagnostic.Kind? {
            report.diagnostics.first { $0.path.hasSuffix("/App/\(name)") || $0.path.hasSuffix("/\(name)") }?.kind
        }
        #expect(kind(of: "Broken.swift") == .syntaxErrors)
        #expect(kind(of: "Binary.swift") == .binary)
        #expect(kind(of: "Latin.swift") == .notUTF8)
        #expect(kind(of: "Loop") == .symlinkLoop)
        #expect(kind(of: "Self.swift") == .symlinkLoop)
        #expect(kind(of: "Gone.swift") == .brokenSymlink)
        #expect(kind(of: "Pipe.swift") == .notRegularFile)
        #expect(kind(of: "Nowhere") == .missingPath)
        if getuid() != 0 { #expect(kind(of: "Secret.swift") == .unreadable) }
        if canFailReads { #expect(kind(of: "Memory.swift") == .unreadable) }
        // The good file and the one that parsed with errors are both in the report.
        #expect(report.files.map { ($0.path as NSString).lastPathComponent }.contains("Good.swift"))
        #expect(report.files.contains { $0.path.hasSuffix("Broken.swift") })
        #expect(report.summary.counts.callbackAPIs["value"] == 1)
        // The command still succeeds, and says so in each format.
        let run = runCommand(["report", folder.path + "/App"])
        #expect(run.status == 0)
        #expect(run.output.stdout.contains("Diagnostics ("))
        #expect(run.output.stdout.contains("binary file"))
    }

    /// A maze of links (each level's two links to the next) reaches the deepest folder by 2^24 paths:
    /// each folder is walked once, and its file counted once.
    @Test(.timeLimit(.minutes(1))) func aFolderReachedByManyLinksIsWalkedOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let levels = 24
        for level in 0..<levels {
            try folder.write("func level\(level)() {}\n", to: "L\(level)/F\(level).swift")
        }
        for level in 0..<(levels - 1) {
            for link in ["a", "b"] {
                try FileManager.default.createSymbolicLink(
                    atPath: folder.path + "/L\(level)/\(link)", withDestinationPath: folder.path + "/L\(level + 1)")
            }
        }
        let scan = SourceScanner().scan([folder.path + "/L0"])
        #expect(scan.files.count == levels)
        #expect(scan.diagnostics.isEmpty)
    }

    /// `[[[…1]]]` and `[([(…1)])]` take the parser exponential time in the number of brackets opened in a
    /// row: past 16 the file is skipped with a diagnostic, at once.
    @Test(.timeLimit(.minutes(1))) func bracketsOpenedTooDeepInARowSkipTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func nested(_ name: String, _ open: String, _ close: String, _ depth: Int) -> String {
            "let \(name) = " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                + "\n"
        }
        try folder.write(nested("x", "[(", ")]", 40), to: "Deep.swift")
        try folder.write(nested("x", "[", "]", 12) + nested("y", "(", ")", 10), to: "Fine.swift")
        let analysis = CodebaseAnalyzer().analyze([folder.path])
        #expect(analysis.diagnostics.map(\.kind) == [.nestedTooDeep])
        #expect(analysis.diagnostics.first?.path.hasSuffix("Deep.swift") == true)
        #expect(analysis.files.map { ($0.path as NSString).lastPathComponent } == ["Fine.swift"])
    }

    /// A chain of calls parses into a tree as deep as the chain is long, which swift-syntax walks by recursion:
    /// 50,000 calls overflowed the stack. Past `SyntaxDepth.limit` levels the file is skipped with a
    /// diagnostic; a chain of 450 calls (900 levels) is read, its calls on their line.
    @Test(.timeLimit(.minutes(1))) func aChainTooDeepToWalkSkipsTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func chain(_ name: String, _ calls: Int) -> String {
            "func \(name)(x: [Int]) -> [Int] {\n    return x" + String(repeating: ".map { $0 }", count: calls) + "\n}\n"
        }
        try folder.write(chain("deep", 50_000), to: "Deep.swift")
        try folder.write("\n" + chain("long", 450), to: "Long.swift")
        let analysis = CodebaseAnalyzer().analyze([folder.path])
        #expect(analysis.diagnostics.map(\.kind) == [.nestedTooDeep])
        #expect(analysis.diagnostics.first?.path.hasSuffix("Deep.swift") == true)
        #expect(analysis.files.map { ($0.path as NSString).lastPathComponent } == ["Long.swift"])
        let calls = analysis.codebase.files.first?.calls ?? []
        #expect(calls.count == 450)
        #expect(calls.allSatisfy { $0.line == 3 })
    }

    @Test func hiddenAndDependencyFoldersAreSkipped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("func a() {}\n", to: "Sources/A.swift")
        try folder.write("func b() {}\n", to: ".build/checkouts/B.swift")
        try folder.write("func c() {}\n", to: "Pods/C/C.swift")
        try folder.write("func d() {}\n", to: "Vendor/D.swift")
        let scanner = SourceScanner(excludedFolders: SourceScanner.defaultExcludedFolders.union(["Vendor"]))
        let found = scanner.scan([folder.path]).files.map { ($0.path as NSString).lastPathComponent }
        #expect(found == ["A.swift"])
    }

    @Test func pathsAreReportedAsGivenAndModulesAreFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("func a() {}\n", to: "Kit/A.swift")
        try folder.write("func b() {}\n", to: "Kit/Sub/B.swift")
        let files = SourceScanner().scan([folder.path + "/Kit/"]).files
        #expect(files.map(\.path) == [folder.path + "/Kit/A.swift", folder.path + "/Kit/Sub/B.swift"])
        #expect(files.map(\.module) == [folder.path + "/Kit", folder.path + "/Kit/Sub"])
    }
}
