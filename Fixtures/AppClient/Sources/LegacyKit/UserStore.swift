import Foundation

/// A completion-handler service, written before Swift concurrency: not `Sendable`, handlers not
/// `@Sendable`, some calling back on the main queue as many Apple-platform APIs do.
public final class UserStore {
    private let queue = DispatchQueue(label: "legacy.user-store")
    private var users: [Int: User]
    public var isOffline = false

    public init() {
        users = [
            1: User(id: 1, name: "Ada", friendIDs: [2, 3]),
            2: User(id: 2, name: "Grace"),
            3: User(id: 3, name: "Linus"),
        ]
    }

    /// `(User?, Error?)`, called back on a private queue.
    public func fetchUser(id: Int, completion: @escaping (User?, Error?) -> Void) {
        queue.async {
            if self.isOffline { return completion(nil, LegacyError.offline) }
            if let user = self.users[id] {
                completion(user, nil)
            } else {
                completion(nil, LegacyError.notFound(id: id))
            }
        }
    }

    /// `Result` with a typed error, called back on the main queue.
    public func fetchFriends(of user: User, completion: @escaping (Result<[User], LegacyError>) -> Void) {
        queue.async {
            let friends = user.friendIDs.compactMap { self.users[$0] }
            DispatchQueue.main.async { completion(.success(friends)) }
        }
    }

    /// `(Error?)`: work with no value.
    public func rename(_ user: User, to name: String, completion: @escaping (Error?) -> Void) {
        queue.async {
            user.name = name
            completion(nil)
        }
    }

    /// A handler the store sometimes drops: it never calls back for negative ids.
    public func fetchAvatar(userID: Int, completion: @escaping (Data?, Error?) -> Void) {
        guard userID >= 0 else { return }
        queue.async { completion(Data([0x89, 0x50, 0x4E, 0x47]), nil) }
    }
}
