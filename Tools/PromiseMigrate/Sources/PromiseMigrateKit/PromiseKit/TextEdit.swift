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

    /// A unified diff of two versions of a file, with one line of context around each change.
    static func unifiedDiff(path: String, old: String, new: String) -> String {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = newLines.difference(from: oldLines)
        guard !difference.isEmpty else { return "" }
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both files together, grouping changes (with one context line) into hunks.
        var rows: [(kind: Character, text: String, old: Int, new: Int)] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < oldLines.count || newIndex < newLines.count {
            if oldIndex < oldLines.count, removed.contains(oldIndex) {
                rows.append(("-", oldLines[oldIndex], oldIndex, newIndex))
                oldIndex += 1
            } else if newIndex < newLines.count, inserted.contains(newIndex) {
                rows.append(("+", newLines[newIndex], oldIndex, newIndex))
                newIndex += 1
            } else {
                rows.append((" ", oldIndex < oldLines.count ? oldLines[oldIndex] : "", oldIndex, newIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < rows.count {
            guard rows[index].kind != " " else {
                index += 1
                continue
            }
            let first = max(0, index - 1)
            var last = index
            while last + 1 < rows.count, rows[last + 1].kind != " " || (last + 2 < rows.count && rows[last + 2].kind != " ") {
                last += 1
            }
            last = min(rows.count - 1, last + 1)
            let hunk = rows[first...last]
            let oldCount = hunk.filter { $0.kind != "+" }.count
            let newCount = hunk.filter { $0.kind != "-" }.count
            out += "@@ -\(hunk.first!.old + 1),\(oldCount) +\(hunk.first!.new + 1),\(newCount) @@\n"
            for row in hunk { out += "\(row.kind)\(row.text)\n" }
            index = last + 1
        }
        return out
    }
}
