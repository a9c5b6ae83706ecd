import CPromiseAtomics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps inline callbacks from growing the stack without bound, and knows which settles this thread
/// is still delivering (for `wait()`'s deadlock check).
///
/// Settling a promise whose inline callback settles another promise nests one call per link; a
/// 1,000,000-link chain would overflow the stack. Up to `maximumDepth` nested deliveries run directly
/// (fast, no allocation); deeper ones are queued and run by the outermost delivery's loop once the
/// stack has unwound. Callbacks on an already settled promise go through the same path, so a
/// recursion through settled promises is bounded too, and runs after callbacks queued before it.
@usableFromInline final class Trampoline {
    /// Nested deliveries allowed on one thread before work is queued (a few KiB of stack at most).
    @usableFromInline static let maximumDepth = 32

    /// A settle whose callbacks this thread is delivering: the promise, and the id of the callback
    /// running now (those with a larger id have not run yet; 0 while its cancel handlers run).
    @usableFromInline struct Delivery {
        @usableFromInline let source: ObjectIdentifier
        @usableFromInline var current: UInt64

        @inlinable init(source: ObjectIdentifier, current: UInt64) {
            self.source = source
            self.current = current
        }
    }

    /// How many deliveries this thread is inside. Kept in a thread-local of its own
    /// (`c_promise_this_thread`), which a lone wake-up updates without loading a trampoline object;
    /// static, since it is the calling thread's whatever trampoline one asks.
    @inlinable static var depth: Int {
        get { c_promise_this_thread().pointee.depth }
        set { c_promise_this_thread().pointee.depth = newValue }
    }

    // Only this trampoline's own thread touches these (it is thread-local), so the dynamic
    // exclusivity checks, a few per settle on the hottest path, are turned off.
    /// Work queued behind the running batch. Never mutated while jobs are released: a released job
    /// can run a deinit (a dropped `Resolver`) that queues more work.
    @exclusivity(unchecked) @usableFromInline var queued: [() -> Void] = []
    /// Jobs of the running batch that have not started yet.
    @exclusivity(unchecked) @usableFromInline var batchRemaining = 0
    /// The settles being delivered, innermost last: a stack of our own rather than an array, whose
    /// uniqueness and bounds checks cost a few percent of a link.
    @exclusivity(unchecked) @usableFromInline var deliveries: UnsafeMutablePointer<Delivery>
    @exclusivity(unchecked) @usableFromInline var deliveryCount = 0
    @exclusivity(unchecked) @usableFromInline var deliveryCapacity = 2 * maximumDepth

    @usableFromInline init() {
        deliveries = .allocate(capacity: deliveryCapacity)
    }

    deinit {
        deliveries.deallocate()
    }

    /// Records the start of a delivery of `source`'s settle; returns its slot.
    @inlinable @inline(__always)
    func beginDelivery(of source: ObjectIdentifier) -> Int {
        if deliveryCount == deliveryCapacity { growDeliveries() }
        (deliveries + deliveryCount).initialize(to: Delivery(source: source, current: 0))
        deliveryCount += 1
        return deliveryCount - 1
    }

    /// Cancel handlers that cancel other promises nest deliveries without bound.
    @usableFromInline func growDeliveries() {
        let grown = UnsafeMutablePointer<Delivery>.allocate(capacity: deliveryCapacity * 2)
        grown.moveInitialize(from: deliveries, count: deliveryCount)
        deliveries.deallocate()
        deliveries = grown
        deliveryCapacity *= 2
    }

