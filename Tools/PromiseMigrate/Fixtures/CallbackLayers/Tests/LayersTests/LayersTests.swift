import Foundation
import Testing

@testable import Layers

/// Calls the callback APIs as old callers do; the same tests pass before and after each round.
struct LayersTests {
    let store = RecordStore(records: [Record(id: 1, name: " ada "), Record(id: 2, name: "grace")])

    @Test func recordTrimsItsName() async {
        let repository = RecordRepository(store: store)
        let (record, error) = await withCheckedContinuation { continuation in
            repository.record(id: 1) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(record == Record(id: 1, name: "ada"))
        #expect(error == nil)
    }

    @Test func recordAndLengthAnswerTogether() async {
        let repository = RecordRepository(store: store)
        let (record, length, error) = await withCheckedContinuation { continuation in
            repository.recordAndLength(id: 2) { continuation.resume(returning: ($0, $1, $2)) }
        }
        #expect(record == Record(id: 2, name: "grace"))
        #expect(length == 5)
        #expect(error == nil)
        let missing = await withCheckedContinuation { continuation in
            repository.recordAndLength(id: 9) { continuation.resume(returning: ($0 == nil && $1 == nil, $2)) }
        }
        #expect(missing.0)
        #expect(missing.1 as? StoreError == .missing(9))
    }

    @Test func missingRecordFails() async {
        let repository = RecordRepository(store: store)
        let (record, error) = await withCheckedContinuation { continuation in
            repository.record(id: 9) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(record == nil)
        #expect(error as? StoreError == .missing(9))
    }

    @Test func userIsCapitalized() async throws {
        let service = UserService(repository: RecordRepository(store: store))
        let result = await withCheckedContinuation { continuation in
            service.user(id: 2) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == User(id: 2, displayName: "Grace"))
    }

    @Test func pairOfUsers() async {
        let service = UserService(repository: RecordRepository(store: store))
        let users = await withCheckedContinuation { (continuation: CheckedContinuation<[User]?, Never>) in
            service.users(first: 1, second: 2, success: { continuation.resume(returning: $0) }, failure: { _ in
                continuation.resume(returning: nil)
            })
        }
        #expect(users?.map(\.displayName) == ["ada", "grace"])
        let failed = await withCheckedContinuation { (continuation: CheckedContinuation<Error?, Never>) in
            service.users(first: 1, second: 7, success: { _ in continuation.resume(returning: nil) }, failure: {
                continuation.resume(returning: $0)
            })
        }
        #expect(failed as? StoreError == .missing(7))
    }

    @Test func reachableAndConnected() async {
        let repository = RecordRepository(store: store)
        let service = UserService(repository: repository)
        let reachable = await withCheckedContinuation { continuation in
            service.isReachable { continuation.resume(returning: $0) }
        }
        #expect(reachable)
        let error = await withCheckedContinuation { continuation in
            repository.checkConnection { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
        let raw = await withCheckedContinuation { continuation in
            repository.raw(id: 2) { continuation.resume(returning: $0) }
        }
        #expect((try? raw.get())?.name == "grace")
    }

    @Test func typedFailuresPassThrough() async {
        let service = UserService(repository: RecordRepository(store: store))
        let shouted = await withCheckedContinuation { continuation in
            service.shout(id: 2) { continuation.resume(returning: $0) }
        }
        #expect(shouted == .success("GRACE"))
        let missing = await withCheckedContinuation { continuation in
            service.shout(id: 5) { continuation.resume(returning: $0) }
        }
        #expect(missing == .failure(.notFound(5)))
    }

    @Test func greetingGoesThroughTheLayers() async {
        let controller = ProfileController(users: UserService(repository: RecordRepository(store: store)))
        let (greeting, error) = await withCheckedContinuation { continuation in
            controller.greeting(id: 2) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(greeting == "Hello, Grace")
        #expect(error == nil)
    }

    @Test func archiveKeepsItsQueue() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = RecordArchive(directory: directory)
        let saved = await withCheckedContinuation { continuation in
            archive.save(Record(id: 3, name: "lin")) { continuation.resume(returning: $0) }
        }
        #expect(saved == nil)
        let found = await withCheckedContinuation { continuation in
            archive.archived(id: 3) { continuation.resume(returning: $0) }
        }
        #expect(found == .success(Record(id: 3, name: "lin")))
        let missing = await withCheckedContinuation { continuation in
            archive.archived(id: 4) { continuation.resume(returning: $0) }
        }
        #expect(missing == .failure(.notFound(4)))
        let fetched = await withCheckedContinuation { continuation in
            archive.fetch(id: 3) { continuation.resume(returning: $0) }
        }
        #expect(fetched == .success(Record(id: 3, name: "lin")))
        let count = await withCheckedContinuation { continuation in
            archive.archivedCount { continuation.resume(returning: $0) }
        }
        #expect(count == 1)
        let unnamed = await withCheckedContinuation { continuation in
            archive.saveNamed(Record(id: 6, name: "")) { continuation.resume(returning: $0) }
        }
        #expect(unnamed as? LookupError == .notFound(6))
        let named = await withCheckedContinuation { continuation in
            archive.saveNamed(Record(id: 5, name: "kay")) { continuation.resume(returning: $0) }
        }
        #expect(named == nil)
        let kay = await withCheckedContinuation { continuation in
            archive.archived(id: 5) { continuation.resume(returning: $0) }
        }
        #expect(kay == .success(Record(id: 5, name: "kay")))
        // The save is on the archive's serial queue before the delayed call back.
        await withCheckedContinuation { continuation in
            archive.save(Record(id: 7, name: "ivy")) { _ in }
            archive.afterPendingWork { continuation.resume() }
        }
        #expect(FileManager.default.fileExists(atPath: archive.file(7).path))
        let unwritable = RecordArchive(directory: directory.appendingPathComponent("absent"))
        let failed = await withCheckedContinuation { continuation in
            unwritable.save(Record(id: 1, name: "x")) { continuation.resume(returning: $0) }
        }
        #expect(failed != nil)
    }

    @Test func labelsAnswerBeforeReturning() {
        let labels = RecordLabels(store: store)
        let answer = Answer<Result<String, StoreError>>()
        labels.label(for: "ada") { answer.set($0) }
        #expect(answer.value == .success("#ADA"))
        labels.label(for: "") { answer.set($0) }
        #expect(answer.value == .failure(.offline))
    }

    @Test func labelsAnswerOnTheQueueGiven() async {
        let labels = RecordLabels(store: store)
        let queue = DispatchQueue(label: "labels")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let (name, onQueue) = await withCheckedContinuation { continuation in
            labels.storedName(id: 2, callbackQueue: queue) {
                continuation.resume(returning: (try? $0.get(), DispatchQueue.getSpecific(key: key) == true))
            }
        }
        #expect(name == "grace")
        #expect(onQueue)
        let mixed = await withCheckedContinuation { continuation in
            labels.mixedFailures(id: 9) { continuation.resume(returning: $0) }
        }
        #expect(mixed == .failure(.notFound(9)))
    }

    @Test func pagesReadThePagesTheyName() async throws {
        let pages = RecordPages(pages: [["ada", "@1", "lin"], ["grace", "@2"], ["alan"]])
        let names = await withCheckedContinuation { continuation in
            pages.names(onPage: 0) { continuation.resume(returning: $0) }
        }
        #expect(try names.get() == ["ada", "grace", "alan", "lin"])
        let missing = await withCheckedContinuation { continuation in
            RecordPages(pages: [["@4"]]).names(onPage: 0) { continuation.resume(returning: $0) }
        }
        #expect(throws: LookupError.notFound(4)) { try missing.get() }
        let first = await withCheckedContinuation { continuation in
            pages.firstNames { continuation.resume(returning: $0) }
        }
        #expect(try first.get() == ["ada", "grace"])
        let count = await withCheckedContinuation { continuation in
            pages.pageCount { continuation.resume(returning: $0) }
        }
        #expect(count == 3)
        let entry = try await withCheckedThrowingContinuation { continuation in
            do {
                try pages.names(ofEntry: "@2") { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
        #expect(try entry.get() == ["alan"])
        #expect(throws: LookupError.notFound(-1)) { try pages.names(ofEntry: "ada") { _ in } }
    }
}

/// What a handler was given, read after the call.
final class Answer<Value: Sendable>: @unchecked Sendable {  // `stored` is guarded by `lock`
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}
