import Foundation

/// One identity per file on disk, to compare paths given different ways (relative, through symbolic
/// links, as a compiler's index names them).
enum CanonicalPath {
    /// `path` absolute, with `..` and symbolic links resolved; for a file that does not exist yet, its
    /// folder's resolved path and its name.
    static func of(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if FileManager.default.fileExists(atPath: url.path) { return url.resolvingSymlinksInPath().path }
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent)
            .path
    }
}
