import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a finished download's temporary file at its destination, never replacing a directory, and
/// replacing a file only when asked. Each step is a single system call that fails rather than
/// overwrite (`link`, `open` with `O_EXCL`) or replaces atomically (`rename`), so a file or directory
/// that appears at the destination while the download runs is treated like one that was there.
enum DownloadPlacement {
    /// Rejects `destination` before a download starts: a directory always, an existing file (or link)
    /// unless `replacing`.
    static func check(_ destination: URL, replacing: Bool) throws(DownloadDestinationError) {
        switch occupant(of: destination) {
        case .directory?: throw .isDirectory(destination)
        case .file? where !replacing: throw .fileExists(destination)
        case .file?, nil: return
        }
    }

    /// Moves `file` (the session's temporary file) to `destination`. Without `replacing`, a destination
    /// that exists rejects with ``DownloadDestinationError`` and `file` stays where it is; with it, a
    /// file there is replaced atomically (across file systems: by a copy next to it, then a rename).
    static func move(_ file: URL, to destination: URL, replacing: Bool) throws {
        try file.withUnsafeFileSystemRepresentation { source in
            try destination.withUnsafeFileSystemRepresentation { target in
                guard let source, let target else { throw POSIXError(.ENOENT) }
                if replacing {
                    try replace(target, with: source, destination: destination)
                } else {
                    try add(source, at: target, destination: destination)
                }
            }
        }
    }

    /// A new name for `source` at `target`: a hard link, which fails if anything is there; where the
    /// file system refuses one (another file system, no hard links), a copy made with `O_EXCL`.
    private static func add(
        _ source: UnsafePointer<CChar>, at target: UnsafePointer<CChar>, destination: URL
    ) throws {
        if link(source, target) != 0 {
            guard errno != EEXIST else { throw occupiedError(destination) }
            try copy(source, toNew: target, destination: destination)
        }
        unlink(source)
    }

    /// Renames `source` onto `target`, which replaces a file atomically and fails on a directory
    /// (EISDIR). Across file systems the copy goes next to `target` first, then is renamed onto it.
    private static func replace(
        _ target: UnsafePointer<CChar>, with source: UnsafePointer<CChar>, destination: URL
    ) throws {
        // rename(2) would replace a symbolic link to a directory (not the directory): checked here,
        // just before, so a link made since the first check still rejects.
        var info = stat()
        if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw DownloadDestinationError.isDirectory(destination)
        }
        if rename(source, target) == 0 { return }
        guard errno == EXDEV else { throw renameError(errno, destination) }
        let sibling = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).download-\(UUID().uuidString)")
        try sibling.withUnsafeFileSystemRepresentation { copyPath in
            guard let copyPath else { throw POSIXError(.ENOENT) }
            try copy(source, toNew: copyPath, destination: destination)
            if rename(copyPath, target) != 0 {
                let error = renameError(errno, destination)
                unlink(copyPath)
                throw error
            }
        }
        unlink(source)
    }

    /// Copies `source` to a file it creates at `target` (failing if anything is there), with the
    /// source's permissions; removes the partial copy on failure.
    private static func copy(
        _ source: UnsafePointer<CChar>, toNew target: UnsafePointer<CChar>, destination: URL
    ) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw posixError() }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw errno == EEXIST ? occupiedError(destination) : posixError() }
        var info = stat()
        var failure: (any Error)? = nil
        if fstat(input, &info) == 0 { fchmod(output, info.st_mode & 0o7777) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { buffer.deallocate() }
        copying: while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                failure = posixError()
                break
            }
            var offset = 0
            while offset < count {
                let written = write(output, buffer.baseAddress! + offset, count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = posixError()
                    break copying
                }
                offset += written
            }
        }
        if close(output) != 0 && failure == nil { failure = posixError() }
        if let failure {
            unlink(target)
            throw failure
        }
    }

    private enum Occupant { case file, directory }

    /// What is at `url`: a directory (following a link), anything else, or nothing.
    private static func occupant(of url: URL) -> Occupant? {
        url.withUnsafeFileSystemRepresentation { path -> Occupant? in
            guard let path else { return nil }
            var info = stat()
            if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return .directory }
            return lstat(path, &info) == 0 ? .file : nil
        }
    }

    /// The typed error for a destination found occupied.
    private static func occupiedError(_ destination: URL) -> DownloadDestinationError {
        occupant(of: destination) == .directory ? .isDirectory(destination) : .fileExists(destination)
    }

    /// `rename`'s error: a directory in the way is typed.
    private static func renameError(_ number: Int32, _ destination: URL) -> any Error {
        number == EISDIR || number == ENOTEMPTY || number == EEXIST
            ? DownloadDestinationError.isDirectory(destination) : POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
    }

    private static func posixError() -> POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
