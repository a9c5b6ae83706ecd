import Foundation
@preconcurrency import LegacyKit
import PromiseAsync

/// The facades, as methods of the service class that owns the legacy store: promise facades that
/// wrap the completion handlers, and async facades on top of them.
public final class ProfileService {
    private let store: UserStore

    public init(store: UserStore = UserStore()) {
        self.store = store
    }

    // MARK: Promise facades

    public func user(id: Int) -> Promise<User> {
        Promise { resolver in store.fetchUser(id: id, completion: resolver.resolve) }
    }

    public func friends(of user: User) -> Promise<[User]> {
        Promise { resolver in store.fetchFriends(of: user, completion: resolver.resolve) }
    }

    public func rename(_ user: User, to name: String) -> Promise<Void> {
        Promise { resolver in store.rename(user, to: name, completion: resolver.resolve) }
    }

    public func avatar(userID: Int) -> Promise<Data> {
        Promise { resolver in store.fetchAvatar(userID: userID, completion: resolver.resolve) }
    }

    /// A chain inside the class: the closures capture values, not `self`.
    public func friendNames(ofUserWithID id: Int) -> Promise<[String]> {
        let store = store
        return user(id: id)
            .flatMap { user in Promise { resolver in store.fetchFriends(of: user, completion: resolver.resolve) } }
            .map(on: .inline) { friends in friends.map(\.name) }
    }

    // MARK: Async facades

    // `nonisolated(nonsending)` (Swift 6.2): the facade runs on the caller's actor, so a @MainActor
    // view model can call it on its non-Sendable service without "sending 'self.service'" errors.

    nonisolated(nonsending) public func user(id: Int) async throws -> User {
        try await user(id: id).value
    }

    nonisolated(nonsending) public func friendNames(ofUserWithID id: Int) async throws -> [String] {
        try await friendNames(ofUserWithID: id).value
    }
}
