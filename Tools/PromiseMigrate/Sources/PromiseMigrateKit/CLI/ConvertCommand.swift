import Foundation

/// `promise-migrate convert`: in async code, rewrites calls of completion-handler APIs that have an
/// async variant into `try await` (see `CallConverter`); prints a diff, or applies it with `--write`.
struct ConvertCommand<Output: CommandOutput> {
    var options: ConvertOptions
    var output: Output

    func run() -> Int32 {
        guard options.pathsExist(reportingTo: output) else { return 1 }
        let roots = options.paths + (options.context.map { [$0] } ?? [])
        var analysis = CodebaseAnalyzer().analyze(roots)
        guard analysis.applyIndexStore(options.indexStore, output: output) else { return 1 }
        let wanted = Set(SourceScanner().scan(options.paths).files.map { CanonicalPath.of($0.path) })
        analysis.warnAboutSkippedFiles(among: wanted, to: output)
        var converted = 0
        var refused = 0
        var unwritten = 0
        for (index, file) in analysis.files.enumerated()
        where wanted.contains(CanonicalPath.of(file.path)) && !analysis.codebase.files[index].isGenerated {
            guard case .success(let text) = SourceReader.read(file) else { continue }
            // Converted with LF (lines are split and indented on `\n`); written back with the file's endings.
            let lines = SourceLines(text)
            let source = lines.normalized
            let (conversions, refusals) = CallConverter(codebase: analysis.codebase, fileIndex: index).convert(source)
            for refusal in refusals {
                output.err("\(file.path):\(refusal.line): not converted: \(refusal.api): \(refusal.reason)\n")
            }
            refused += refusals.count
            guard !conversions.isEmpty else { continue }
            converted += conversions.count
            var edited = lines
            for conversion in conversions.sorted(by: { $0.startLine > $1.startLine }) {
                edited.replace(conversion.startLine, through: conversion.endLine, with: conversion.replacement)
            }
            if options.write {
                do {
                    try SourceWriter.write(edited.text, toFileAt: file.path)
                } catch {
                    output.err("error: cannot write \(file.path): \(error.localizedDescription)\n")
                    unwritten += 1
                }
            } else {
                // The diff of exactly what `--write` would write.
                output.out(SourceWriter.diff(from: text, to: edited.text, ofFileAt: file.path))
            }
        }
        let action = options.write ? "converted" : "convertible (pass --write to apply)"
        output.err("\(converted) call(s) \(action), \(refused) left alone\n")
        return SourceWriter.status(unwritten: unwritten, reportingTo: output)
    }
}
