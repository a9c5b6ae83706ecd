/// Migrated: async/await only, no promise, no completion handler: a file in the done state.
struct Greeting {
    let client = UserClient()

    func text(for id: Int) async throws -> String {
        let user = try await client.fetchUser(id: id)
        return "Hello, \(user.name)"
    }
}
