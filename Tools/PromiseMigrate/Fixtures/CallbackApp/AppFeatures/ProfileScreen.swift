import PromiseAsync

/// A screen written with async/await over the promise layer (step 2): a file in the async state.
struct ProfileScreen {
    let repository = UserRepository()

    func title(for id: Int) async throws -> String {
        let user = try await repository.user(id: id).value
        return "Profile: \(user.name)"
    }

    /// The only caller of `users(page:)`, and async: the report suggests migrating it next.
    func pageSize() async throws -> Int {
        try await repository.users(page: 1).value.count
    }
}
