extension Promise {
    /// Runs `body` when the promise settles, either way (cancellation included). Returns a promise that
    /// settles like this one once `body` has run.
    ///
    /// ```swift
    /// spinner.start()
    /// fetchFeed().always(on: .main) { spinner.stop() }
    /// ```
    @discardableResult
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @inlinable public func always(on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable () -> Void)
        -> Promise<Value>
    {
        passing(on: queue, when: { _ in true }) { _ in body() }
    }
}
