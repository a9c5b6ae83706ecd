import Dispatch

extension Promise {
    /// Blocks the calling thread until the promise settles, then returns its value or throws its error.
    ///
    /// For code that is not async yet: a command-line tool's top level, a test, a background thread.
    /// It refuses, throwing `PromiseError.waitWouldDeadlock`, instead of hanging when
    /// - called inside a Swift `Task` (write `try await promise.value` there), or
    /// - called on a queue the promise still needs in order to settle (its work, or a pending `map`,
    ///   `flatMap`… that feeds it, is scheduled there). Every queue except the global ones is treated
    ///   as serial.
    ///
    /// Waiting also starts a lazy promise.
    ///
    /// ```swift
    /// let config = try loadConfig().wait(timeout: .seconds(5))
    /// ```
    /// - Parameter timeout: how long to wait; `PromiseError.timedOut` after that. Default: forever.
    @available(*, noasync, message: "wait() blocks a thread; use `try await promise.value` in async code")
    public func wait(timeout: DispatchTimeInterval = .never) throws -> Value {
        if let reason = DeadlockCheck.reason(waitingOn: core) {
            throw PromiseError.waitWouldDeadlock(reason: reason)
        }
        if let result = core.result { return try result.get() }
        let semaphore = DispatchSemaphore(value: 0)
        guard let id = core.observe({ _ in semaphore.signal() }) else {
            return try core.result!.get()
        }
        let deadline: DispatchTime = timeout == .never ? .distantFuture : .now() + timeout
        if semaphore.wait(timeout: deadline) == .timedOut, core.removeObserver(id) {
            throw PromiseError.timedOut
        }
        return try core.result!.get()
    }
}
