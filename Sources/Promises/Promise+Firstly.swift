import Dispatch

extension Promise {
    /// Starts a chain with `body`, a closure that returns a promise — PromiseKit's `firstly`. It runs
    /// now, on the calling thread, and the chain settles like the promise it returns; a thrown error
    /// rejects. The closure does not escape, so it may use `self` without writing it.
    ///
    /// ```swift
    /// let session = Promise.firstly { try api.login(credentials) }
    ///     .flatMap { token in api.profile(token: token) }
    /// ```
    @inlinable public static func firstly(_ body: () throws -> Promise<Value>) -> Promise<Value> {
        do {
            return try body()
        } catch {
            return Promise(error: error)
        }
    }

    /// Starts a chain with `body` run on `queue`: the chain settles like the promise it returns; a
    /// thrown error rejects, and so does a queue that drops the work (`PromiseError.brokenPromise`).
    /// Cancelling the chain before `body` runs skips it.
    ///
    /// ```swift
    /// let report = Promise.firstly(on: .global()) { try Report.load(from: url) }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload below
    @inlinable public static func firstly(
        on queue: some CallbackQueue, _ body: @escaping @Sendable () throws -> Promise<Value>
    ) -> Promise<Value> {
        Promise<Void>(()).flatMap(on: queue) { _ in try body() }
    }

    /// Starts a chain with main-actor `body` run on the main queue.
    ///
    /// ```swift
    /// let saved = Promise.firstly(on: .main) { self.store.save(self.draft) }   // in a @MainActor type
    /// ```
    @inlinable public static func firstly(
        on queue: MainCallbackQueue, _ body: @escaping @MainActor @Sendable () throws -> Promise<Value>
    ) -> Promise<Value> {
        Promise<Void>(()).flatMap(on: DispatchQueue.main) { _ in try MainActor.assumeIsolated { try body() } }
    }
}
