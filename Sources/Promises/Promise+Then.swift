extension Promise {
    /// Runs `body` with the value when the promise fulfills; returns this promise, for chaining.
    ///
    /// ```swift
    /// loadProfile()
    ///     .then(on: .main) { profile in render(profile) }
    ///     .catch(on: .main) { error in showAlert(error) }
    /// ```
    @discardableResult
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @inlinable public func then(on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable (Value) -> Void)
        -> Self
    {
        core.observe { result in
            if case .success(let value) = result { queue.schedule { body(value) } }
        }
        return self
    }
}
