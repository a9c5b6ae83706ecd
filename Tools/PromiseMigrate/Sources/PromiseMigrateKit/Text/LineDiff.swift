/// A unified diff of two texts, line by line, with three lines of context, that `git apply` and `patch`
/// apply as they stand.
enum LineDiff {
    static func unified(path: String, old: String, new: String) -> String {
        // A line is compared and written with its own ending, so that a changed ending is a change and
        // `patch` applies the diff to a CRLF file too. The last line may have none: it gets git's marker.
        let operations = edits(lines(of: old), lines(of: new))
        guard operations.contains(where: { $0.kind != " " }) else { return "" }
        let name = DiffPath(path)
        var out = "--- \(name.written(side: "a"))\n+++ \(name.written(side: "b"))\n"
        // Group the edits into hunks: runs of changes at most six unchanged lines apart.
        var index = 0
        while index < operations.count {
            guard let firstChange = operations[index...].firstIndex(where: { $0.kind != " " }) else { break }
            var end = firstChange
            var last = firstChange
            while end < operations.count {
                if operations[end].kind != " " {
                    last = end
                } else if end - last > 6 {
                    break
                }
                end += 1
            }
            let start = max(index, firstChange - 3)
            let stop = min(operations.count, last + 4)
            let slice = operations[start..<stop]
            let oldCount = slice.filter { $0.kind != "+" }.count
            let newCount = slice.filter { $0.kind != "-" }.count
            // An empty side is numbered by the line before it (0 at the top of the file).
            let oldStart = (slice.first?.oldLine ?? 0) + (oldCount == 0 ? 0 : 1)
            let newStart = (slice.first?.newLine ?? 0) + (newCount == 0 ? 0 : 1)
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for operation in slice {
                // `hasSuffix("\n")` would miss a CRLF ending: `\r\n` is one `Character`.
                out += "\(operation.kind)\(operation.text)"
                if let byte = operation.text.utf8.last, byte != 10 {
                    out += "\n\\ No newline at end of file\n"
                }
            }
            index = stop
        }
        return out
    }

    struct Operation {
        var kind: Character
        var text: String
        /// 0-based line in the old text before which (or at which) this operation sits.
        var oldLine: Int
        var newLine: Int
    }

    /// The lines as git and `patch` count them: each ends after a `\n` (a `\r` before it, or a lone one, is
    /// part of the line), and the last may have no ending.
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var start = text.utf8.startIndex
        for index in text.utf8.indices where text.utf8[index] == 10 {
            let end = text.utf8.index(after: index)
            lines.append(String(decoding: text.utf8[start..<end], as: UTF8.self))
            start = end
        }
        if start != text.utf8.endIndex { lines.append(String(decoding: text.utf8[start...], as: UTF8.self)) }
        return lines
    }

    /// The shortest edit script, over the lines that differ between the common prefix and suffix. Lines are
    /// compared byte for byte: `String`'s `==` finds `é` and `e` with a combining accent equal.
    static func edits(_ old: [String], _ new: [String]) -> [Operation] {
        let oldBytes = old.map { Array($0.utf8) }
        let newBytes = new.map { Array($0.utf8) }
        var prefix = 0
        while prefix < old.count, prefix < new.count, oldBytes[prefix] == newBytes[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            oldBytes[old.count - 1 - suffix] == newBytes[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        var operations = (0..<prefix).map { Operation(kind: " ", text: old[$0], oldLine: $0, newLine: $0) }
        var i = 0
        var j = 0
        // Myers' difference, O((n + m) · d): a long file with changes far apart stays a few small hunks.
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in newBytes[prefix..<(new.count - suffix)].difference(from: oldBytes[prefix..<(old.count - suffix)])
        {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        while i < a.count, j < b.count {
            if removed.contains(i) {
                operations.append(Operation(kind: "-", text: a[i], oldLine: prefix + i, newLine: prefix + j))
                i += 1
            } else if inserted.contains(j) {
                operations.append(Operation(kind: "+", text: b[j], oldLine: prefix + i, newLine: prefix + j))
                j += 1
            } else {
                operations.append(Operation(kind: " ", text: a[i], oldLine: prefix + i, newLine: prefix + j))
                i += 1
                j += 1
            }
        }
        while i < a.count {
            operations.append(Operation(kind: "-", text: a[i], oldLine: prefix + i, newLine: prefix + j))
            i += 1
        }
        while j < b.count {
            operations.append(Operation(kind: "+", text: b[j], oldLine: prefix + i, newLine: prefix + j))
            j += 1
        }
        let oldEnd = old.count - suffix
        let newEnd = new.count - suffix
        operations += (0..<suffix).map {
            Operation(kind: " ", text: old[oldEnd + $0], oldLine: oldEnd + $0, newLine: newEnd + $0)
        }
        return operations
    }
}
