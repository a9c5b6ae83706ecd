import Dispatch

extension Promise {
    /// A promise that fulfills with this one's value `interval` after it fulfills. A rejection passes
    /// through at once. Cancelling the result cancels its timer (and, by the usual rule, this promise).
    ///
    /// A negative interval or `.never` rejects with `PromiseError.invalidArgument`; zero adds no delay.
    ///
    /// ```swift
    /// let shown = loadBanner().delay(.milliseconds(300))
    /// ```
    public func delay(_ interval: DispatchTimeInterval) -> Promise<Value> {
        if interval.isNegative { return Promise(error: negativeIntervalError("delay", interval)) }
        if interval == .never {
            return Promise(error: PromiseError.invalidArgument("delay must be finite (got .never)"))
        }
        return derivedWithTimer(onOutcome: { result, derived, timer in
            guard case .success = result, interval.nanoseconds != 0 else {
                derived.settle(result)
                return
            }
            timer.start(after: interval) { derived.settle(result) }
        })
    }

    /// `delay(_:)` with a `Duration`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @_disfavoredOverload
    public func delay(_ duration: Duration) -> Promise<Value> {
        delay(DispatchTimeInterval(duration))
    }
}

extension Promise where Value == Void {
    /// A promise that fulfills `interval` from now; cancelling it cancels the timer.
    ///
    /// ```swift
    /// Promise.after(.seconds(1)).then { print("a second later") }
    /// ```
    public static func after(_ interval: DispatchTimeInterval) -> Promise<Void> {
        Promise(()).delay(interval)
    }

    /// `after(_:)` with a `Duration`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @_disfavoredOverload
    public static func after(_ duration: Duration) -> Promise<Void> {
        after(DispatchTimeInterval(duration))
    }
}
