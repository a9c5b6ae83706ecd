import Foundation

public struct User: Sendable, Equatable {
    public var id: Int
    public var displayName: String
}

/// Layer 2: converts in round 2, once the repository is async.
public final class UserService: Sendable {
    let repository: RecordRepository

    public init(repository: RecordRepository) {
        self.repository = repository
    }

    public func user(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
        repository.record(id: id) { record, error in
            guard let record = record else {
                completion(.failure(error ?? StoreError.offline))
                return
            }
            completion(.success(User(id: record.id, displayName: record.name.capitalized)))
        }
    }

    public func users(
        first: Int, second: Int, success: @escaping @Sendable ([User]) -> Void,
        failure: @escaping @Sendable (Error) -> Void
    ) {
        repository.record(id: first) { one, error in
            if let error = error {
                failure(error)
                return
            }
            guard let one = one else {
                failure(StoreError.missing(first))
                return
            }
            self.repository.record(id: second) { two, error in
                guard let two = two else {
                    failure(error ?? StoreError.missing(second))
                    return
                }
                success([one, two].map { User(id: $0.id, displayName: $0.name) })
            }
        }
    }

    public func shout(id: Int, completion: @escaping @Sendable (Result<String, LookupError>) -> Void) {
        repository.name(id: id) { result in
            switch result {
            case .success(let name):
                completion(.success(name.uppercased()))
            case .failure(let error):
                print("no name for \(id): \(error)")
                completion(.failure(error))
            }
        }
    }

    public func isReachable(completion: @escaping @Sendable (Bool) -> Void) {
        repository.size { count in
            completion(count > 0)
        }
    }
}
