import Foundation

/// Reads a source file's text, refusing what is not Swift source.
enum SourceReader {
    /// The file's text, or the diagnostic that explains why there is none.
    static func read(_ file: SourceFileRef) -> Result<String, FileDiagnostic> {
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK)  // non-blocking: a FIFO must not hang the run
        guard descriptor >= 0 else { return .failure(unreadable(file, errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                return .failure(
                    FileDiagnostic(path: file.path, kind: .notRegularFile, message: "not a regular file; not read"))
            }
            bytes.reserveCapacity(Int(info.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(unreadable(file, errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.contains(0) {
            return .failure(FileDiagnostic(path: file.path, kind: .binary, message: "binary file (NUL bytes); skipped"))
        }
        guard String(bytes: bytes, encoding: .utf8) != nil else {  // (`String(validating:)` needs macOS 15)
            return .failure(FileDiagnostic(path: file.path, kind: .notUTF8, message: "not UTF-8 text; skipped"))
        }
        // Without a byte-order mark (see `ByteOrderMark`).
        let text = String(decoding: bytes.dropFirst(bytes.starts(with: ByteOrderMark.bytes) ? 3 : 0), as: UTF8.self)
        let depth = BracketDepth.deepest(in: bytes)
        if depth > BracketDepth.limit {
            return .failure(
                FileDiagnostic(
                    path: file.path, kind: .nestedTooDeep,
                    message: "\(depth) square brackets open in a row (more than \(BracketDepth.limit)); skipped: "
                        + "parsing them would take exponential time"))
        }
        return .success(text)
    }

    private static func unreadable(_ file: SourceFileRef, _ error: Int32) -> FileDiagnostic {
        FileDiagnostic(path: file.path, kind: .unreadable, message: "cannot read: \(String(cString: strerror(error)))")
    }
}
