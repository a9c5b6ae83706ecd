import Dispatch

/// The state machine of one promise. Every method runs under the core's lock and returns what the
/// caller must do after unlocking (run callbacks, cancel handlers, release upstream); none calls out.
///
/// Invariants: once `result` is set it never changes, and `callbacks`, `cancelHandlers`, `upstream`,
/// `lazyStart` and `neededQueue` are empty (settled promises hold nothing but their result).
@usableFromInline struct PromiseState<Value: Sendable> {
    @usableFromInline typealias Callback = CallbackList<Value>.Callback
    @usableFromInline typealias CancelHandler = @Sendable () -> Void

    /// Whether a `LinkCore` still holds its step. Read and written only by the step's owner (see
    /// `LinkCore`), which needs no lock for it. It must stay the first stored property: the link's
    /// deinit reads it at a fixed offset, without the type metadata a generic deinit would look up.
    @usableFromInline var linkStepHeld = false
    @usableFromInline var result: Result<Value, any Error>?
    @usableFromInline var wasCancelled = false
    @usableFromInline var nextID: UInt64 = 0
    /// What only a pending promise holds, in one struct so settling moves it out in one step.
    @usableFromInline var held = Settled()
    #if DEBUG
        /// Where the promise (or the head of its chain) was made, for `PendingPromiseDiagnostics`.
        @usableFromInline var origin: PromiseOrigin?
    #endif

    @inlinable init(result: Result<Value, any Error>? = nil, neededQueue: DispatchQueue? = nil) {
        self.result = result
        held.neededQueue = neededQueue
    }

    @inlinable init(lazyStart: @escaping @Sendable () -> Void, neededQueue: DispatchQueue?) {
        held.extras = Extras(lazyStart: lazyStart)
        held.neededQueue = neededQueue
    }

    @inlinable var isPending: Bool { result == nil }
    @inlinable var observerCount: Int { held.callbacks.count }
    @inlinable var neededQueue: DispatchQueue? { held.neededQueue }

    // MARK: Settling

    /// Everything a settled promise lets go of, moved out under the lock and released after unlocking:
    /// releasing a closure can run a deinit, and no user code may run under the lock.
    @usableFromInline struct Settled {
        @usableFromInline var callbacks = CallbackList<Value>()
        @usableFromInline var upstream = UpstreamLinks.none
        /// The queue the pending work that settles this promise runs on (for `wait()`'s deadlock check).
        @usableFromInline var neededQueue: DispatchQueue?
        /// Cancel handlers and a lazy body, which few promises have.
        @usableFromInline var extras: Extras?

        @inlinable init() {}

        @inlinable var cancelHandlers: [CancelHandler] { extras?.cancelHandlers ?? [] }
    }

    /// What few promises hold, out of line: fewer fields make every settle and deinit cheaper.
    /// Like the rest of the state, only touched under the core's lock or once moved out of it.
    @usableFromInline final class Extras {
        @usableFromInline var cancelHandlers: [CancelHandler] = []
        /// The body of a lazy promise, taken by the first observer.
        @usableFromInline var lazyStart: (@Sendable () -> Void)?

        @inlinable init(lazyStart: (@Sendable () -> Void)? = nil) {
            self.lazyStart = lazyStart
        }
    }

    /// Settles if pending, swapping what it held into `settled` (which must be empty); false if already
    /// settled. An `inout` rather than an optional return: the optional's destroy went through
    /// run-time metadata on every settle.
    @inlinable mutating func settle(_ newResult: Result<Value, any Error>, handingOver settled: inout Settled) -> Bool {
        guard result == nil else { return false }
        result = newResult
        swap(&held, &settled)
        return true
    }

    /// Cancels if pending, like `settle(_:handingOver:)` with `CancellationError`.
    @inlinable mutating func cancel(handingOver settled: inout Settled) -> Bool {
        guard result == nil else { return false }
        result = .failure(CancellationError())
        wasCancelled = true
        swap(&held, &settled)
        return true
    }

    /// Rejects with `CancellationError` if pending.
    @inlinable mutating func cancel() -> Settled? {
        guard result == nil else { return nil }
        result = .failure(CancellationError())
        wasCancelled = true
        return takeAll()
    }

    /// Moves out everything only a pending promise holds (a bitwise move: no copies, no retains).
    @inlinable mutating func takeAll() -> Settled {
        withUnsafeMutablePointer(to: &held) { held in
            let taken = held.move()
            held.initialize(to: Settled())
            return taken
        }
    }

    // MARK: Observing

    @usableFromInline enum Observed {
        /// Registered; start the lazy body if one is returned.
        case registered(CallbackID, start: (@Sendable () -> Void)?)
        /// Already settled: call the callback now.
        case settled(Result<Value, any Error>)
    }

    @inlinable mutating func observe(_ callback: @escaping Callback) -> Observed {
        if let result { return .settled(result) }
        nextID &+= 1
        held.callbacks.append(callback, id: nextID)
        let start = held.extras?.lazyStart
        held.extras?.lazyStart = nil
        return .registered(CallbackID(raw: nextID), start: start)
    }

    /// The outcome of a detach; the removed callback travels out to be released after unlocking.
    @usableFromInline enum Detached {
        case notRegistered
        case detached(Callback)
        /// Detaching left nobody observing, so the promise was cancelled.
        case cancelled(Settled, Callback)
    }

    @inlinable mutating func detach(_ id: CallbackID, cancellingIfUnobserved: Bool) -> Detached {
        guard result == nil, let removed = held.callbacks.remove(id: id.raw) else { return .notRegistered }
        guard cancellingIfUnobserved, held.callbacks.isEmpty, let settled = cancel() else { return .detached(removed) }
        return .cancelled(settled, removed)
    }

    // MARK: Dependencies

    /// Records a promise this one waits on; false if already settled (the caller releases the link).
    @inlinable mutating func addUpstream(_ link: UpstreamLink) -> Bool {
        guard result == nil else { return false }
        held.upstream.append(link)
        return true
    }

    /// Sets the only upstream of a promise that is not yet shared (see `PromiseCore.observe(_:linking:)`).
    @inlinable mutating func setUpstream(_ link: UpstreamLink) {
        held.upstream = .one(link)
    }

    /// Replaces the upstream (a `flatMap` moving from its source to the inner promise); its work queue
    /// is done. Returns the old links, for the caller to drop after unlocking (they may hold the last
    /// reference to a settled promise and its value); nil if already settled.
    @inlinable mutating func replaceUpstream(with link: UpstreamLink) -> UpstreamLinks? {
        guard result == nil else { return nil }
        var old = UpstreamLinks.one(link)
        swap(&old, &held.upstream)
        held.neededQueue = nil
        return old
    }

    @inlinable var upstreamLinks: [UpstreamLink] { held.upstream.array }

    /// Registers a handler for cancellation; returns true when it must run now (already cancelled).
    @inlinable mutating func addCancelHandler(_ handler: @escaping CancelHandler) -> Bool {
        if result == nil {
            if let extras = held.extras {
                extras.cancelHandlers.append(handler)
            } else {
                let extras = Extras()
                extras.cancelHandlers = [handler]
                held.extras = extras
            }
            return false
        }
        return wasCancelled
    }
}
