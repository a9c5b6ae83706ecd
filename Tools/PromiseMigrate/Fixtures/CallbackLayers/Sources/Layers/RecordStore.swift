import Foundation

public struct Record: Sendable, Equatable {
    public var id: Int
    public var name: String
}

public enum StoreError: Error, Equatable {
    case missing(Int)
    case offline
}

/// A failure type of its own: functions whose `Result` names it become `throws(LookupError)`.
public enum LookupError: Error, Equatable {
    case notFound(Int)
}

/// The bottom layer, already async, with its callback form kept for old callers.
public final class RecordStore: Sendable {
    let records: [Int: Record]

    public init(records: [Record]) {
        self.records = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
    }

    public func load(id: Int) async throws -> Record {
        guard let record = records[id] else { throw StoreError.missing(id) }
        return record
    }

    @available(*, renamed: "load(id:)")
    public func load(id: Int, completion: @escaping @Sendable (Result<Record, Error>) -> Void) {
        Task { completion(Result { try self.records[id].orThrow(StoreError.missing(id)) }) }
    }

    public func lookup(id: Int) async throws(LookupError) -> Record {
        guard let record = records[id] else { throw .notFound(id) }
        return record
    }

    @available(*, renamed: "lookup(id:)")
    public func lookup(id: Int, completion: @escaping @Sendable (Result<Record, LookupError>) -> Void) {
        Task { completion(records[id].map { .success($0) } ?? .failure(.notFound(id))) }
    }

    public func count() async -> Int { records.count }

    @available(*, renamed: "count()")
    public func count(completion: @escaping @Sendable (Int) -> Void) {
        Task { completion(await count()) }
    }

    public func name(id: Int) async throws -> String { try await load(id: id).name }

    /// Delivers on `callbackQueue`, as many callback APIs let their callers choose.
    @available(*, renamed: "name(id:)")
    public func name(
        id: Int, callbackQueue: DispatchQueue = .main, completion: @escaping @Sendable (Result<String, Error>) -> Void
    ) {
        Task {
            do {
                let name = try await self.name(id: id)
                callbackQueue.async { completion(.success(name)) }
            } catch {
                callbackQueue.async { completion(.failure(error)) }
            }
        }
    }

    public func ping() async throws {}

    @available(*, renamed: "ping()")
    public func ping(completion: @escaping @Sendable (Error?) -> Void) {
        completion(nil)
    }
}

extension Optional {
    func orThrow(_ error: Error) throws -> Wrapped {
        guard let self else { throw error }
        return self
    }
}
