/// Whether the calling thread runs a Swift Task, for `wait()`'s first check.
///
/// Through the concurrency runtime's `swift_task_getCurrent`, bound by the linker to the runtime this
/// module is linked against, as `withUnsafeCurrentTask` is, without that API's resilient
/// `UnsafeCurrentTask?` (about 520 instructions of generic value witnesses a call, issue 37). A
/// `dlsym` lookup of the same entry point, tried before, found the *other* copy's thread-local in a
/// statically linked binary that later loaded the shared runtime, and `wait()` blocked a Task; a
/// linked reference cannot: `.ci/static-wait` runs that binary.
@usableFromInline enum CurrentTask {
    /// Whether a Task is running on this thread.
    @usableFromInline static var isRunning: Bool {
        swiftTaskGetCurrent() != nil
    }
}

/// The runtime's current task (`AsyncTask *swift_task_getCurrent(void)`, Swift calling convention,
/// exported by every Swift concurrency runtime since 5.5), nil outside a Task.
@_silgen_name("swift_task_getCurrent")
private func swiftTaskGetCurrent() -> UnsafeMutableRawPointer?
