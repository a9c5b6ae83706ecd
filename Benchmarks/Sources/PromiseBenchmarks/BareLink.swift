import CPromiseAtomics

/// The least a chain of side effects can do for `then(on: .inline)`'s semantics, written by hand for
/// `Int` and one observer per promise: each link is one object holding a lock (the library's own
/// 4-byte `c_promise_lock_t`), its outcome, its one observer's callback, the step (`body`) and the
/// promise it hangs from; settled once under the lock, with the callback called after unlocking. Its
/// body is skipped once the link was cancelled, checked under the lock as the body is taken;
/// cancelling a link detaches it from the one it hangs from, and cancels that one when nothing else
/// observes it. A lower bound for the library's `then`, not a
/// promise: no second observer, no callback queues, no bound on the stack a long chain's settle takes,
/// no pending-promise registry. `then-side-effect-pending-parts` measures against it.
///
/// A padded chain (`pending(padded: true)`) gives each link 60 unused bytes (15 more elements) and
/// nothing else, past the 120 bytes glibc's `malloc` serves from its fast bins.
/// Not generic, so that its deinit, like the rest, runs specialized (a generic one destroys the
/// header through run-time metadata).
// @unchecked: `storage`'s header (`State`) is only read or written while holding the lock stored in
// the same allocation, except `padded`, written before the link is shared.
// (`ManagedBuffer` subclasses cannot be `Sendable`.)
struct BareLink: @unchecked Sendable {
    final class Storage: ManagedBuffer<State, c_promise_lock_t> {}
    typealias Callback = @Sendable (Result<Int, any Error>) -> Void

    struct State {
        var result: Result<Int, any Error>?
        /// Whether this chain's links carry the padding (in room `result`'s alignment leaves).
        let padded: Bool
        var callback: Callback?
        var body: (@Sendable (Int) -> Void)?
        var upstream: Storage?

        init(padded: Bool, body: (@Sendable (Int) -> Void)? = nil, upstream: Storage? = nil) {
            self.padded = padded
            self.body = body
            self.upstream = upstream
        }
    }

    let storage: Storage

    static func pending(padded: Bool = false) -> Self { make(State(padded: padded)) }

    private static func make(_ state: State) -> Self {
        let elements = state.padded ? 16 : 1
        let storage = unsafeDowncast(Storage.create(minimumCapacity: elements) { _ in state }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { lock in
            lock.initialize(to: c_promise_lock_t())
            c_promise_lock_init(lock)
        }
        return Self(storage: storage)
    }

    private func locked<R>(_ body: (inout State) -> R) -> R {
        storage.withUnsafeMutablePointers { state, lock in
            c_promise_lock(lock)
            defer { c_promise_unlock(lock) }
            return body(&state.pointee)
        }
    }

    var isSettled: Bool { locked { $0.result != nil } }

    /// A link that runs `body` with the value, then settles like this one.
    func then(_ body: @escaping @Sendable (Int) -> Void) -> Self {
        // Not shared yet: its state is written as it is made, with no lock.
        let padded = storage.withUnsafeMutablePointerToHeader { $0.pointee.padded }  // never written again
        let derived = Self.make(State(padded: padded, body: body, upstream: storage))
        let settled: Result<Int, any Error>? = locked { state in
            if let result = state.result { return result }
            state.callback = { result in derived.run(result) }
            return nil
        }
        if let settled { derived.run(settled) }
        return derived
    }

    /// The upstream's outcome: runs the step unless this link was cancelled meanwhile, then settles.
    /// (Closures are moved out through locals: returned through `locked`'s generic result, each would
    /// be reabstracted, two allocations.)
    private func run(_ result: Result<Int, any Error>) {
        var body: (@Sendable (Int) -> Void)?
        let live = locked { state -> Bool in
            swap(&body, &state.body)  // released after unlocking, whichever way
            return state.result == nil
        }
        if case .success(let value) = result, live, let body { body(value) }
        settle(result)
    }

    func settle(_ result: Result<Int, any Error>) {
        var upstream: Storage?
        var callback: Callback?
        locked { state in
            guard state.result == nil else { return }
            state.result = result
            swap(&upstream, &state.upstream)
            swap(&callback, &state.callback)
        }
        callback?(result)
    }

    /// Cancels if pending, detaching from the upstream, which is cancelled in turn once unobserved.
    func cancel() {
        var upstream: Storage?
        var body: (@Sendable (Int) -> Void)?
        var callback: Callback?
        let cancelled = locked { state -> Bool in
            guard state.result == nil else { return false }
            state.result = .failure(CancellationError())
            swap(&upstream, &state.upstream)
            swap(&body, &state.body)
            swap(&callback, &state.callback)
            return true
        }
        guard cancelled else { return }
        callback?(.failure(CancellationError()))
        if let upstream { Self(storage: upstream).detach() }
    }

    /// Its one observer went away: cancels it if still pending.
    private func detach() {
        var callback: Callback?
        locked { state in swap(&callback, &state.callback) }  // released after unlocking
        if callback != nil { cancel() }
    }
}
