import CPromiseAtomics

/// Whether the calling thread runs a Swift Task, for `wait()`'s first check.
///
/// On Linux through the runtime's `swift_task_getCurrent`, called from C (`c_promise_is_in_task`):
/// `withUnsafeCurrentTask`, which calls it too, cost every `wait()` about 520 instructions of generic
/// code (create-map-fulfill-wait 6,439 -> 5,913 a round trip, issue 37). The call is bound at link
/// time, like the standard library's, so a static binary asks its own runtime even after a shared one
/// is loaded (`.ci/static-wait`; a `dlsym` lookup, removed earlier, found the other copy).
/// Elsewhere through `withUnsafeCurrentTask`, matched with `case` rather than compared with `nil`
/// (which copies the optional through its value witnesses).
@usableFromInline enum CurrentTask {
    /// Whether a Task is running on this thread.
    @usableFromInline static var isRunning: Bool {
        #if os(Linux)
            c_promise_is_in_task()
        #else
            withUnsafeCurrentTask { task in
                if case .some = task { return true }
                return false
            }
        #endif
    }
}
