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

    @Test func helpAndVersion() {
        #expect(runCommand(["--help"]).output.stdout.contains("promise-migrate report PATH..."))
        #expect(runCommand(["--version"]).output.stdout.hasPrefix("promise-migrate "))
    }
}
