import Foundation

/// Functions the tool must leave alone, one per rule.
public final class Refused: @unchecked Sendable {  // `pending` is only touched by the tests' one thread
    let repository: RecordRepository
    var pending: [@Sendable (Error?) -> Void] = []

    public init(repository: RecordRepository) {
        self.repository = repository
    }

    public func twice(completion: @escaping @Sendable (Error?) -> Void) {
        completion(nil)
        completion(nil)
    }

    public func notOnEveryPath(flag: Bool, completion: @escaping @Sendable (Error?) -> Void) {
        if flag {
            completion(nil)
        }
    }

    public func stored(completion: @escaping @Sendable (Error?) -> Void) {
        pending.append(completion)
    }

    public func inLoop(ids: [Int], completion: @escaping @Sendable (Error?) -> Void) {
        for _ in ids {
            completion(nil)
        }
    }

    public func codeAfterCall(id: Int, completion: @escaping @Sendable (Error?) -> Void) {
        repository.record(id: id) { _, error in
            completion(error)
        }
        print("asked for \(id)")
    }

    public func weakSelf(id: Int, completion: @escaping @Sendable (Error?) -> Void) {
        repository.record(id: id) { [weak self] _, error in
            guard self != nil else { return }
            completion(error)
        }
    }

    public func unknownClosure(completion: @escaping @Sendable (Error?) -> Void) {
        OperationQueue().addOperation {
            completion(nil)
        }
    }

    public func synchronous(completion: @escaping @Sendable (Error?) -> Void) {
        completion(nil)
    }

    public func maybeNil(id: Int, completion: @escaping @Sendable (Record?, Error?) -> Void) {
        let cached: Record? = nil
        completion(cached, nil)
    }
}
