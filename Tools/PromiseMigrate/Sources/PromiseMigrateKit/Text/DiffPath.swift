import Foundation

/// A file's name in a diff header, as git writes it: the file the path leads to (through `..` and symbolic
/// links, as `--write` writes it; `git apply` and `patch` refuse a link), relative to the current folder
/// where it lies below it, without a leading `/` otherwise (`a/tmp/x.swift`, which `patch -p1` applies
/// from `/`); in quotes with C escapes when it holds a quote, a backslash or a control character, or ends
/// with a space (`"a/my\tfile.swift"`).
struct DiffPath {
    var relative: String

    init(_ path: String, currentFolder: String = FileManager.default.currentDirectoryPath) {
        let file = Self.resolved(path)
        let folder = Self.resolved(currentFolder)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        // Compared as bytes: `String`'s `hasPrefix` finds `é` and `e` with a combining accent equal.
        if prefix != "/", file.utf8.count > prefix.utf8.count, file.utf8.starts(with: prefix.utf8) {
            relative = String(decoding: file.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        } else {
            relative = String(file.drop { $0 == "/" })
        }
    }

    /// The absolute path with every link and `..` resolved on disk (`realpath`); lexically where that fails
    /// or gives a name that is not UTF-8 (which a `String` would change).
    private static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            let bytes = UnsafeRawBufferPointer(start: real, count: strlen(real))
            if let text = String(bytes: bytes, encoding: .utf8) { return text }
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The name on one side of the diff: `a/…` for the old file, `b/…` for the new one.
    func written(side: String) -> String {
        let name = "\(side)/\(relative)"
        guard
            name.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
                || name.hasSuffix(" ")
        else {
            // A tab ends a name with a space in it: `patch` reads the name up to the first space otherwise.
            return name.contains(" ") ? name + "\t" : name
        }
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
