import Dispatch

/// The state machine of one promise. Every method runs under the core's lock and returns what the
/// caller must do after unlocking (run callbacks, cancel handlers, release upstream); none calls out.
///
/// Invariants: once `result` is set it never changes, and `callbacks`, `cancelHandlers`, `upstream`,
/// `lazyStart` and `neededQueue` are empty (settled promises hold nothing but their result).
@usableFromInline struct PromiseState<Value: Sendable> {
    @usableFromInline typealias Callback = CallbackList<Value>.Callback
    @usableFromInline typealias CancelHandler = @Sendable () -> Void

    @usableFromInline var result: Result<Value, any Error>?
    @usableFromInline var wasCancelled = false
    @usableFromInline var callbacks = CallbackList<Value>()
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var cancelHandlers: [CancelHandler] = []
    @usableFromInline var upstream = UpstreamLinks.none
    /// The body of a lazy promise, taken by the first observer.
    @usableFromInline var lazyStart: (@Sendable () -> Void)?
    /// The queue the pending work that settles this promise runs on (for `wait()`'s deadlock check).
    @usableFromInline var neededQueue: DispatchQueue?
    #if DEBUG
        /// Where the promise (or the head of its chain) was made, for `PendingPromiseDiagnostics`.
        @usableFromInline var origin: PromiseOrigin?
    #endif

    @inlinable init(result: Result<Value, any Error>? = nil, neededQueue: DispatchQueue? = nil) {
        self.result = result
        self.neededQueue = neededQueue
    }

    @inlinable init(lazyStart: @escaping @Sendable () -> Void, neededQueue: DispatchQueue?) {
        self.lazyStart = lazyStart
        self.neededQueue = neededQueue
    }

    @inlinable var isPending: Bool { result == nil }
    @inlinable var observerCount: Int { callbacks.count }

    // MARK: Settling

    /// What the settling thread does after unlocking.
    @usableFromInline struct Settled {
        @usableFromInline var callbacks: CallbackList<Value>
        @usableFromInline var cancelHandlers: [CancelHandler] = []
        @usableFromInline var upstream: [UpstreamLink] = []

        @inlinable init(
            callbacks: CallbackList<Value>, cancelHandlers: [CancelHandler] = [], upstream: [UpstreamLink] = []
        ) {
            self.callbacks = callbacks
            self.cancelHandlers = cancelHandlers
            self.upstream = upstream
        }
    }

    /// Settles if pending; nil if already settled. With `releasingUpstream`, hands back the upstream
    /// links for the caller to release (a timeout or a combinator that no longer needs its inputs).
    @inlinable mutating func settle(_ newResult: Result<Value, any Error>, releasingUpstream: Bool = false) -> Settled?
    {
        guard result == nil else { return nil }
        result = newResult
        let links = releasingUpstream ? upstream.array : []
        return Settled(callbacks: takeAll(), upstream: links)
    }

    /// Rejects with `CancellationError` if pending, handing back the cancel handlers and upstream links.
    @inlinable mutating func cancel() -> Settled? {
        guard result == nil else { return nil }
        result = .failure(CancellationError())
        wasCancelled = true
        let handlers = cancelHandlers
        let links = upstream.array
        return Settled(callbacks: takeAll(), cancelHandlers: handlers, upstream: links)
    }

    @inlinable mutating func takeAll() -> CallbackList<Value> {
        let taken = callbacks
        callbacks = CallbackList()
        cancelHandlers = []
        upstream = .none
        lazyStart = nil
        neededQueue = nil
        return taken
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
        callbacks.append(callback, id: nextID)
        let start = lazyStart
        lazyStart = nil
        return .registered(CallbackID(raw: nextID), start: start)
    }

    @usableFromInline enum Detached {
        case notRegistered
        case detached
        /// Detaching left nobody observing, so the promise was cancelled.
        case cancelled(Settled)
    }

    @inlinable mutating func detach(_ id: CallbackID, cancellingIfUnobserved: Bool) -> Detached {
        guard result == nil, callbacks.remove(id: id.raw) else { return .notRegistered }
        guard cancellingIfUnobserved, callbacks.isEmpty, let settled = cancel() else { return .detached }
        return .cancelled(settled)
    }

    // MARK: Dependencies

    /// Records a promise this one waits on; false if already settled (the caller releases the link).
    @inlinable mutating func addUpstream(_ link: UpstreamLink) -> Bool {
        guard result == nil else { return false }
        upstream.append(link)
        return true
    }

    /// Replaces the upstream (a `flatMap` moving from its source to the inner promise); its work queue
    /// is done. False if already settled.
    @inlinable mutating func replaceUpstream(with link: UpstreamLink) -> Bool {
        guard result == nil else { return false }
        upstream = .one(link)
        neededQueue = nil
        return true
    }

    @inlinable var upstreamLinks: [UpstreamLink] { upstream.array }

    /// Registers a handler for cancellation; returns true when it must run now (already cancelled).
    @inlinable mutating func addCancelHandler(_ handler: @escaping CancelHandler) -> Bool {
        if result == nil {
            cancelHandlers.append(handler)
            return false
        }
        return wasCancelled
    }
}
