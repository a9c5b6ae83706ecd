import Foundation

/// Layer 1: converts in round 1 (its callees are async already).
public final class RecordRepository: Sendable {
    let store: RecordStore

    public init(store: RecordStore) {
        self.store = store
    }

    /// The record with `id`, its name trimmed.
    /// - Parameter completion: called with the record or the store's error.
    public func record(id: Int, completion: @escaping @Sendable (Record?, Error?) -> Void) {
        guard id > 0 else {
            completion(nil, StoreError.missing(id))
            return
        }
        store.load(id: id) { result in
            switch result {
            case .success(let record):
                var trimmed = record
                trimmed.name = record.name.trimmingCharacters(in: .whitespaces)
                completion(trimmed, nil)
            case .failure(let error):
                completion(nil, error)
            }
        }
    }

    /// The record with `id` and the length of its name: two values, URLSession's shape.
    public func recordAndLength(id: Int, completion: @escaping @Sendable (Record?, Int?, Error?) -> Void) {
        store.load(id: id) { result in
            switch result {
            case .success(let record):
                let length: Int = record.name.count
                completion(record, length, nil)
            case .failure(let error):
                completion(nil, nil, error)
            }
        }
    }

    /// Whether the store answers.
    public func checkConnection(completion: @escaping @Sendable (Error?) -> Void) {
        store.ping { error in
            if let error = error {
                completion(error)
            } else {
                completion(nil)
            }
        }
    }

    /// How many records there are.
    public func size(completion: @escaping @Sendable (Int) -> Void) {
        store.count { count in
            completion(count)
        }
    }

    /// The record's name, with the store's typed failure.
    public func name(id: Int, completion: @escaping @Sendable (Result<String, LookupError>) -> Void) {
        store.lookup(id: id) { result in
            switch result {
            case .success(let record):
                completion(.success(record.name))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// Hands its handler on unchanged.
    public func raw(id: Int, completion: @escaping @Sendable (Result<Record, Error>) -> Void) {
        store.load(id: id, completion: completion)
    }
}
