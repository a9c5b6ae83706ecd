#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the calling thread runs a Swift Task, for `wait()`'s first check.
///
/// `withUnsafeCurrentTask` answers in about 550 instructions (callgrind), most of them the generic
/// value witnesses of the resilient `UnsafeCurrentTask`: more than the rest of `wait()` before it
/// blocks. The concurrency runtime's own entry point answers in a thread-local read.
@usableFromInline enum CurrentTask {
    /// The runtime's `swift_task_getCurrent`, looked up once. It is part of the runtime's stable ABI
    /// (compiled async code calls it), takes nothing and returns the current task or null, so calling
    /// it as a C function is sound; it is looked up rather than named with `@_silgen_name`, which the
    /// compiler reserves for the runtime. Nil where the lookup fails (a binary that does not export
    /// the runtime's symbols, such as one linked with `--static-swift-stdlib`).
    static let runtimeEntry: (@convention(c) () -> UnsafeRawPointer?)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getCurrent") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
    }()

    /// Whether a Task is running on this thread.
    @usableFromInline static var isRunning: Bool {
        if let runtimeEntry { return runtimeEntry() != nil }
        return withUnsafeCurrentTask { $0 != nil }
    }
}
