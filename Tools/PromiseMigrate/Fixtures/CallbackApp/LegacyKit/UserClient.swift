import Dispatch
import Foundation

/// The user API before async/await: one method per completion-handler shape real code has.
final class UserClient: Sendable {
    private let users: [Int: User] = [1: User(id: 1, name: "Ada"), 2: User(id: 2, name: "Grace")]
    private let queue = DispatchQueue(label: "legacy.users")

    /// `(T?, Error?)`, `completion:`, `@escaping @Sendable`.
    func fetchUser(id: Int, completion: @escaping @Sendable (User?, (any Error)?) -> Void) {
        queue.async { [users] in
            if let user = users[id] {
                completion(user, nil)
            } else {
                completion(nil, APIError.notFound(id))
            }
        }
    }

    /// Its async variant, written since: wrappers of the callback form can move to it.
    func fetchUser(id: Int) async throws -> User {
        guard let user = users[id] else { throw APIError.notFound(id) }
        return user
    }

    /// `Result<T, E>` with a typed error, `completionHandler:`.
    func fetchUsers(page: Int, completionHandler: @escaping @Sendable (Result<[User], APIError>) -> Void) {
        queue.async { [users] in completionHandler(.success(users.values.sorted { $0.id < $1.id })) }
    }

    /// `(Error?)`.
    func deleteUser(id: Int, completion: @escaping @Sendable ((any Error)?) -> Void) {
        queue.async { completion(nil) }
    }

    /// `()`, an unlabeled trailing handler.
    func logOut(_ done: @escaping @Sendable () -> Void) {
        queue.async { done() }
    }

    /// `(T)`: it cannot fail. Calls back on the main queue, as UI-era code does.
    func userCount(completion: @escaping @Sendable (Int) -> Void) {
        let count = users.count
        DispatchQueue.main.async { completion(count) }
    }

    /// `(T, Error?)`: a non-optional value and an optional error.
    func isAdmin(id: Int, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completion(id == 1, nil)
    }

    /// A handler that is not the last parameter, before a progress closure.
    func upload(
        _ data: Data, completion: @escaping @Sendable ((any Error)?) -> Void,
        progress: @escaping @Sendable (Double) -> Void
    ) {
        progress(1)
        completion(nil)
    }

    /// A typed optional error, and a handler that is not `@Sendable`.
    func avatar(for user: User, completion: @escaping (Data?, APIError?) -> Void) {
        completion(Data([1, 2, 3]), nil)
    }

    /// Through a typealias.
    func currentUser(completion: @escaping UserHandler) {
        completion(users[1], nil)
    }

    /// Through a generic typealias.
    func userNames(completion: @escaping ResultHandler<[String]>) {
        completion(.success(users.values.map(\.name)))
    }

    /// An optional handler with a default value: callers may ignore the outcome.
    func touch(id: Int, completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        completion?(nil)
    }

    /// A parameter named with a keyword.
    func move(id: Int, in: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        completion(`in`.isEmpty ? APIError.offline : nil)
    }

    /// Not wrapped: `Promise<LegacyProfile>` needs a Sendable value.
    func profile(id: Int, completion: @escaping (LegacyProfile?, (any Error)?) -> Void) {
        completion(LegacyProfile(), nil)
    }

    /// Not wrapped: a variadic parameter cannot be forwarded.
    func tag(_ names: String..., completion: @escaping ((any Error)?) -> Void) {
        completion(names.isEmpty ? APIError.offline : nil)
    }

    /// Not wrapped: two values and no error is no shape the library wraps.
    func bounds(completion: @escaping (Int, Int) -> Void) {
        completion(0, 10)
    }

    /// Not wrapped: private to this file.
    private func refreshToken(completion: @escaping ((any Error)?) -> Void) {
        completion(nil)
    }
}

/// A free function with a completion handler.
func fetchServerTime(completion: @escaping @Sendable (Date?, (any Error)?) -> Void) {
    completion(Date(), nil)
}
