#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps inline callbacks from growing the stack without bound.
///
/// Settling a promise whose inline callback settles another promise nests one call per link; a
/// 1,000,000-link chain would overflow the stack. Up to `maximumDepth` nested settles run directly
/// (fast, no allocation); deeper ones are queued and run by the outermost settle's loop once the
/// stack has unwound.
@usableFromInline final class Trampoline {
    /// Nested settles allowed on one thread before work is queued (a few KiB of stack at most).
    @usableFromInline static let maximumDepth = 32

    @usableFromInline var depth = 0
    @usableFromInline var queued: [() -> Void] = []

    @inlinable init() {}

    @usableFromInline static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<Trampoline>.fromOpaque(pointer).release()
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    @inlinable static var current: Trampoline {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    @usableFromInline static func makeCurrent() -> Trampoline {
        let trampoline = Trampoline()
        pthread_setspecific(key, Unmanaged.passRetained(trampoline).toOpaque())
        return trampoline
    }

    /// Whether this thread is inside an inline callback with settles queued behind it: blocking here
    /// would keep those settles from ever running.
    static var hasQueuedWork: Bool {
        guard let pointer = pthread_getspecific(key) else { return false }
        let trampoline = Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        return trampoline.depth > 0 && !trampoline.queued.isEmpty
    }

    /// Calls `callbacks` with `result`: directly while the nesting is shallow, otherwise queued for the
    /// outermost settle on this thread to run after the stack unwinds.
    @inlinable static func invoke<Value>(_ callbacks: CallbackList<Value>, with result: Result<Value, any Error>) {
        let trampoline = current
        if trampoline.depth >= maximumDepth {
            trampoline.queued.append { callbacks.invokeAll(with: result) }
            return
        }
        trampoline.depth += 1
        callbacks.invokeAll(with: result)
        if trampoline.depth == 1 && !trampoline.queued.isEmpty { trampoline.runQueued() }
        trampoline.depth -= 1
    }

    /// The outermost loop: runs queued work (which may queue more) until none is left.
    @usableFromInline func runQueued() {
        var index = 0
        while index < queued.count {
            let job = queued[index]
            index += 1
            job()
            if index >= 1024 && index * 2 >= queued.count {
                // Release finished jobs (and the results they hold) during long chains.
                queued.removeFirst(index)
                index = 0
            }
        }
        queued.removeAll(keepingCapacity: queued.capacity <= 1024)
    }
}
