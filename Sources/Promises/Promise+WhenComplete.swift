extension Promise {
    /// Calls `completion` with the outcome: the bridge from promise code to completion-handler callers.
    ///
    /// ```swift
    /// func load(completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
    ///     loadPromise().whenComplete(on: .main, completion)
    /// }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @inlinable public func whenComplete(
        on queue: some CallbackQueue = .global(),
        _ completion: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) {
        observe(on: queue, completion)
    }
}
