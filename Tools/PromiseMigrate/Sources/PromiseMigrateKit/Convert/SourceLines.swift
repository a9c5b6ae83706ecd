/// A file's lines as the parser counts them, and the file put back together with its own line endings.
enum SourceLines {
    /// The lines of `source`: `\r\n` is one `Character`, which a split on `\n` never finds.
    static func split(_ source: String) -> [String] {
        source.split(omittingEmptySubsequences: false) { "\n\r\r\n".contains($0) }.map(String.init)
    }

    /// `lines` joined with `source`'s line ending. A replacement line may hold several lines (a closure
    /// copied whole): each of its line breaks gets that ending too, so a CRLF file stays CRLF throughout.
    static func join(_ lines: [String], like source: String) -> String {
        guard source.contains("\r\n") else { return lines.joined(separator: "\n") }
        return lines.map { line in
            line.contains("\n") ? split(line).joined(separator: "\r\n") : line
        }.joined(separator: "\r\n")
    }
}
