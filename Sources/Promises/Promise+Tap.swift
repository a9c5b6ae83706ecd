import Dispatch

extension Promise {
    /// Runs `body` with the outcome when the promise settles, either way (cancellation included, as a
    /// `CancellationError`), and returns a promise that settles like this one once `body` has run:
    /// PromiseKit's `tap`. The next step never starts before `body` finished, and it gets this
    /// promise's value or error unchanged.
    ///
    /// ```swift
    /// fetchFile(key)
    ///     .tap { result in if case .failure = result { cache.remove(key) } }
    ///     .map { $0.name }
    /// ```
    @discardableResult
    @_disfavoredOverload  // `on: .main` picks the main-actor overload below
    @inlinable public func tap(
        on queue: some CallbackQueue = .global(),
        _ body: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) -> Promise<Value> {
        passing(on: queue, runsOnCancellation: true, with: body, when: { _, _ in true }) { body, result in
            body(result)
        }
    }

    /// Runs main-actor `body` with the outcome when the promise settles, either way; returns a promise
    /// that settles like this one once `body` has run.
    ///
    /// ```swift
    /// loadProfile().tap(on: .main) { self.lastOutcome = $0 }
    /// ```
    @discardableResult
    @inlinable public func tap(
        on queue: MainCallbackQueue,
        _ body: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) -> Promise<Value> {
        tap(on: DispatchQueue.main) { result in MainActor.assumeIsolated { body(result) } }
    }
}
