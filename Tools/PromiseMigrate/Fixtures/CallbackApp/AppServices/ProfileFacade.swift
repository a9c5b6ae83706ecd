import PromiseAsync

/// Old completion-handler callers keep their API while the implementation moves to async (step 3): a
/// file in the mixed state.
final class ProfileFacade: Sendable {
    private let repository = UserRepository()

    /// The new implementation.
    func displayName(id: Int) async throws -> String {
        try await repository.user(id: id).value.name
    }

    /// Old callers keep their completion handler.
    func displayName(id: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        Promise { try await self.displayName(id: id) }.whenComplete(completion)
    }

    /// Calls back on the main queue.
    func showAdminName(id: Int, completion: @escaping @MainActor @Sendable (String) -> Void) {
        repository.adminName(id: id).then(on: .main) { completion($0) }
    }
}
