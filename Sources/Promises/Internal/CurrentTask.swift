/// Whether the calling thread runs a Swift Task, for `wait()`'s first check.
///
/// Through `withUnsafeCurrentTask`, the public API, which asks the concurrency runtime this module
/// is linked against. (A faster `dlsym` lookup of the runtime's `swift_task_getCurrent` was removed:
/// in a statically linked binary that later loads the shared runtime it found the other copy's
/// thread-local and answered "no Task", so `wait()` blocked a Task. It saved about 550 instructions
/// on a path that then blocks a thread.)
@usableFromInline enum CurrentTask {
    /// Whether a Task is running on this thread.
    @usableFromInline static var isRunning: Bool {
        withUnsafeCurrentTask { $0 != nil }
    }
}
