import Foundation
import PromiseAsync
import PromiseFoundation
import PromiseTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `downloadPromise(with:to:replacingExistingFile:)`, against a server on 127.0.0.1: where the file
/// goes, and what it never overwrites.
@Suite struct DownloadPromiseTests {
    private let session = LocalHTTPServer.testSession()
    private let files = FileManager.default

    /// A path in the temporary directory that nothing is at yet, removed (with anything in it) after `body`.
    private func withFreshPath<T>(_ body: (URL) async throws -> T) async throws -> T {
        let path = files.temporaryDirectory.appendingPathComponent("promise-\(UUID().uuidString)")
        defer { try? files.removeItem(at: path) }
        return try await body(path)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aDownloadIsMovedWhereAskedAndOutlivesTheHandler() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let request = URLRequest(url: server.url("/text/report"))
        try await withFreshPath { destination in
            let saved = try await session.downloadPromise(with: request, to: destination).value
            #expect(saved.location == destination)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "report")
        }
        let anywhere = try await session.downloadPromise(with: request).value
        defer { try? files.removeItem(at: anywhere.location) }
        #expect(anywhere.location.deletingLastPathComponent().path == files.temporaryDirectory.path)
        #expect(try String(contentsOf: anywhere.location, encoding: .utf8) == "report")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aDirectoryAtTheDestinationIsRefusedAndLeftAlone() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        try await withFreshPath { folder in
            let inside = folder.appendingPathComponent("notes.txt")
            try files.createDirectory(at: folder, withIntermediateDirectories: false)
            try Data("mine".utf8).write(to: inside)
            for replacing in [false, true] {
                let outcome = await session.downloadPromise(
                    with: URLRequest(url: server.url("/text/report")), to: folder, replacingExistingFile: replacing
                ).result
                #expect(outcome.error as? DownloadDestinationError == .isDirectory(folder))
            }
            #expect(try String(contentsOf: inside, encoding: .utf8) == "mine", "the folder and its file are intact")
            #expect(server.requests.isEmpty, "refused before the request was sent")
        }
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aFileAtTheDestinationIsKeptUnlessReplacingWasAskedFor() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let request = URLRequest(url: server.url("/text/report"))
        try await withFreshPath { destination in
            try Data("old".utf8).write(to: destination)
            let kept = await session.downloadPromise(with: request, to: destination).result
            let error = try #require(kept.error as? DownloadDestinationError)
            #expect(error == .fileExists(destination))
            #expect("\(error)".contains("replacingExistingFile: true"))
            #expect(try String(contentsOf: destination, encoding: .utf8) == "old")
            #expect(server.requests.isEmpty, "refused before the request was sent")

            let replaced = try await session.downloadPromise(
                with: request, to: destination, replacingExistingFile: true
            )
            .value
            #expect(replaced.location == destination)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "report")
        }
    }
}
