import CPromiseAtomics

/// The least a promise can do for `Promise { try await … }.value`'s semantics, written by hand for one
/// `Int` and one awaiter: one object holding a lock (the library's own 4-byte `c_promise_lock_t`),
/// its Task (stored, as `Promise { }` stores the Task to cancel with it) and one callback, settled
/// once under the lock; the awaiter waits on a checked continuation inside a cancellation handler that
/// withdraws its callback. A lower bound for the library's promise, not a promise: no callback
/// queues, no second observer, no chains.
/// `async-roundtrip-parts` and `value-pending-parts` measure against it.
// @unchecked: `storage`'s header (`State`) is only read or written while holding the lock stored in
// the same allocation. (`ManagedBuffer` subclasses cannot be `Sendable`.)
struct BarePromise: @unchecked Sendable {
    final class Storage: ManagedBuffer<State, c_promise_lock_t> {}
    typealias Callback = @Sendable (Result<Int, any Error>) -> Void

    struct State {
        var result: Result<Int, any Error>?
        var callback: Callback?
        /// The awaiter was cancelled: a callback not yet registered never will be.
        var isWithdrawn = false
        var task: Task<Void, Never>?
    }

    let storage: Storage
    /// Which element of the tail holds the lock: 0 right after the state, as the library's promise has it;
    /// 16 puts it 64 bytes further, on a cache line of its own (`async-roundtrip-parts` asks what a line
    /// more that both threads write costs a round trip).
    let lockIndex: Int

    static func make(lockIndex: Int = 0) -> BarePromise {
        let storage = unsafeDowncast(
            Storage.create(minimumCapacity: lockIndex + 1) { _ in State() }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { elements in
            let lock = elements + lockIndex
            lock.initialize(to: c_promise_lock_t())
            c_promise_lock_init(lock)
        }
        return BarePromise(storage: storage, lockIndex: lockIndex)
    }

    private func locked<R>(_ body: (inout State) -> R) -> R {
        storage.withUnsafeMutablePointers { state, elements in
            let lock = elements + lockIndex
            c_promise_lock(lock)
            defer { c_promise_unlock(lock) }
            return body(&state.pointee)
        }
    }

    /// Runs `operation` in a Task that settles the promise, like `Promise(priority:) { try await … }`:
    /// the same closure type and attributes (it inherits the caller's actor), so the same thunks and
    /// frames, and the priority passed on to the Task, as `Promise { }` must.
    static func running(
        lockIndex: Int = 0, priority: TaskPriority? = nil,
        @_inheritActorContext _ operation: sending @escaping @isolated(any) () async throws -> Int
    ) -> BarePromise {
        let promise = make(lockIndex: lockIndex)
        let task = Task(priority: priority) {
            do {
                promise.settle(.success(try await operation()))
            } catch {
                promise.settle(.failure(error))
            }
        }
        promise.attach(task)
        return promise
    }

    /// Keeps `task` to cancel with the promise, unless it already settled.
    func attach(_ task: Task<Void, Never>) {
        locked { state in if state.result == nil { state.task = task } }
    }

    func settle(_ result: Result<Int, any Error>) {
        let callback: Callback? = locked { state in
            guard state.result == nil else { return nil }
            state.result = result
            state.task = nil
            defer { state.callback = nil }
            return state.callback
        }
        callback?(result)
    }

    var value: Int {
        get async throws {
            if let result = locked({ $0.result }) { return try result.get() }
            return try await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let callback: Callback = { continuation.resume(returning: $0) }
                    let early: Result<Int, any Error>? = locked { state in
                        if let result = state.result { return result }
                        if state.isWithdrawn { return .failure(CancellationError()) }
                        state.callback = callback
                        return nil
                    }
                    if let early { continuation.resume(returning: early) }
                }
            } onCancel: {
                let callback: Callback? = locked { state in
                    state.isWithdrawn = true
                    defer { state.callback = nil }
                    return state.callback
                }
                callback?(.failure(CancellationError()))
            }.get()
        }
    }
}
