import Dispatch

extension Promise {
    /// Blocks the calling thread until the promise settles, then returns its value or throws its error.
    ///
    /// For code that is not async yet: a command-line tool's top level, a synchronous XCTest test, a
    /// thread of your own. It refuses, throwing `PromiseError.waitWouldDeadlock`, instead of hanging when
    /// - called inside a Swift `Task` (write `try await promise.value` there); a synchronous Swift
    ///   Testing `@Test` runs inside one;
    /// - called on a queue the promise still needs in order to settle (its work, or a pending `map`,
    ///   `flatMap`… that feeds it, is scheduled there), on a queue that targets it, or on the main
    ///   thread for a promise made on the main actor. Every queue except the global ones is treated as
    ///   serial;
    /// - called on a global queue's thread while the promise needs any queue: Dispatch adds pool
    ///   threads slowly (about one a second on Linux), so blocked pool threads starve the work;
    /// - called inside a callback whose thread must still deliver what the promise needs (queued
    ///   inline settles, or a later callback of the settle being delivered).
    ///
    /// It cannot see work the library was not told about: a legacy API that hops to the main queue
    /// internally, waited on from the main thread, hangs; pass a `timeout`. Nor can it see a queue
    /// that targets the one you block (Dispatch cannot read a queue's target).
    ///
    /// Waiting also starts a lazy promise.
    ///
    /// ```swift
    /// let config = try loadConfig().wait(timeout: .seconds(5))
    /// ```
    /// - Parameter timeout: how long to wait; `PromiseError.timedOut` after that. Default: forever.
    @available(*, noasync, message: "wait() blocks a thread; use `try await promise.value` in async code")
    @inlinable public func wait(timeout: DispatchTimeInterval = .never) throws -> Value {
        if let reason = DeadlockCheck.reasonInsideTask { throw PromiseError.waitWouldDeadlock(reason: reason) }
        let semaphore = DispatchSemaphore(value: 0)
        guard let waiting = core.observeDependencies({ _ in semaphore.signal() }) else {
            return try core.result!.get()
        }
        if let reason = DeadlockCheck.reason(waitingOn: core, (waiting.queue, waiting.upstream)) {
            _ = core.removeObserver(waiting.id)
            throw PromiseError.waitWouldDeadlock(reason: reason)
        }
        if waiting.isLazy { core.startLazyBody() }
        let deadline: DispatchTime = timeout == .never ? .distantFuture : .now() + timeout
        if semaphore.wait(timeout: deadline) == .timedOut, core.removeObserver(waiting.id) {
            throw PromiseError.timedOut
        }
        return try core.result!.get()
    }
}
