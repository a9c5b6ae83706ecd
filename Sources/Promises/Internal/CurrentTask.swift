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
/// blocks. The concurrency runtime's own entry point answers with a thread-local read.
@usableFromInline enum CurrentTask {
    /// The runtime's `swift_task_getCurrent`, looked up once in every loaded image. It is part of the
    /// runtime's stable ABI (compiled async code calls it). It uses the Swift calling convention, which
    /// for a function that takes nothing and returns a pointer passes nothing and returns in the same
    /// register as the C convention on every platform Swift supports, so calling it through a C
    /// function pointer is sound; its result is only compared with nil (no ownership to manage).
    /// Looked up rather than bound with `@_silgen_name`, on which the compiler warns outside the
    /// standard library. Nil where the lookup fails (a binary that does not export the runtime's
    /// symbols, such as one linked with `--static-swift-stdlib`): then `withUnsafeCurrentTask` answers.
    static let runtimeEntry: (@convention(c) () -> UnsafeRawPointer?)? = {
        #if canImport(Darwin)
            let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT on glibc and musl
        #endif
        guard let symbol = dlsym(everyImage, "swift_task_getCurrent") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
    }()

    /// Whether a Task is running on this thread.
    @usableFromInline static var isRunning: Bool {
        if let runtimeEntry { return runtimeEntry() != nil }
        return withUnsafeCurrentTask { $0 != nil }
    }
}
