extension Promise {
    /// Runs `body` when the promise settles, either way (cancellation included); returns this promise.
    ///
    /// ```swift
    /// spinner.start()
    /// fetchFeed().always(on: .main) { spinner.stop() }
    /// ```
    @discardableResult
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @inlinable public func always(on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable () -> Void)
        -> Self
    {
        core.observe { _ in queue.schedule(body) }
        return self
    }
}
