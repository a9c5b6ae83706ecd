import PromiseAsync

/// Promise facades over the legacy client (step 1 of the guide): a file in the promise state.
final class UserRepository: Sendable {
    private let client = UserClient()

    /// The wrapped API has an async variant by now: the report flags this site.
    func user(id: Int) -> Promise<User> {
        Promise { resolver in client.fetchUser(id: id, completion: resolver.resolve) }
    }

    func users(page: Int) -> Promise<[User]> {
        Promise { resolver in client.fetchUsers(page: page, completionHandler: resolver.resolve) }
    }

    func adminName(id: Int) -> Promise<String> {
        user(id: id).map { $0.name }
    }
}
