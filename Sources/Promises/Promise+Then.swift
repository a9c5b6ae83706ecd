extension Promise {
    /// Runs `body` with the value when the promise fulfills. Returns a promise that settles like this
    /// one once `body` has run, so the next step of a chain never starts before it finished; a
    /// rejection passes straight through.
    ///
    /// ```swift
    /// loadProfile()
    ///     .then(on: .main) { profile in render(profile) }
    ///     .catch(on: .main) { error in showAlert(error) }
    /// ```
    @discardableResult
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @_transparent public func then(
        on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable (Value) -> Void
    ) -> Promise<Value> {
        // `passing` written out: no payload tuple and no indirect calls of its `runs` and `body`
        // closures (about 130 instructions of a link, issue 37).
        derive(on: queue, with: body, by: ThenOperator<Value>.self)
    }
}

/// `then`'s step: `body` runs with the value unless the derived promise was cancelled meanwhile; then
/// the derived promise settles like its upstream. A rejection passes straight through, with no hop.
@usableFromInline enum ThenOperator<Value: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = @Sendable (Value) -> Void

    @inlinable static func apply(
        _ body: Payload, _ result: Result<Value, any Error>, _ derived: Promise<Value>, _ call: LinkCall
    ) -> Bool {
        guard case .success(let value) = result else {
            derived.settle(result)  // a rejection needs no queue
            return true
        }
        guard call == .onQueue else { return false }
        // A side effect is skipped once the returned promise is cancelled, inline too.
        if derived.isPending { body(value) }
        derived.settle(result)
        return true
    }
}
