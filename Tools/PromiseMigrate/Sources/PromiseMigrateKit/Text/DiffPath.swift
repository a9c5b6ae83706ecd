import Foundation

/// A file's name in a diff header, as git writes it: relative to the current folder where it lies below it,
/// without a leading `/` otherwise (`a/tmp/x.swift`, which `patch -p1` applies from `/`), and in quotes with
/// C escapes when it holds a quote, a backslash or a control character (`"a/my\tfile.swift"`).
struct DiffPath {
    var relative: String

    init(_ path: String, currentFolder: String = FileManager.default.currentDirectoryPath) {
        var relative = path
        let folder = currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/"
        if path.hasPrefix("/"), folder != "/", path.hasPrefix(folder) {
            relative = String(path.dropFirst(folder.count))
        }
        while relative.hasPrefix("./") { relative.removeFirst(2) }
        while relative.hasPrefix("/") { relative.removeFirst() }
        self.relative = relative
    }

    /// The name on one side of the diff: `a/…` for the old file, `b/…` for the new one.
    func written(side: String) -> String {
        let name = "\(side)/\(relative)"
        guard name.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
        else { return name }
        var quoted = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\t": quoted += "\\t"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\" + String(scalar.value, radix: 8).leftPadded(to: 3)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
