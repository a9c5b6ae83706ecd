import AppServices
import Foundation
@preconcurrency import LegacyKit
import PromiseAsync

/// A view model as UI code writes it: `@MainActor`, state touched from `.main` callbacks.
@MainActor
public final class ProfileViewModel {
    public private(set) var title = ""
    public private(set) var subtitle = ""
    public private(set) var friends: [String] = []
    public private(set) var error: (any Error)?
    public private(set) var isLoading = false
    public private(set) var lastResult: Result<User, any Error>?
    public private(set) var events: [String] = []

    private let service: ProfileService

    public init(service: ProfileService) {
        self.service = service
    }

    func format(_ user: User) -> String { "\(user.name) (#\(user.id))" }

    /// Promise style: every callback is main-actor isolated and touches `self` directly.
    public func load(userID: Int) -> Promise<Void> {
        isLoading = true
        let user = service.user(id: userID)
        user.then(on: .main) { self.title = $0.name }
        user.catch(on: .main) { self.error = $0 }
        user.always(on: .main) { self.isLoading = false }
        user.whenComplete(on: .main) { self.lastResult = $0 }
        let friendNames = service.friendNames(ofUserWithID: userID)
        return user.map(on: .main) { self.format($0) }
            .recover(on: .main) { _ in "unknown user" }
            .flatMap(on: .main) { subtitle in
                self.subtitle = subtitle
                return friendNames.recover(on: .main) { _ in [] }
            }
            .map(on: .main) { names in
                self.friends = names
                self.events.append("loaded \(userID)")
            }
    }

    /// Async style, in the same class: the async facade, awaited on the main actor.
    public func refresh(userID: Int) async {
        do {
            let names = try await service.friendNames(ofUserWithID: userID)
            friends = names
            events.append("refreshed \(userID)")
        } catch {
            self.error = error
        }
    }

    /// New async code served to promise callers: the Task inherits the main actor.
    public func titlePromise(userID: Int) -> Promise<String> {
        Promise { try await self.service.user(id: userID).name }
    }
}
