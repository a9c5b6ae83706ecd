import Dispatch

extension Promise {
    /// Runs `attempt` until one of its promises fulfills, at most `attempts` times, pausing by `backoff`
    /// between tries. `attempt` receives the attempt number (from 1) and makes a **new** promise each
    /// time (a promise settles once; retry never resets one).
    ///
    /// - `shouldRetry` sees each error and decides whether to try again (default: always). A
    ///   `CancellationError` is never retried.
    /// - The result rejects with the last attempt's error.
    /// - Cancelling the result cancels the attempt in flight and stops further attempts.
    /// - `attempts < 1` or an unusable backoff rejects with `PromiseError.invalidArgument`.
    ///
    /// ```swift
    /// let feed = Promise.retry(attempts: 4, backoff: .exponential(initial: .milliseconds(200))) { _ in
    ///     fetchFeed()
    /// }
    /// ```
    public static func retry(
        attempts: Int,
        backoff: Backoff = .none,
        while shouldRetry: @escaping @Sendable (any Error) -> Bool = { _ in true },
        _ attempt: @escaping @Sendable (Int) throws -> Promise<Value>
    ) -> Promise<Value> {
        guard attempts >= 1 else {
            return Promise(error: PromiseError.invalidArgument("retry needs attempts >= 1 (got \(attempts))"))
        }
        if let reason = backoff.invalidReason {
            return Promise(error: PromiseError.invalidArgument(reason))
        }
        let loop = RetryLoop(attempts: attempts, backoff: backoff, shouldRetry: shouldRetry, makeAttempt: attempt)
        loop.result.core.onCancel { loop.stop() }
        loop.start(1)
        return loop.result
    }
}

/// The state of one `retry`: the result, the timer between attempts, and which attempt is current. The
/// attempt in flight is the result's upstream link, so cancelling the result cancels it, and
/// `wait()`'s check sees it.
private struct RetryLoop<Value: Sendable>: Sendable {
    let attempts: Int
    let backoff: Backoff
    let shouldRetry: @Sendable (any Error) -> Bool
    let makeAttempt: @Sendable (Int) throws -> Promise<Value>
    let result = Promise<Value>(core: .pending())
    let timer = TimerSlot()
    /// The newest attempt started, and whether the result was cancelled. Locked before the result's
    /// own lock, never after it.
    let current = LockedBox.make((number: 0, stopped: false))

    func start(_ number: Int) {
        guard result.isPending else { return }
        let attempt: Promise<Value>
        do {
            attempt = try makeAttempt(number)
        } catch {
            attempt = Promise(error: error)
        }
        let id = attempt.core.observe { outcome in finished(number, outcome) }
        guard let id else { return }
        let link = UpstreamLink(attempt.core, id)
        var previous: UpstreamLinks?  // dropped after unlocking: it may hold a settled attempt's last reference
        let kept = current.withLock { state -> Bool in
            // Not after cancellation, and never over a newer attempt.
            guard !state.stopped, number > state.number else { return false }
            state.number = number
            previous = result.core.exchangeUpstream(with: link)
            return previous != nil
        }
        _ = previous
        if !kept { UpstreamLink.release([link], heldBy: nil) }
    }

    private func finished(_ number: Int, _ outcome: Result<Value, any Error>) {
        guard case .failure(let error) = outcome, number < attempts, !error.isCancellation, shouldRetry(error) else {
            result.settle(outcome)
            return
        }
        let pause = backoff.delay(beforeRetry: number)
        if pause.nanoseconds == 0 {
            // A hop, not a call: attempts that fail at once must not recurse.
            DispatchQueue.global().async { start(number + 1) }
        } else {
            timer.start(after: pause) { start(number + 1) }
        }
    }

    /// Cancellation of the result (which releases the attempt in flight): no more attempts, no timer.
    func stop() {
        timer.cancel()
        current.withLock { $0.stopped = true }
    }
}
