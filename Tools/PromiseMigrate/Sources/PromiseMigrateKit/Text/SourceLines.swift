/// A file's lines as the parser counts them, each with its own line ending, so that an edit keeps the
/// endings of the lines it does not touch (a CRLF file stays CRLF, a mixed one stays mixed).
struct SourceLines {
    /// The lines, without their endings; an edit's line may hold several (a closure copied whole).
    private(set) var lines: [String]
    /// The ending after each line but the last (`\n`, `\r\n` or `\r`).
    private(set) var endings: [String]

    init(_ source: String) {
        lines = Self.split(source)
        endings = source.compactMap { character in
            switch character {
            case "\r\n": return "\r\n"
            case "\n": return "\n"
            case "\r": return "\r"
            default: return nil
            }
        }
    }

    /// The lines of `source`: `\r\n` is one `Character`, which a split on `\n` never finds.
    static func split(_ source: String) -> [String] {
        source.split(omittingEmptySubsequences: false) { "\n\r\r\n".contains($0) }.map(String.init)
    }

    /// The text with every ending `\n`: what the rewriting reads (it splits and indents on `\n`).
    var normalized: String { lines.joined(separator: "\n") }

    /// Replaces the 1-based lines `first...last` with `replacement`, whose own lines may hold several. A
    /// line the replacement keeps (a body copied unchanged) keeps its ending; a new line ends as the kept or
    /// replaced line before it did.
    mutating func replace(_ first: Int, through last: Int, with replacement: [String]) {
        let added = replacement.flatMap(Self.split)
        let replaced = Array(lines[(first - 1)..<last])
        let replacedEndings = (first - 1..<last).map { ending(after: $0) }
        var addedEndings: [String] = []
        var current = replacedEndings.first ?? "\n"
        for operation in LineDiff.edits(replaced, added) {
            let index = operation.oldLine
            switch operation.kind {
            case " ":
                current = replacedEndings[index]
                addedEndings.append(current)
            case "+": addedEndings.append(current)
            default: if replacedEndings.indices.contains(index) { current = replacedEndings[index] }
            }
        }
        lines.replaceSubrange((first - 1)..<last, with: added)
        // The last line of the file has no ending of its own.
        if last > endings.count, !addedEndings.isEmpty { addedEndings.removeLast() }
        endings.replaceSubrange((first - 1)..<min(last, endings.count), with: addedEndings)
    }

    /// The ending after 0-based line `index`: the file's own, `\n` after its last line.
    func ending(after index: Int) -> String { endings.indices.contains(index) ? endings[index] : "\n" }

    /// The text, each line with its ending.
    var text: String {
        var out = ""
        for (index, line) in lines.enumerated() {
            out += line
            if index < endings.count { out += endings[index] }
        }
        return out
    }
}
