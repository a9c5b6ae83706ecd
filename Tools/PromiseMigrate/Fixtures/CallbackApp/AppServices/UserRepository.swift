import PromiseAsync

/// Promise facades over the legacy client (step 1 of the guide): a file in the promise state.
final class UserRepository: Sendable {
    private let client = UserClient()

    /// The wrapped API has an async variant by now: the report flags this site.
    func user(id: Int) -> Promise<User> {
        Promise(wrapping: { client.fetchUser(id: id, completion: $0) })
    }

    func users(page: Int) -> Promise<[User]> {
        Promise(wrapping: { client.fetchUsers(page: page, completionHandler: $0) })
    }

    func adminName(id: Int) -> Promise<String> {
        user(id: id).map { $0.name }
    }
}
