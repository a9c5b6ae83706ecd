extension Promise {
    /// Runs `body` when the promise settles, either way (cancellation included). Returns a promise that
    /// settles like this one once `body` has run. If the returned promise is cancelled first (say by a
    /// `timeout` downstream), `body` still runs, once.
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
        passing(on: queue, runsOnCancellation: true, with: body, when: { _, _ in true }) { body, _ in body() }
    }
}
