extension Promise {
    /// Runs `body` with the error when the promise rejects. Returns a promise that settles like this
    /// one (still rejected) once `body` has run; a value passes straight through. To turn the error
    /// into a value, use `recover`.
    ///
    /// Cancellation is not an error to report, so by default `body` does not see `CancellationError`;
    /// pass `includingCancellation: true` to see it too (also when the returned promise is cancelled).
    ///
    /// ```swift
    /// fetchFeed().catch(on: .main) { error in banner.show(error) }
    /// ```
    @discardableResult
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @_transparent public func `catch`(
        on queue: some CallbackQueue = .global(),
        includingCancellation: Bool = false,
        _ body: @escaping @Sendable (any Error) -> Void
    ) -> Promise<Value> {
        guard includingCancellation else {
            // `passing` written out, as `then` is (Promise+Then.swift).
            return derive(on: queue, with: body, by: CatchOperator<Value>.self)
        }
        return passing(
            on: queue,
            runsOnCancellation: includingCancellation,
            with: (body, includingCancellation),
            when: { payload, result in
                guard case .failure(let error) = result else { return false }
                return payload.1 || !error.isCancellation
            }
        ) { payload, result in
            if case .failure(let error) = result { payload.0(error) }
        }
    }
}

/// `catch`'s step (without cancellations): `body` runs with the error unless the derived promise was
/// cancelled meanwhile; then the derived promise settles like its upstream. A value or a
/// cancellation passes straight through, with no hop.
@usableFromInline enum CatchOperator<Value: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = @Sendable (any Error) -> Void

    @inlinable static func apply(
        _ body: Payload, _ result: Result<Value, any Error>, _ derived: Promise<Value>, _ call: LinkCall
    ) -> Bool {
        guard case .failure(let error) = result, !error.isCancellation else {
            derived.settle(result)  // a value or a cancellation needs no queue
            return true
        }
        guard call == .onQueue else { return false }
        if derived.isPending { body(error) }
        derived.settle(result)
        return true
    }
}
