import Foundation

/// Layer 1 as well: work on a serial queue of its own, which the async versions keep. Each waits on a
/// continuation that the queue's closure resumes with what the handler would have got.
public final class RecordArchive: Sendable {
    let directory: URL
    let queue = DispatchQueue(label: "layers.archive")

    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes the record's name to a file of its own.
    public func save(_ record: Record, completion: @escaping @Sendable (Error?) -> Void) {
        queue.async {
            do {
                try Data(record.name.utf8).write(to: self.file(record.id))
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    /// The archived record, after the archive's short delay.
    public func archived(id: Int, completion: @escaping @Sendable (Result<Record, LookupError>) -> Void) {
        queue.asyncAfter(deadline: .now() + .milliseconds(1)) {
            guard let data = try? Data(contentsOf: self.file(id)) else {
                completion(.failure(.notFound(id)))
                return
            }
            completion(.success(Record(id: id, name: String(decoding: data, as: UTF8.self))))
        }
    }

    /// The archived record, with a handle for callers that may cancel: the function keeps its body for
    /// them, and gains an async version (round 2, once `archived(id:)` has one).
    @discardableResult
    public func fetch(id: Int, completion: @escaping @Sendable (Result<Record, LookupError>) -> Void) -> ArchiveRequest {
        let request = ArchiveRequest()
        archived(id: id) { result in
            completion(result)
        }
        return request
    }

    /// Saves a record that has a name, on the archive's queue, and refuses one without. Round 2: it hands its
    /// handler on to `save`, which round 1 gives an async version (so it calls it once), and its async version
    /// keeps this closure as written, the handler a local closure that resumes the continuation.
    public func saveNamed(_ record: Record, completion: @escaping @Sendable (Error?) -> Void) {
        queue.async {
            if record.name.isEmpty {
                completion(LookupError.notFound(record.id))
            } else {
                self.save(record, completion: completion)
            }
        }
    }

    /// Calls back once the archive's queue has run what was asked of it before, after its short delay.
    /// Round 1: it hands its handler as it is to `asyncAfter`, which calls it once; the async version keeps
    /// the call, the handler a local closure that resumes the continuation.
    public func afterPendingWork(completion: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + .milliseconds(1), execute: completion)
    }

    /// How many records the archive holds, counted off the caller's thread.
    public func archivedCount(completion: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.global().async {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: self.directory.path)) ?? []
            completion(names.count)
        }
    }

    /// Refused: the hop gives up when the archive is gone; an async version holds it until it returns.
    public func purge(completion: @escaping @Sendable (Error?) -> Void) {
        queue.async { [weak self] in
            guard let self else { return }
            completion(Result { try FileManager.default.removeItem(at: self.directory) }.failure)
        }
    }

    func file(_ id: Int) -> URL {
        directory.appendingPathComponent("\(id).txt")
    }
}

/// A request to the archive that its caller may cancel.
public final class ArchiveRequest: Sendable {
    /// Stops the request (the archive's requests are short: nothing to stop).
    public func cancel() {}
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
