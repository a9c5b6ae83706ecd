import Dispatch

extension Promise {
    /// Makes a promise that `Operator` settles on `queue` once this one settles. The new promise
    /// records this one as its upstream, so cancelling it detaches (and, if unobserved, cancels) this
    /// one. The operator's closures travel as `payload`, so the whole link is one object (see
    /// `LinkCore`).
    ///
    /// Transparent, like the operators built on it: a debug build inlines them into the caller, where
    /// the types are concrete, so the callback registered upstream needs no context of its own
    /// (unspecialized, it captured the type metadata, as the step's stored closure did before it
    /// became `Operator.apply`): a pending link made 3.1
    /// allocations there, now 1.1, and takes 3–25 % less time (issue 37). Release builds inline them
    /// anyway. The price: a debugger does not step into them (the user's closures it does), and they
    /// are missing from backtraces. Not transparent: `passing` (not on a chain's hot path), and the
    /// `.main` overloads, `compactMap`, `validate` and `asVoid` that forward to these (transparent,
    /// they took client type-checking from 1.12× to 1.53× the stand-in: `Benchmarks/typecheck.py`).
    @_transparent @usableFromInline func derive<Operator: LinkOperator>(
        on queue: some CallbackQueue, with payload: Operator.Payload, by _: Operator.Type
    ) -> Promise<Operator.Output> where Operator.Input == Value {
        let step = LinkStep<Operator, _>(queue: queue, payload: payload)
        #if DEBUG
            // Plain references: a debug build would call `_withUnsafeGuaranteedRef` unspecialized.
            let derived = LinkCore.make(step, neededQueue: queue.dispatchQueue)
            derived.inheritOrigin(from: core)
            let handle = LinkHandle(derived)
            core.observe({ result in handle.core.run(result) }, linking: derived)
            PromiseRegistry.track(derived, isLink: true)
            return Promise<Operator.Output>(core: derived)
        #else
            // The link's own reference, lent to the calls below and then returned: written plainly,
            // the optimizer retained a new link four times (one `swift_retain_n`) and released it three
            // times, where the one retain of `upstreamCallback()` is enough (issue 37).
            let link = Unmanaged.passRetained(LinkCore.make(step, neededQueue: queue.dispatchQueue))
            link._withUnsafeGuaranteedRef { derived in
                core.observe(derived.upstreamCallback(), linking: derived)
                PromiseRegistry.track(derived, isLink: true)
            }
            return Promise<Operator.Output>(core: link.takeRetainedValue())
        #endif
    }

