import Foundation

/// `promise-migrate convert --functions`: gives completion-handler functions async versions, leaf first,
/// in rounds (see `ConversionRounds`); prints a diff and a summary per round, or applies it with `--write`.
struct FunctionConvertCommand<Output: CommandOutput> {
    var options: ConvertOptions
    var output: Output

    func run() -> Int32 {
        guard options.pathsExist(reportingTo: output) else { return 1 }
        let roots = options.paths + (options.context.map { [$0] } ?? [])
        let wanted = Set(SourceScanner().scan(options.paths).files.map { CanonicalPath.of($0.path) })
        var planner = ConversionRounds(roots: roots, wanted: wanted)
        let store = options.indexStore
        let output = self.output
        var warned = false
        planner.prepare = { analysis in
            if !warned { analysis.warnAboutSkippedFiles(among: wanted, to: output) }  // once, not each round
            warned = true
            return analysis.applyIndexStore(store, output: output)
        }
        // An index store describes the code as built: after one round it is stale until the next build.
        let limit = store == nil ? (options.rounds ?? 100) : 1
        guard let result = planner.run(limit: limit) else { return 1 }
        var refusedByKind: [String: Int] = [:]
        var total = 0
        for round in result.rounds {
            output.err(
                "round \(round.number): \(round.converted.count) converted, \(round.refused.count) refused, "
                    + "\(round.waiting) waiting for their callees\n")
            for (path, conversion) in round.converted {
                output.err(
                    "  \(path):\(conversion.startLine): \(conversion.function) -> \(conversion.asyncName) async\n")
            }
            for (path, refusal) in round.refused {
                output.err("\(path):\(refusal.line): not converted: \(refusal.function): \(refusal.reason)\n")
                refusedByKind[refusal.kind, default: 0] += 1
            }
            total += round.converted.count
        }
        let refusedTotal = refusedByKind.values.reduce(0, +)
        let kinds = refusedByKind.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let action = options.write ? "converted" : "convertible (pass --write to apply)"
        let alreadyAsync = result.alreadyAsync  // a codebase's progress, wrap facades included
        output.err(
            "\(total) function(s) \(action) in \(result.rounds.count) round(s), \(refusedTotal) refused"
                + (kinds.isEmpty ? "" : " (\(kinds))")
                + (alreadyAsync == 0 ? "" : "; \(alreadyAsync) had an async version already") + "\n")
        if store != nil, total > 0 {
            output.err("note: with --index-store, one round per run: build again for a fresh store, then run again\n")
        }
        var unwritten = 0
        for (path, text) in result.final.sorted(by: { $0.key < $1.key }) {
            if options.write {
                do {
                    try SourceWriter.write(text, toFileAt: path)
                } catch {
                    output.err("error: cannot write \(path): \(error.localizedDescription)\n")
                    unwritten += 1
                }
            } else if let original = result.original[path] {
                output.out(SourceWriter.diff(from: original, to: text, ofFileAt: path))
            }
        }
        return SourceWriter.status(unwritten: unwritten, reportingTo: output)
    }
}
