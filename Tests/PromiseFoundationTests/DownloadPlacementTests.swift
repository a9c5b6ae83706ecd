import Foundation
import Testing

@testable import PromiseFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `DownloadPlacement.move`, the step at the end of a download: what appeared at the destination
/// while the download ran is treated like what was there before, and the move works across file
/// systems.
@Suite struct DownloadPlacementTests {
    private let files = FileManager.default

    /// A new file holding `text` in `directory`, standing in for URLSession's temporary file.
    private func downloaded(_ text: String, in directory: URL? = nil) throws -> URL {
        let file = (directory ?? files.temporaryDirectory).appendingPathComponent("session-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        return file
    }

    private func freshPath() -> URL {
        files.temporaryDirectory.appendingPathComponent("promise-\(UUID().uuidString)")
    }

    @Test func aFileThatAppearedMeanwhileIsKeptUnlessReplacing() throws {
        let destination = freshPath()
        defer { try? files.removeItem(at: destination) }
        try DownloadPlacement.check(destination, replacing: false)  // nothing there when the download starts
        try Data("appeared".utf8).write(to: destination)
        let download = try downloaded("new")
        defer { try? files.removeItem(at: download) }
        #expect(throws: DownloadDestinationError.fileExists(destination)) {
            try DownloadPlacement.move(download, to: destination, replacing: false)
        }
        #expect(try String(contentsOf: destination, encoding: .utf8) == "appeared")
        try DownloadPlacement.move(download, to: destination, replacing: true)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "new")
        #expect(!files.fileExists(atPath: download.path), "moved, not copied")
    }

    @Test func aDirectoryThatAppearedMeanwhileIsNeverReplaced() throws {
        let destination = freshPath()
        defer { try? files.removeItem(at: destination) }
        try DownloadPlacement.check(destination, replacing: true)
        try files.createDirectory(at: destination, withIntermediateDirectories: false)  // empty: rename could take it
        let download = try downloaded("new")
        defer { try? files.removeItem(at: download) }
        for replacing in [false, true] {
            #expect(throws: DownloadDestinationError.isDirectory(destination)) {
                try DownloadPlacement.move(download, to: destination, replacing: replacing)
            }
        }
        var isDirectory: ObjCBool = false
        #expect(files.fileExists(atPath: destination.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// /dev/shm, where it is a file system apart from the temporary directory's.
    private static let otherFileSystem: URL? = {
        var shm = stat()
        var temporary = stat()
        guard stat("/dev/shm", &shm) == 0, access("/dev/shm", W_OK) == 0,
            stat(FileManager.default.temporaryDirectory.path, &temporary) == 0, shm.st_dev != temporary.st_dev
        else { return nil }
        return URL(fileURLWithPath: "/dev/shm")
    }()

    @Test(.enabled(if: otherFileSystem != nil, "needs /dev/shm on a file system of its own"))
    func aMoveAcrossFileSystemsCopiesAndStillNeverOverwrites() throws {
        let elsewhere = try #require(Self.otherFileSystem)
        let destination = freshPath()
        defer { try? files.removeItem(at: destination) }
        let first = try downloaded("first", in: elsewhere)
        defer { try? files.removeItem(at: first) }
        try DownloadPlacement.move(first, to: destination, replacing: false)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "first")
        #expect(!files.fileExists(atPath: first.path))

        let second = try downloaded("second", in: elsewhere)
        defer { try? files.removeItem(at: second) }
        #expect(throws: DownloadDestinationError.fileExists(destination)) {
            try DownloadPlacement.move(second, to: destination, replacing: false)
        }
        #expect(try String(contentsOf: destination, encoding: .utf8) == "first")
        try DownloadPlacement.move(second, to: destination, replacing: true)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "second")
        let leftovers = try files.contentsOfDirectory(atPath: files.temporaryDirectory.path)
            .filter { $0.hasPrefix(".\(destination.lastPathComponent).download-") }
        #expect(leftovers.isEmpty, "the copy made next to the destination was renamed onto it")
    }
}
