import Foundation
import Testing

@testable import Layers

/// Calls the async versions the rounds generated: CI adds this file once the last round has run (the
/// functions do not exist before), so the generated code is run, not only built.
struct AsyncVersionsTests {
    let store = RecordStore(records: [Record(id: 1, name: " ada "), Record(id: 2, name: "grace")])

    @Test func layersAnswerAsTheirCallbacksDid() async throws {
        let repository = RecordRepository(store: store)
        #expect(try await repository.record(id: 1) == Record(id: 1, name: "ada"))
        await #expect(throws: StoreError.missing(9)) { try await repository.record(id: 9) }
        #expect(await repository.size() == 2)
        let (record, length) = try await repository.recordAndLength(id: 2)
        #expect(record == Record(id: 2, name: "grace") && length == 5)
        await #expect(throws: StoreError.missing(9)) { try await repository.recordAndLength(id: 9) }
        let service = UserService(repository: repository)
        #expect(try await service.user(id: 2) == User(id: 2, displayName: "Grace"))
        #expect(try await service.users(first: 1, second: 2).map(\.displayName) == ["ada", "grace"])
        await #expect(throws: LookupError.notFound(5)) { try await service.shout(id: 5) }
        let controller = ProfileController(users: service)
        #expect(try await controller.greeting(id: 2) == "Hello, Grace")
    }

    @Test func archiveHopsOntoItsQueueAndWaits() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = RecordArchive(directory: directory)
        try await archive.save(Record(id: 3, name: "lin"))
        #expect(try await archive.archived(id: 3) == Record(id: 3, name: "lin"))
        #expect(try await archive.fetch(id: 3) == Record(id: 3, name: "lin"))
        await #expect(throws: LookupError.notFound(4)) { try await archive.archived(id: 4) }
        #expect(await archive.archivedCount() == 1)
        await #expect(throws: LookupError.notFound(6)) { try await archive.saveNamed(Record(id: 6, name: "")) }
        try await archive.saveNamed(Record(id: 5, name: "kay"))
        #expect(try await archive.archived(id: 5) == Record(id: 5, name: "kay"))
        // Started, not awaited (in a closure: an async caller is told to await it), before the delayed call.
        await withCheckedContinuation { continuation in
            archive.save(Record(id: 7, name: "ivy")) { _ in }
            continuation.resume()
        }
        await archive.afterPendingWork()
        #expect(FileManager.default.fileExists(atPath: archive.file(7).path))
        let unwritable = RecordArchive(directory: directory.appendingPathComponent("absent"))
        await #expect(throws: (any Error).self) { try await unwritable.save(Record(id: 1, name: "x")) }
    }

    @Test func keptBodiesAnswerAsTheirCallbacksDid() async throws {
        let labels = RecordLabels(store: store)
        #expect(try await labels.label(for: "ada") == "#ADA")
        await #expect(throws: StoreError.offline) { try await labels.label(for: "") }
        #expect(try await labels.storedName(id: 2) == "grace")
        #expect(try await labels.mixedFailures(id: 1) == Record(id: 1, name: " ada "))
        await #expect(throws: LookupError.notFound(9)) { try await labels.mixedFailures(id: 9) }
    }

    @Test func pagesThatCallEachOtherAnswerAsTheirCallbacksDid() async throws {
        let pages = RecordPages(pages: [["ada", "@1", "lin"], ["grace", "@2"], ["alan"]])
        #expect(try await pages.names(onPage: 0) == ["ada", "grace", "alan", "lin"])
        #expect(try await pages.names(onPage: 0, limit: 1) == ["ada"])
        await #expect(throws: LookupError.notFound(4)) { try await RecordPages(pages: [["@4"]]).names(onPage: 0) }
        #expect(try await pages.firstNames() == ["ada", "grace"])
        #expect(await pages.pageCount() == 3)
        #expect(try await pages.names(ofEntry: "@2") == ["alan"])
        await #expect(throws: LookupError.notFound(-1)) { try await pages.names(ofEntry: "ada") }
        await #expect(throws: LookupError.notFound(4)) { try await RecordPages(pages: [["@4"]]).names(ofEntry: "@0") }
    }
}
