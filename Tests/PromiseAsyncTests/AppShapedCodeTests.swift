import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

// Code shaped like an app mid-migration, compiled in Swift 6 mode with strict concurrency:
// no warnings, no @unchecked.

/// A legacy, promise-based API.
final class LegacyProfileAPI: Sendable {
    func fetchName(id: Int) -> Promise<String> {
        Promise(on: .global()) { "user-\(id)" }
    }
}

/// A UI-facing model on the main actor calling the legacy API with async/await.
@MainActor
final class ProfileViewModel {
    private let api = LegacyProfileAPI()
    private(set) var title = ""

    func load(id: Int) async throws {
        title = try await api.fetchName(id: id).value
    }

    /// Exposes main-actor work to an old caller as a promise; the closure runs on the main actor.
    func reloadPromise(id: Int) -> Promise<String> {
        Promise {
            try await self.load(id: id)
            return self.title
        }
    }
}

/// An actor whose async method is offered to a completion-handler caller through a promise.
actor Counter2 {
    private var count = 0
    func increment() -> Int {
        count += 1
        return count
    }

    nonisolated func increment(completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        Promise { await self.increment() }.whenComplete(completion)
    }
}

/// A non-isolated context doing both directions.
func nonisolatedBothWays(api: LegacyProfileAPI) async throws -> String {
    let name = try await api.fetchName(id: 1).value
    return try await Promise { name.uppercased() }.value
}

@Suite struct AppShapedCodeTests {
    @Test @MainActor func mainActorViewModelCallsLegacyCode() async throws {
        let model = ProfileViewModel()
        try await model.load(id: 3)
        #expect(model.title == "user-3")
    }

    @Test func mainActorWorkServedAsAPromise() async throws {
        let model = await MainActor.run { ProfileViewModel() }
        #expect(try await model.reloadPromise(id: 4).value == "user-4")
    }

    @Test func actorMethodServedToACompletionHandler() async {
        let counter = Counter2()
        let result: Result<Int, any Error> = await withCheckedContinuation { continuation in
            counter.increment { continuation.resume(returning: $0) }
        }
        #expect(result.value == 1)
    }

    @Test func nonisolatedCodeMixesBoth() async throws {
        #expect(try await nonisolatedBothWays(api: LegacyProfileAPI()) == "USER-1")
    }
}
