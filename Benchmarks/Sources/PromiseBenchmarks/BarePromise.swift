import CPromiseAtomics

/// The least a promise can do for `Promise { try await … }.value`'s semantics, written by hand for one
/// `Int` and one awaiter: one object holding a lock (the library's own 4-byte `c_promise_lock_t`),
/// its Task (stored, as `Promise { }` stores the Task to cancel with it) and one callback, settled
/// once under the lock; the awaiter waits on a checked continuation inside a cancellation handler that
/// withdraws its callback. A lower bound for the library's promise, not a promise: no callback
/// queues, no second observer, no chains.
/// `async-roundtrip-parts` and `value-pending-parts` measure against it; `BareResolver` adds what
/// `Promise.pending()` promises on top.
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

    /// Whether this call settled it.
    @discardableResult func settle(_ result: Result<Int, any Error>) -> Bool {
        // nil: settled already; `.some(nil)`: settled before an awaiter registered.
        let taken: Callback?? = locked { state in
            guard state.result == nil else { return nil }
            state.result = result
            state.task = nil
            defer { state.callback = nil }
            return .some(state.callback)
        }
        guard let callback = taken else { return false }
        callback?(result)
        return true
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

/// The least handle for `Promise.pending()`'s resolver semantics, written by hand for `BarePromise`:
/// a reference of its own, apart from the promise's, whose deinit rejects a promise it left pending
/// (a dropped completion handler rejects instead of hanging). Two lifetimes need two reference
/// counts, so two objects, as the library's `Resolver` and its core are.
// @unchecked: `settledHere` is written only by the one thread whose `settle` won (it wins once), and
// read by the deinit, which the releases of every reference order after that write.
final class BareResolver: @unchecked Sendable {
    struct BrokenPromise: Error {}

    let promise: BarePromise
    /// Unchecked, as the library's: no access can overlap (above).
    @exclusivity(unchecked) private var settledHere = false

    fileprivate init(promise: BarePromise) {
        self.promise = promise
    }

    deinit {
        if !settledHere { promise.settle(.failure(BrokenPromise())) }
    }

    func fulfill(_ value: Int) {
        if promise.settle(.success(value)) { settledHere = true }
    }
}

extension BarePromise {
    /// A pending promise and the resolver that settles it, like `Promise.pending()`.
    static func pending() -> (BarePromise, BareResolver) {
        let promise = make()
        return (promise, BareResolver(promise: promise))
    }
}
