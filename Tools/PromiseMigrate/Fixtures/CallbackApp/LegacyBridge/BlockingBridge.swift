import Dispatch
import PromiseAsync

// Swift 5-era glue, read by the report but never compiled: in Swift 6 mode the library's
// `@available(*, noasync)` on wait() makes the first function an error.

enum BlockingBridge {
    /// A blocking wait inside async code: the library refuses it at run time.
    static func title(repository: UserRepository) async -> String {
        (try? repository.user(id: 1).wait(timeout: .seconds(1)).name) ?? "unknown"
    }

    /// A blocking wait on a plain thread: allowed.
    static func titleOnThread(repository: UserRepository) -> String {
        (try? repository.user(id: 1).wait(timeout: .seconds(1)).name) ?? "unknown"
    }

    /// A completion handler called from async code, through a continuation: its only call site.
    static func userCount(client: UserClient) async -> Int {
        await withCheckedContinuation { continuation in
            client.userCount { continuation.resume(returning: $0) }
        }
    }
}