    /// A promise that settles like this one once `body` has run on `queue`, for the outcomes `runs`
    /// accepts; other outcomes pass straight through, with no hop. The side-effect operators (`then`,
    /// `catch`, `always`) are built on it, so a later step never starts before their body finished.
    ///
    /// Cancelling the returned promise detaches it from this one (the upstream rule), so `body` would
    /// never see the outcome; with `runsOnCancellation` it then runs once with `CancellationError`
    /// (`always` must stop the spinner even when a `timeout` downstream cancelled it).
    @inlinable func passing<Payload: Sendable>(
        on queue: some CallbackQueue,
        runsOnCancellation: Bool = false,
        with payload: Payload,
        when runs: @escaping @Sendable (Payload, Result<Value, any Error>) -> Bool,
        _ body: @escaping @Sendable (Payload, Result<Value, any Error>) -> Void
    ) -> Promise<Value> {
        guard runsOnCancellation else {
            return derive(on: queue, with: (payload, runs, body), by: PassingOperator<Value, Payload>.self)
        }
        let derived = Promise<Value>(core: .pendingLink(neededQueue: queue.dispatchQueue))
        derived.core.inheritOrigin(from: core)
        // Whichever path runs `body` first claims it: the outcome, or the returned promise's
        // cancellation (which detaches it from this one, so the outcome would never come).
        let claimed = LockedBox(false)
        let claim: @Sendable () -> Bool = {
            claimed.withLock { claimed in
                defer { claimed = true }
                return !claimed
            }
        }
        derived.core.onCancel { queue.schedule { if claim() { body(payload, .failure(CancellationError())) } } }
        core.observe(
            { result in
                guard runs(payload, result) else {
                    derived.settle(result)
                    return
                }
                // Through a resolver: if the queue drops the work, `derived` rejects with `brokenPromise`.
                let resolver = Resolver(core: derived.core)
                queue.schedule {
                    guard claim() else { return }
                    body(payload, result)
                    _ = resolver.settle(result)
                }
            }, linking: derived.core)
        PromiseRegistry.track(derived.core, isLink: true)
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

    /// Registers `callback` like `observeResult(_:)`, recording it in `slot` so that another thread can
    /// take it back with `takeObserver(in:)`; false (nothing registered) if that already happened.
    /// `wakingOnly`: the callback only resumes a continuation or signals a semaphore (no closure of
    /// the user's, no blocking, no other promise settled), so a settle may call it without the
    /// trampoline.
    @inlinable package func observeResult(
        _ callback: @escaping @Sendable (Result<Value, any Error>) -> Void, in slot: ObserverSlot,
        wakingOnly: Bool = false
    ) -> Bool {
        core.observe(callback, in: slot, wakingOnly: wakingOnly)
    }

    /// Closes `slot` and hands over its callback, so the caller can call it instead (the promise never
    /// will); nil if none was registered or it already ran.
    @inlinable package func takeObserver(in slot: ObserverSlot) -> (@Sendable (Result<Value, any Error>) -> Void)? {
        core.takeObserver(in: slot)
    }

    /// A pending promise with no resolver, for a producer that always settles it (a Task's body); its
    /// producer runs on `queue` (for `wait()`'s deadlock check: a Task isolated to the main actor).
    @inlinable package static func unresolved(needing queue: DispatchQueue?) -> Promise<Value> {
        Promise(core: .pending(neededQueue: queue))
    }

    /// Runs `handler` once if this promise is cancelled while pending (at once if it already was).
    @inlinable package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        core.onCancel(handler)
    }

    /// Cancels `task` once if this promise is cancelled while pending (at once if it already was):
    /// like `onCancel { task.cancel() }`, with no allocation for the first such hook.
    @inlinable package func onCancel(cancelling task: Task<Void, Never>) {
        core.onCancel(cancelling: task)
    }

    /// Takes back a callback without cancelling anything; false if it already ran.
    @discardableResult
    @inlinable package func removeObserver(_ id: CallbackID) -> Bool {
        core.removeObserver(id)
    }

    /// Takes back a callback and, if that leaves this pending promise unobserved, cancels it (and so
    /// on upstream): what a consumer that no longer needs the promise does.
    @inlinable package func releaseObserver(_ id: CallbackID) {
        UpstreamLink.release([UpstreamLink(core, id)], heldBy: nil)
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

/// `passing`'s step: `body` runs for the outcomes `runs` accepts, unless the derived promise was
/// cancelled meanwhile; then the derived promise settles like its upstream.
@usableFromInline enum PassingOperator<Value: Sendable, Carried: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = (
        Carried,
        @Sendable (Carried, Result<Value, any Error>) -> Bool,
        @Sendable (Carried, Result<Value, any Error>) -> Void
    )

    @inlinable static func apply(
        _ payload: Payload, _ result: Result<Value, any Error>, _ derived: Promise<Value>, _ call: LinkCall
    ) -> Bool {
        let (carried, runs, body) = payload
        guard runs(carried, result) else {
            derived.settle(result)
            return true
        }
        guard call == .onQueue else { return false }
        // A side effect is skipped once the returned promise is cancelled, inline too.
        if derived.isPending { body(carried, result) }
        derived.settle(result)
        return true
    }
}