    /// Keeps each thread's trampoline alive, and releases it at thread exit. Read through the C
    /// thread-local `c_promise_trampoline` instead: a load, where `pthread_getspecific` is a call and
    /// this `static let` a `swift_once` check (about 30 instructions of every settle, issue 37).
    @usableFromInline static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            // Cleared first: another key's destructor that settles a promise makes a new one.
            c_promise_set_current_trampoline(nil)
            Unmanaged<Trampoline>.fromOpaque(pointer).release()
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    @inlinable static var current: Trampoline {
        if let pointer = c_promise_current_trampoline() {
            return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    /// Runs `body` with this thread's trampoline, which the thread-specific slot keeps alive: no
    /// retain and release around it, as `current` costs.
    @inlinable @inline(__always)
    static func withCurrent<R>(_ body: (Trampoline) -> R) -> R {
        if let pointer = c_promise_current_trampoline() {
            return Unmanaged<Trampoline>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        return body(makeCurrent())
    }

    /// This thread's trampoline, if it ever delivered anything.
    static var existing: Trampoline? {
        c_promise_current_trampoline().map { Unmanaged<Trampoline>.fromOpaque($0).takeUnretainedValue() }
    }

    @usableFromInline static func makeCurrent() -> Trampoline {
        // The thread-local may be gone while the key still holds one (Darwin frees `__thread`
        // storage in a key destructor of its own): publish that one again rather than leak it.
        if let pointer = pthread_getspecific(key) {
            c_promise_set_current_trampoline(pointer)
            return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        }
        let trampoline = Trampoline()
        let retained = Unmanaged.passRetained(trampoline).toOpaque()
        pthread_setspecific(key, retained)
        c_promise_set_current_trampoline(retained)
        return trampoline
    }

    /// Calls a lone wake-up (`CallbackList.soleWakeUp`) without the delivery record, which only
    /// `wait()`'s check of user callbacks reads, but counted in the depth like any delivery: with an
    /// executor that runs jobs inline, the Task it resumes runs inside this call and may settle more
    /// promises, whose wake-ups would otherwise nest without bound. At the depth limit it is queued
    /// behind earlier work, as any delivery is.
    ///
    /// Counted on the thread-locals alone (`nested`), without loading this thread's trampoline
    /// object: the same instructions give or take five, but `Promise { }.value` and an `await` of
    /// `pending()` took 2–5 % less time against `BarePromise` (`async-roundtrip-parts`, issue 37).
    @inlinable static func wake<Value>(
        _ wakeUp: @escaping CallbackList<Value>.Callback, with result: Result<Value, any Error>
    ) {
        guard depth < maximumDepth else {
            current.queued.append { wakeUp(result) }
            noteQueuedWork()
            return
        }
        nested { wakeUp(result) }
    }

    /// Records that `queued` holds work, for `nested`. Called after each append to `queued`, which
    /// takes its closures literally: passed through a function first, each would need a thunk, one
    /// more allocation per queued job.
    @inlinable @inline(__always) static func noteQueuedWork() {
        c_promise_this_thread().pointee.mayHaveQueuedWork = true
    }

    /// Runs `body` one level deeper on this thread; the outermost level then runs what deeper levels
    /// queued. Reads only the thread-locals, and this thread's trampoline only when work was queued.
    @inlinable @inline(__always)
    static func nested(_ body: () -> Void) {
        let thread = c_promise_this_thread()
        let depth = thread.pointee.depth
        thread.pointee.depth = depth + 1
        body()
        assert(thread.pointee.mayHaveQueuedWork || queueIsEmpty, "queued work not noted (noteQueuedWork)")
        if depth == 0 && thread.pointee.mayHaveQueuedWork { current.runQueued() }
        thread.pointee.depth = depth
    }

    /// Whether this thread's trampoline, if any, has nothing queued (for `nested`'s assert).
    @usableFromInline static var queueIsEmpty: Bool { existing?.queued.isEmpty ?? true }

    /// Whether work waits to run on this thread once the current callback returns.
    @inlinable var hasQueuedWork: Bool { Self.depth > 0 && (batchRemaining > 0 || !queued.isEmpty) }

    /// Whether this thread is inside a callback with settles queued behind it: blocking here would
    /// keep those settles from ever running.
    static var hasQueuedWork: Bool { existing?.hasQueuedWork ?? false }

    /// Whether this thread is delivering a settle of `source` whose callback `id` has not finished:
    /// a promise waiting on that callback cannot settle while this thread blocks.
    static func isDelivering(_ source: ObjectIdentifier, before id: UInt64) -> Bool {
        guard let trampoline = existing else { return false }
        let deliveries = UnsafeBufferPointer(start: trampoline.deliveries, count: trampoline.deliveryCount)
        return deliveries.contains { $0.source == source && $0.current <= id }
    }

    /// Delivers `result` to `callbacks` of `source`: directly while the nesting is shallow, otherwise
    /// queued for the outermost delivery on this thread.
    @inlinable static func invoke<Value>(
        _ callbacks: CallbackList<Value>, with result: Result<Value, any Error>, from source: AnyObject
    ) {
        withCurrent { trampoline in
            if depth >= maximumDepth {
                // Keeps `source` alive until then, so its identity cannot be reused meanwhile.
                trampoline.queued.append { trampoline.deliver(callbacks, result, ObjectIdentifier(source)) }
                noteQueuedWork()
                return
            }
            nested { trampoline.deliver(callbacks, result, ObjectIdentifier(source)) }
        }
    }

    /// Calls `callback` of an already settled promise, after any work queued on this thread (so
    /// callbacks registered before a deep settle run first) and never deeper than `maximumDepth`.
    @inlinable static func invoke<Value>(
        _ callback: @escaping CallbackList<Value>.Callback, with result: Result<Value, any Error>
    ) {
        withCurrent { trampoline in
            if depth >= maximumDepth || trampoline.hasQueuedWork {
                trampoline.queued.append { callback(result) }
                noteQueuedWork()
                return
            }
            nested { callback(result) }
        }
    }

    /// Runs cancel handlers as part of `source`'s delivery (before any callback has run).
    @inlinable func deliver(cancelHandlersOf extras: PromiseAttachment, from source: AnyObject) {
        _ = beginDelivery(of: ObjectIdentifier(source))
        extras.runCancelHandlers()
        deliveryCount -= 1
    }

    @inlinable func deliver<Value>(
        _ callbacks: CallbackList<Value>, _ result: Result<Value, any Error>, _ source: ObjectIdentifier
    ) {
        let slot = beginDelivery(of: source)
        // The first callback is called where it lies (`callbacks` is borrowed for the whole call),
        // not bound to a local: binding copied it, a retain and a release per settle.
        if let id = callbacks.first?.id {
            deliveries[slot].current = id
            callbacks.first?.callback?(result)
        }
        for entry in callbacks.rest {
            guard let callback = entry.callback else { continue }
            // Re-read: a nested delivery may have grown (moved) the stack.
            deliveries[slot].current = entry.id
            callback(result)
        }
        deliveryCount -= 1
    }

    /// The outermost loop: runs queued work in batches (which may queue more) until none is left.
    @usableFromInline func runQueued() {
        var batch: [() -> Void] = []
        while !queued.isEmpty {
            swap(&batch, &queued)
            batchRemaining = batch.count
            for job in batch {
                batchRemaining -= 1
                job()
            }
            // Released outside any mutation of `queued`: a deinit here may queue more work.
            batch.removeAll(keepingCapacity: batch.capacity <= 1024)
        }
        c_promise_this_thread().pointee.mayHaveQueuedWork = false
    }
}
