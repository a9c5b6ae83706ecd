/// Paths as the page shows them: relative to the folder all of them share, breakable after each `/`.
struct PathDisplay {
    /// The shared folder, ending in `/`; empty when there is none.
    let base: String
    /// Where the sources are on the web, for links; nil for none.
    var sourceURL: String?

    init(_ paths: [String]) {
        guard var common = paths.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false) }) else {
            base = ""
            return
        }
        common.removeLast()  // a file name is never the shared folder
        for path in paths.dropFirst() {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        base = common.isEmpty ? "" : common.joined(separator: "/") + "/"
    }

    /// `path` relative to `base`.
    func relative(_ path: String) -> String {
        !base.isEmpty && path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// `path` relative to `base`, escaped, with a line-break opportunity after each `/`.
    func html(_ path: String) -> String {
        HTMLRenderer.escape(relative(path)).replacingOccurrences(of: "/", with: "/<wbr>")
    }

    /// `path:line`, linked to the source when `sourceURL` is set.
    func link(_ path: String, line: Int) -> String {
        let text = "<code>\(html(path)):\(line)</code>"
        guard let sourceURL else { return text }
        let separator = sourceURL.hasSuffix("/") ? "" : "/"
        let href = HTMLRenderer.escape("\(sourceURL)\(separator)\(relative(path))#L\(line)")
        return "<a href=\"\(href)\">\(text)</a>"
    }
}
