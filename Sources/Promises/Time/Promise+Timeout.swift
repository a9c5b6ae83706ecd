import Dispatch

extension Promise {
    /// A promise that settles like this one, or rejects with `PromiseError.timedOut` if this one has not
    /// settled within `interval`. On timeout this promise is cancelled unless something else observes
    /// it; if it settles first, the timer is cancelled at once.
    ///
    /// A negative interval rejects with `PromiseError.invalidArgument`; `.never` sets no timer.
    ///
    /// ```swift
    /// let user = fetchUser().timeout(.seconds(5))
    /// ```
    public func timeout(_ interval: DispatchTimeInterval) -> Promise<Value> {
        if interval.isNegative { return Promise(error: negativeIntervalError("timeout", interval)) }
        return derivedWithTimer { derived, timer in
            if interval != .never {
                timer.start(after: interval) {
                    derived.core.settleReleasingUpstream(.failure(PromiseError.timedOut))
                }
            }
        } onOutcome: { result, derived, timer in
            timer.cancel()
            derived.settle(result)
        }
    }

    /// `timeout(_:)` with a `Duration`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @_disfavoredOverload
    public func timeout(_ duration: Duration) -> Promise<Value> {
        timeout(DispatchTimeInterval(duration))
    }
}
