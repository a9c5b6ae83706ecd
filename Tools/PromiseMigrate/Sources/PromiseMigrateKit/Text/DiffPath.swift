import Foundation

/// A file's name in a diff header, as git writes it: relative to the current folder where it lies below it,
/// without a leading `/` otherwise (`a/tmp/x.swift`, which `patch -p1` applies from `/`), never with `..`
/// (which `git apply` refuses), and in quotes with C escapes when it holds a quote, a backslash or a
/// control character (`"a/my\tfile.swift"`).
struct DiffPath {
    var relative: String

    init(_ path: String, currentFolder: String = FileManager.default.currentDirectoryPath) {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentFolder, isDirectory: true))
            .standardizedFileURL.path
        // The folder as the shell names it (`$PWD`, through a symbolic link) or as the system does, and
        // both with every link resolved (on macOS `/tmp` is `/private/tmp`).
        func resolving(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        var folders = [currentFolder]
        if let shell = ProcessInfo.processInfo.environment["PWD"], shell.hasPrefix("/"),
            resolving(shell) == resolving(currentFolder)
        {
            folders.append(shell)
        }
        let candidates = folders.map { (absolute, $0) } + folders.map { (resolving(absolute), resolving($0)) }
        var relative = String(absolute.drop { $0 == "/" })
        for (file, folder) in candidates {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if prefix != "/", file.hasPrefix(prefix), file.count > prefix.count {
                relative = String(file.dropFirst(prefix.count))
                break
            }
        }
        self.relative = relative
    }

    /// The name on one side of the diff: `a/…` for the old file, `b/…` for the new one.
    func written(side: String) -> String {
        let name = "\(side)/\(relative)"
        guard name.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
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
