import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Dispatch context the calling thread is in.
enum CurrentQueue {
    /// Marks a queue with a key of its own, so the current thread can ask whether it runs that queue
    /// (or a queue that targets it): `DispatchQueue.getSpecific` walks the current queue's targets.
    // @unchecked: `key` is immutable; `DispatchSpecificKey` is a stateless token.
    private final class Mark: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
    }

    private static let markKey = DispatchSpecificKey<Mark>()
    /// Serializes marking, so two waits never give one queue two marks; counts the queues marked.
    /// (Not a `Void` header: a zero-sized header would share its address with the lock.)
    private static let marking = LockedBox.make(0)

    /// Whether the calling thread runs work of `queue`, or of a queue that targets it.
    static func isRunning(_ queue: DispatchQueue) -> Bool {
        if queue.label.hasPrefix("com.apple.root.") { return false }  // global queues are concurrent
        if queue.label == DispatchQueue.main.label && Thread.isMainThread { return true }
        let mark = marking.withLock { marked -> Mark in
            if let existing = queue.getSpecific(key: markKey) { return existing }
            marked += 1
            let mark = Mark()
            queue.setSpecific(key: mark.key, value: true)
            queue.setSpecific(key: markKey, value: mark)
            return mark
        }
        return DispatchQueue.getSpecific(key: mark.key) == true
    }

    /// The label of the global queue whose work this thread runs, if any; nil on the main thread, on
    /// other queues, and on threads of the program's own (which Dispatch reports as its default
    /// overcommit queue, so that one global queue cannot be told apart and counts as none).
    static var globalQueueLabel: String? {
        if Thread.isMainThread { return nil }
        let label = String(cString: currentQueueLabel(nil))
        guard label.hasPrefix("com.apple.root."), label != "com.apple.root.default-qos.overcommit" else { return nil }
        return label
    }
}

/// `dispatch_queue_get_label`, which the Swift overlay hides behind `DispatchQueue.label`; with a nil
/// queue it names the current one. Looked up once, and called with the C calling convention.
private let currentQueueLabel: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar> = {
    #if canImport(Darwin)
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
        let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(handle, "dispatch_queue_get_label") else {
        preconditionFailure("libdispatch has no dispatch_queue_get_label")
    }
    return unsafeBitCast(symbol, to: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>).self)
}()
