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
        derive(on: queue, with: body, hopping: { _, result in if case .success = result { true } else { false } }) {
            body, result, derived in
            // A side effect is skipped once the returned promise is cancelled, inline too.
            if case .success(let value) = result, derived.isPending { body(value) }
            derived.settle(result)
        }
    }
}
