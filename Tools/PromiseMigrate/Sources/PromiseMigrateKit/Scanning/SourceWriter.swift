import Foundation

/// Writes a converted source file back.
enum SourceWriter {
    /// Writes `text` to the file at `path`: with the byte-order mark the file had, and through a symbolic
    /// link to the file it names (an atomic write to the link itself would replace the link with a copy).
    static func write(_ text: String, toFileAt path: String) throws {
        let target = DiffPath.resolved(path)
        try (ByteOrderMark.of(path) + text).write(toFile: target, atomically: true, encoding: .utf8)
    }
}
