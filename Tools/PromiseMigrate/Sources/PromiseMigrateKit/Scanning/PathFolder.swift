/// The folder of a path, as `NSString.deletingLastPathComponent` gives it ("a/b" → "a", "/a" → "/", "b" → ""),
/// without Linux Foundation's, which traps on a path of one character ("S", walking up from "S/A.swift").
enum PathFolder {
    static func of(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var folder = path[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
