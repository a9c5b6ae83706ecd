import Foundation

/// A UTF-8 byte-order mark at a file's start. `SourceReader` leaves it out, so that the converters see the
/// first line as it reads (its indentation, a declaration at its start); what a command writes back or
/// prints as a diff puts it back.
enum ByteOrderMark {
    static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `"\u{FEFF}"` when the file at `path` starts with a byte-order mark, else `""`.
    static func of(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: bytes.count)) ?? Data()
        return Array(head) == bytes ? "\u{FEFF}" : ""
    }
}
