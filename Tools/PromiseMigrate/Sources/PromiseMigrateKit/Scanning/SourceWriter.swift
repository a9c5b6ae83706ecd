import Foundation

/// Writes a converted source file back.
enum SourceWriter {
    /// Writes `text` over the file at `path`, with the byte-order mark the file had. In place, not by
    /// replacing the file: a symbolic link stays a link (its target is written), a hard link stays shared,
    /// the file keeps its mode and owner, and a file you may not write is an error, not replaced.
    static func write(_ text: String, toFileAt path: String) throws {
        let bytes = Array((ByteOrderMark.of(path) + text).utf8)
        let descriptor = open(path, O_WRONLY | O_TRUNC)  // the file exists: it was just read
        guard descriptor >= 0 else { throw WriteError(code: errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteError(code: errno)
            }
            written += count
        }
    }

    /// The diff of what `write(_:toFileAt:)` would write over `old`, the byte-order mark included.
    static func diff(from old: String, to new: String, ofFileAt path: String) -> String {
        let mark = ByteOrderMark.of(path)
        return LineDiff.unified(path: path, old: mark + old, new: mark + new)
    }

    /// A command's exit status once its writes are done: 1 if any file could not be written, after a line
    /// saying so (the summary above counted their changes as made).
    static func status(unwritten: Int, reportingTo output: some CommandOutput) -> Int32 {
        guard unwritten > 0 else { return 0 }
        output.err("error: \(unwritten) file(s) not written: the changes counted above for them were not made\n")
        return 1
    }

    struct WriteError: LocalizedError {
        var code: Int32
        var errorDescription: String? { String(cString: strerror(code)) }
    }
}
