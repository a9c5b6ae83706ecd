/// Work handed to a queue, which rejects its promise with `PromiseError.brokenPromise` if the queue
/// releases it without running it (a custom `CallbackQueue` that drops work), as a dropped `Resolver`
/// does. Otherwise the promise would stay pending, and it and the links observing it would keep each
/// other alive forever. The closure a queue gets captures only the job object, which Swift uses as
/// the closure's context, so a hop allocates no more than a closure capturing the work would.

/// A link's step handed to its queue.
// @unchecked: `ran` is written once, by the one `run()`, and read only by the deinit, which the
// releases of every reference order after that write; the rest is immutable.
@usableFromInline
final class QueuedStep<Operator: LinkOperator, Queue: CallbackQueue>: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var ran = false
    @usableFromInline let step: LinkStep<Operator, Queue>
    @usableFromInline let result: Result<Operator.Input, any Error>
    @usableFromInline let derived: Promise<Operator.Output>

    @inlinable init(
        _ step: LinkStep<Operator, Queue>, _ result: Result<Operator.Input, any Error>,
        _ derived: Promise<Operator.Output>
    ) {
        self.step = step
        self.result = result
        self.derived = derived
    }

    deinit {
        if !ran { breakDerived() }
    }

    /// Out of line: the common deinit path needs nothing of the generic types.
    @inline(never) @usableFromInline final func breakDerived() {
        derived.core.settleReleasingUpstream(.failure(PromiseError.brokenPromise))
    }

    @inlinable func run() {
        ran = true
        if derived.isPending { _ = Operator.apply(step.payload, result, derived, .onQueue) }
    }
}

/// `Promise(on:)`'s work handed to its queue.
// @unchecked: as `QueuedStep`; `work` is `@Sendable`.
@usableFromInline final class QueuedSettle<Value: Sendable>: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var ran = false
    @usableFromInline let core: PromiseCore<Value>
    @usableFromInline let work: @Sendable () throws -> Value

    @inlinable init(_ core: PromiseCore<Value>, _ work: @escaping @Sendable () throws -> Value) {
        self.core = core
        self.work = work
    }

    deinit {
        if !ran { breakPromise() }
    }

    @inline(never) @usableFromInline final func breakPromise() {
        core.settle(.failure(PromiseError.brokenPromise))
    }

    @inlinable func run() {
        ran = true
        core.settle(Result(catching: work))
    }
}
