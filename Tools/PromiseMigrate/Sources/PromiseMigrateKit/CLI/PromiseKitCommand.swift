import Foundation

/// `promise-migrate promisekit`: rewrites PromiseKit code into this library's spellings (see
/// `PromiseKitRewriter`); prints a diff, or applies it with `--write`, and lists what it left.
struct PromiseKitCommand<Output: CommandOutput> {
    var options: PromiseKitOptions
    var output: Output

    func run() -> Int32 {
        let scanner = SourceScanner()
        let wanted = scanner.scan(options.paths).files
        let everything = scanner.scan(options.paths + (options.context.map { [$0] } ?? [])).files
        var sources: [String: String] = [:]
        for file in everything {
            if case .success(let source) = SourceReader.read(file) { sources[file.path] = source }
        }
        let index = PromiseKitIndex(sources: sources.map { (path: $0.key, text: $0.value) })
        var rules: [String: Int] = [:]
        var changedFiles = 0
        var left = 0
        var unwritten = 0
        for file in wanted.sorted(by: { $0.path < $1.path }) {
            guard let source = sources[file.path], PromiseKitRewriter.usesPromiseKit(source) else { continue }
            let queues =
                options.queue.map(StepQueue.init(source:)).map { StepQueues(map: $0, return: $0) }
                ?? index.queues(forFileAt: file.path)
            let result = PromiseKitRewriter.rewrite(source, path: file.path, index: index, queues: queues)
            for note in result.notes {
                output.err("\(file.path):\(note.line): not rewritten: \(note.reason)\n")
            }
            left += result.notes.count
            rules.merge(result.rules, uniquingKeysWith: +)
            guard result.source != source else { continue }
            changedFiles += 1
            if options.write {
                do {
                    try SourceWriter.write(result.source, toFileAt: file.path)
                } catch {
                    output.err("error: cannot write \(file.path): \(error.localizedDescription)\n")
                    unwritten += 1
                }
            } else {
                output.out(SourceWriter.diff(from: source, to: result.source, ofFileAt: file.path))
            }
        }
        let total = rules.values.reduce(0, +)
        let action = options.write ? "made" : "to make (pass --write to apply)"
        output.err("\(total) rewrite(s) \(action) in \(changedFiles) file(s), \(left) place(s) left for you\n")
        for (rule, count) in rules.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            output.err("  \(count)\t\(rule)\n")
        }
        return SourceWriter.status(unwritten: unwritten, reportingTo: output)
    }
}
