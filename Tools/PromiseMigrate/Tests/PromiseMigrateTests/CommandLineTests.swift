import PromiseMigrateKit
import Testing

@Suite struct CommandLineTests {
    @Test func parsesBothCommands() throws {
        var report = ReportOptions()
        report.paths = ["A", "B"]
        report.json = true
        report.htmlPath = "r.html"
        report.excluded = ["Vendor"]
        #expect(
            try ParsedCommand.parse(["report", "A", "B", "--json", "--html", "r.html", "--exclude", "Vendor"])
                == .report(report))
        var wrap = WrapOptions()
        wrap.file = "F.swift"
        wrap.types = ["T"]
        wrap.write = true
        wrap.output = "O.swift"
        #expect(
            try ParsedCommand.parse(["wrap", "F.swift", "--type", "T", "--write", "--output", "O.swift"]) == .wrap(wrap)
        )
        #expect(try ParsedCommand.parse([]) == .help)
    }

    @Test func usageErrorsExitWith64() {
        for arguments in [
            ["report"], ["wrap"], ["wrap", "a.swift", "b.swift"], ["report", "--html"], ["frob"],
            ["report", "x", "--nope"],
        ] {
            let run = runCommand(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.output.stderr.hasPrefix("error: "))
        }
    }

    /// A mistyped path is an error, not a silent run that converts nothing.
    @Test func convertRefusesAPathThatIsNotThere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.path + "/Sourcse"
        for arguments in [
            ["convert", missing], ["convert", "--functions", missing], ["convert", folder.path, "--context", missing],
        ] {
            let run = runCommand(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.output.stderr == "error: \(missing): no such file or folder\n", "\(arguments)")
        }
        #expect(runCommand(["convert", "--functions", folder.path]).status == 0)
    }

    /// A file `convert` cannot read or walk is named, not silently left unconverted; a context file is not.
    @Test func convertWarnsAboutTheFilesItSkips() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("let a = 1\u{0}\n", to: "Sources/Binary.swift")
        try folder.write("func b() {}\n", to: "Sources/Fine.swift")
        try folder.write("let c = 1\u{0}\n", to: "Context/Binary.swift")
        let sources = folder.path + "/Sources"
        for arguments in [
            ["convert", sources, "--context", folder.path + "/Context"],
            ["convert", "--functions", sources, "--context", folder.path + "/Context"],
        ] {
            let run = runCommand(arguments)
            #expect(run.status == 0, "\(arguments)")
            let warnings = run.output.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
            #expect(warnings == ["warning: \(sources)/Binary.swift: binary file (NUL bytes); skipped"], "\(arguments)")
        }
    }

    @Test func helpAndVersion() {
        #expect(runCommand(["--help"]).output.stdout.contains("promise-migrate report PATH..."))
        #expect(runCommand(["--version"]).output.stdout.hasPrefix("promise-migrate "))
    }
}
