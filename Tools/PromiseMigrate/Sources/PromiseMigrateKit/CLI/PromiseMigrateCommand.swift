import Foundation

/// Where a command's text goes: standard output and standard error, or buffers in tests.
public protocol CommandOutput: AnyObject {
    /// Writes to standard output.
    func out(_ text: String)
    /// Writes to standard error.
    func err(_ text: String)
}

/// The process's standard output and error.
public final class StandardOutput: CommandOutput {
    /// The process's streams.
    public init() {}

    /// Writes to the process's standard output.
    public func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    /// Writes to the process's standard error.
    public func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// The `promise-migrate` command: parses arguments, runs `report` or `wrap`, returns the exit status.
public enum PromiseMigrateCommand {
    /// The tool's version.
    public static let version = "1.0.0"

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], output: some CommandOutput = StandardOutput()) -> Int32 {
        let command: ParsedCommand
        do {
            command = try ParsedCommand.parse(arguments)
        } catch {
            output.err("error: \(error.message)\n\n\(ParsedCommand.usage)")
            return 64
        }
        switch command {
        case .help:
            output.out(ParsedCommand.usage)
            return 0
        case .version:
            output.out("promise-migrate \(version)\n")
            return 0
        case .report(let options):
            return report(options, output: output)
        case .wrap(let options):
            return WrapCommand(options: options, output: output).run()
        case .convert(let options) where options.functions:
            return FunctionConvertCommand(options: options, output: output).run()
        case .convert(let options):
            return ConvertCommand(options: options, output: output).run()
        case .promiseKit(let options):
            return PromiseKitCommand(options: options, output: output).run()
        }
    }

    private static func report(_ options: ReportOptions, output: some CommandOutput) -> Int32 {
        let scanner = SourceScanner(
            excludedFolders: SourceScanner.defaultExcludedFolders.union(options.excluded),
            moduleDepth: options.moduleDepth)
        var analysis = CodebaseAnalyzer(scanner: scanner).analyze(options.paths)
        guard analysis.applyIndexStore(options.indexStore, output: output) else { return 1 }
        let report = ReportBuilder.build(analysis)
        if options.json {
            do {
                output.out(try JSONRenderer.render(report))
            } catch {
                output.err("error: cannot encode the report: \(error)\n")
                return 1
            }
        } else {
            output.out(TableRenderer.render(report, elapsedSeconds: analysis.elapsedSeconds))
        }
        if let htmlPath = options.htmlPath {
            do {
                try HTMLRenderer.render(report, sourceURL: options.sourceURL, byOwner: options.byOwner)
                    .write(toFile: htmlPath, atomically: true, encoding: .utf8)
                output.err("wrote \(htmlPath)\n")
            } catch {
                output.err("error: cannot write \(htmlPath): \(error.localizedDescription)\n")
                return 1
            }
        }
        return 0
    }
}
