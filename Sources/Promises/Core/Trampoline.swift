#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs callbacks in a loop instead of by recursion.
///
/// Settling a promise whose inline callback settles another promise would otherwise recurse once per
/// link; a 1,000,000-link chain would overflow the stack. The first settle on a thread drains; a settle
/// made while that thread is already draining is queued and run by the outer loop, after the current
/// callback returns.
final class Trampoline {
    private var isDraining = false
    private var queued: [() -> Void] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<Trampoline>.fromOpaque(pointer).release()
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    private static var current: Trampoline {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        }
        let trampoline = Trampoline()
        pthread_setspecific(key, Unmanaged.passRetained(trampoline).toOpaque())
        return trampoline
    }

    /// Whether this thread is inside a drain loop (an inline callback is running).
    static var isDraining: Bool {
        guard let pointer = pthread_getspecific(key) else { return false }
        return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue().isDraining
    }

    /// Calls `callbacks` with `result` now, or, inside a drain on this thread, right after the current callback.
    static func invoke<Value>(_ callbacks: CallbackList<Value>, with result: Result<Value, any Error>) {
        let trampoline = current
        if trampoline.isDraining {
            trampoline.queued.append { callbacks.invokeAll(with: result) }
            return
        }
        trampoline.isDraining = true
        callbacks.invokeAll(with: result)
        var index = 0
        while index < trampoline.queued.count {
            let job = trampoline.queued[index]
            index += 1
            job()
            if index >= 1024 && index * 2 >= trampoline.queued.count {
                // Release finished jobs (and the results they hold) during long chains.
                trampoline.queued.removeFirst(index)
                index = 0
            }
        }
        trampoline.queued.removeAll(keepingCapacity: trampoline.queued.capacity <= 1024)
        trampoline.isDraining = false
    }
}
