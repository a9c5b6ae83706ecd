import Foundation

/// A `CODEOWNERS` file (GitHub's or GitLab's): who owns each path. The last matching rule wins, as on
/// both sites; GitLab's `[Section]` headers are read as plain rules' separators.
public struct CodeOwners: Sendable {
    struct Rule: Sendable {
        var pattern: String
        var expression: NSRegularExpression
        var owners: [String]
    }

    /// The folder the rules' paths are relative to (the repository's root).
    public var root: String
    /// Where the file was found.
    public var file: String
    var rules: [Rule]

    /// The places GitHub and GitLab look, relative to the repository's root.
    public static let locations = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS", ".gitlab/CODEOWNERS"]

    /// The `CODEOWNERS` of the repository holding `path`: looked for in `path` and the folders above it,
    /// up to the repository's root (a folder with `.git`).
    public static func find(from path: String) -> CodeOwners? {
        var folder = CanonicalPath.of(path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            folder = PathFolder.of(folder)
        }
        while true {
            for location in locations {
                let candidate = (folder as NSString).appendingPathComponent(location)
                if let text = try? String(contentsOfFile: candidate, encoding: .utf8) {
                    return CodeOwners(text: text, root: folder, file: candidate)
                }
            }
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) {
                return nil
            }
            let parent = PathFolder.of(folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// The rules of `text`, for paths relative to `root`.
    public init(text: String, root: String, file: String = "CODEOWNERS") {
        self.root = root
        self.file = file
        rules = text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("["), !trimmed.hasPrefix("^[")
            else { return nil }
            let words = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
            let owners = words.dropFirst().prefix { !$0.hasPrefix("#") }
            guard let pattern = words.first, let expression = Self.expression(for: pattern) else { return nil }
            return Rule(pattern: pattern, expression: expression, owners: Array(owners))
        }
    }

    /// The owners of `path` (absolute, or relative to the working folder); empty when no rule matches.
    public func owners(of path: String) -> [String] {
        let absolute = CanonicalPath.of(path)
        guard absolute.hasPrefix(root + "/") else { return [] }
        let relative = String(absolute.dropFirst(root.count + 1))
        let range = NSRange(relative.startIndex..., in: relative)
        for rule in rules.reversed() where rule.expression.firstMatch(in: relative, range: range) != nil {
            return rule.owners
        }
        return []
    }

    /// A gitignore-style pattern as a regular expression over a path relative to the root: anchored when
    /// it has a slash before its end, else matched at any depth; a match covers everything below it.
    static func expression(for pattern: String) -> NSRegularExpression? {
        var glob = pattern
        var anchored = glob.hasPrefix("/")
        if anchored { glob.removeFirst() }
        if glob.hasSuffix("/") { glob.removeLast() }
        if glob.contains("/") { anchored = true }
        var regex = ""
        var characters = Array(glob)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*":
                if characters.first == "*" {
                    characters.removeFirst()
                    if characters.first == "/" {
                        characters.removeFirst()
                        regex += "(.*/)?"
                    } else {
                        regex += ".*"
                    }
                } else {
                    regex += "[^/]*"
                }
            case "?": regex += "[^/]"
            default: regex += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        // `docs/*` owns the files in docs, not those in its subfolders (GitHub's rule); any other match
        // owns everything below it.
        let below = glob.hasSuffix("/*") ? "" : "(/.*)?"
        return try? NSRegularExpression(pattern: (anchored ? "^" : "^(.*/)?") + regex + below + "$")
    }
}
