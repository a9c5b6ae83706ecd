/// One replacement in a source file, by UTF-8 offsets: `text` replaces `start..<end` (an insertion
/// when they are equal).
struct TextEdit: Hashable, Sendable {
    var start: Int
    var end: Int
    var text: String

    /// Applies `edits` to `source`. Edits must not overlap; two insertions at one offset keep their order.
    static func apply(_ edits: [TextEdit], to source: String) -> String {
        var bytes = Array(source.utf8)
        // An edit inside a range another edit replaces is dropped: the outer one was written from
        // the original text (an argument list rebuilt around a nested rewrite).
        let replacements = edits.filter { $0.end > $0.start }
        let edits = edits.filter { edit in
            !replacements.contains { outer in
                if edit.start == edit.end { return outer.start < edit.start && edit.start < outer.end }
                return outer.start <= edit.start && edit.end <= outer.end && (outer.start, outer.end) != (edit.start, edit.end)
            }
        }
        let ordered = edits.enumerated().sorted {
            ($0.element.start, $0.element.end, $0.offset) > ($1.element.start, $1.element.end, $1.offset)
        }
        for (_, edit) in ordered {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
