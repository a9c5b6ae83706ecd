import Foundation

/// Functions whose old form keeps its body beside the async version, because a wrapper would change what
/// its callers see.
public final class RecordLabels: Sendable {
    let store: RecordStore

    public init(store: RecordStore) {
        self.store = store
    }

    /// Calls the handler before it returns: its callers may rely on that.
    public func label(for name: String, completion: @escaping @Sendable (Result<String, StoreError>) -> Void) {
        guard !name.isEmpty else {
            completion(.failure(.offline))
            return
        }
        completion(.success("#" + name.uppercased()))
    }

    /// Passes its queue on with the handler: the async version has no use for it.
    public func storedName(
        id: Int, callbackQueue: DispatchQueue = .main, completion: @escaping @Sendable (Result<String, Error>) -> Void
    ) {
        store.name(id: id, callbackQueue: callbackQueue, completion: completion)
    }

    /// Its handler takes `LookupError`, and `load(id:)` throws any error: the async version throws untyped.
    public func mixedFailures(id: Int, completion: @escaping @Sendable (Result<Record, LookupError>) -> Void) {
        store.load(id: id) { result in
            switch result {
            case .success(let record): completion(.success(record))
            case .failure: completion(.failure(.notFound(id)))
            }
        }
    }
}
