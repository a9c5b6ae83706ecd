import CPromiseAtomics

/// Whether the calling thread runs a Swift Task, for `wait()`'s first check.
///
/// On Linux (x86_64, arm64) through the runtime's `swift_task_getCurrent`, called from C
/// (`c_promise_is_in_task`): `withUnsafeCurrentTask`, which calls it too, cost every `wait()` about 520
/// instructions of generic code (create-map-fulfill-wait 6,439 -> 5,913 a round trip, issue 37). The
/// linker resolves the call, so a static binary calls its own runtime directly, even after a shared one
/// is loaded (`.ci/static-wait`; a `dlsym` lookup, removed earlier, found the other copy).
/// Elsewhere through `withUnsafeCurrentTask`, matched with `case`, which makes fewer value-witness
/// calls than comparing with `nil` (38 against 65 ns a check, in a loop of a static build on Linux).
@usableFromInline enum CurrentTask {
    /// Whether a Task is running on this thread.
    @usableFromInline static var isRunning: Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            c_promise_is_in_task()
        #else
            withUnsafeCurrentTask { task in
                if case .some = task { return true }
                return false
            }
        #endif
    }
}
