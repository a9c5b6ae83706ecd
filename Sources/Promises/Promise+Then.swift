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
    @inlinable public func then(on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable (Value) -> Void)
        -> Promise<Value>
    {
        passing(on: queue, with: body, when: { _, result in if case .success = result { true } else { false } }) {
            body, result in
            if case .success(let value) = result { body(value) }
        }
    }
}
