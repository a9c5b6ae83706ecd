import Dispatch

extension Promise {
    /// Makes a promise that `body` settles on `queue` once this one settles. The new promise records
    /// this one as its upstream, so cancelling it detaches (and, if unobserved, cancels) this one.
    @inlinable func derive<U>(
        on queue: some CallbackQueue,
        _ body: @escaping @Sendable (Result<Value, any Error>, Promise<U>) -> Void
    ) -> Promise<U> {
        let derived = Promise<U>(core: .pending(neededQueue: queue.dispatchQueue))
        derived.core.inheritOrigin(from: core)
        if queue.dispatchQueue == nil {
            core.observe({ result in queue.schedule { body(result, derived) } }, linking: derived.core)
        } else {
            // Queued work may start after the derived promise was cancelled: skip it then.
            core.observe(
                { result in queue.schedule { if derived.isPending { body(result, derived) } } },
                linking: derived.core)
        }
        return derived
    }

    /// A pending promise whose producer runs on `queue` (for `wait()`'s deadlock check): the async
    /// bridge's Tasks isolated to the main actor.
    @inlinable package static func pending(needing queue: DispatchQueue?) -> (Promise<Value>, Resolver<Value>) {
        let core = PromiseCore<Value>.pending(neededQueue: queue)
        return (Promise(core: core), Resolver(core: core))
    }

    /// A promise that settles like this one once `body` has run on `queue`, for the outcomes `runs`
    /// accepts; other outcomes pass straight through, with no hop. The side-effect operators (`then`,
    /// `catch`, `always`) are built on it, so a later step never starts before their body finished.
    ///
    /// Cancelling the returned promise detaches it from this one (the upstream rule), so `body` would
    /// never see the outcome; with `runsOnCancellation` it then runs once with `CancellationError`
    /// (`always` must stop the spinner even when a `timeout` downstream cancelled it).
    @inlinable func passing(
        on queue: some CallbackQueue,
        runsOnCancellation: Bool = false,
        when runs: @escaping @Sendable (Result<Value, any Error>) -> Bool,
        _ body: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) -> Promise<Value> {
        let derived = Promise<Value>(core: .pending(neededQueue: queue.dispatchQueue))
        derived.core.inheritOrigin(from: core)
        // Whichever path runs `body` first claims it; without `runsOnCancellation`, a cancelled
        // derived promise skips it.
        let claim: @Sendable () -> Bool
        if runsOnCancellation {
            let claimed = LockedBox(false)
            claim = {
                claimed.withLock { claimed in
                    defer { claimed = true }
                    return !claimed
                }
            }
            derived.core.onCancel { queue.schedule { if claim() { body(.failure(CancellationError())) } } }
        } else {
            claim = { derived.isPending }
        }
        core.observe(
            { result in
                guard runs(result) else {
                    derived.settle(result)
                    return
                }
                queue.schedule {
                    guard claim() else { return }
                    body(result)
                    derived.settle(result)
                }
            }, linking: derived.core)
        return derived
    }

    /// Settles this promise (internal producers: operators, combinators, the async bridge).
    @discardableResult
    @inlinable package func settle(_ result: Result<Value, any Error>) -> Bool {
        core.settle(result)
    }

    /// Settles this promise like `inner`, which becomes its upstream for cancellation. If `inner` is
    /// this promise, or waits on it, neither could ever settle: this one rejects with
    /// `PromiseError.cycle` instead (Promises/A+ 2.3.1).
    @inlinable package func follow(_ inner: Promise<Value>) {
        if inner.core === core || UpstreamLink.dependencies(of: inner.core, reach: core) {
            settle(.failure(PromiseError.cycle))
            return
        }
        let id = inner.core.observe { result in self.settle(result) }
        core.replaceUpstream(with: inner.core, id)
    }

    /// Registers `callback` for the outcome, called on the settling thread; returns nil when it already
    /// ran because the promise was settled. Take it back with `removeObserver(_:)`.
    @inlinable package func observeResult(_ callback: @escaping @Sendable (Result<Value, any Error>) -> Void)
        -> CallbackID?
    {
        core.observe(callback)
    }

    /// Takes back a callback without cancelling anything; false if it already ran.
    @discardableResult
    @inlinable package func removeObserver(_ id: CallbackID) -> Bool {
        core.removeObserver(id)
    }

    /// Takes back a callback and, if that leaves this pending promise unobserved, cancels it (and so
    /// on upstream): what a consumer that no longer needs the promise does.
    @inlinable package func releaseObserver(_ id: CallbackID) {
        UpstreamLink.release([UpstreamLink(core, id)])
    }

    /// How many callbacks are registered (tests check that observers are taken back).
    @inlinable package var observerCount: Int { core.withLock { $0.observerCount } }

    /// Runs `body` on `queue` with the outcome, without creating a promise (side-effect observers).
    @inlinable func observe<Queue: CallbackQueue>(
        on queue: Queue, _ body: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) {
        if Queue.self == InlineCallbackQueue.self {
            core.observe(body)  // no wrapper closure to allocate
        } else {
            core.observe { result in queue.schedule { body(result) } }
        }
    }
}
