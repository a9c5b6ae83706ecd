extension Promise {
    /// Runs `body` with the error when the promise rejects; returns this promise, for chaining.
    ///
    /// Cancellation is not an error to report, so by default `body` does not see `CancellationError`;
    /// pass `includingCancellation: true` to see it too.
    ///
    /// ```swift
    /// fetchFeed().catch(on: .main) { error in banner.show(error) }
    /// ```
    @discardableResult
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @inlinable public func `catch`(
        on queue: some CallbackQueue = .global(),
        includingCancellation: Bool = false,
        _ body: @escaping @Sendable (any Error) -> Void
    ) -> Self {
        core.observe { result in
            guard case .failure(let error) = result, includingCancellation || !error.isCancellation else { return }
            queue.schedule { body(error) }
        }
        return self
    }
}
