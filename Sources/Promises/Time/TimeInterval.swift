import Dispatch

extension DispatchTimeInterval {
    /// Nanoseconds, or nil for `.never`.
    var nanoseconds: Int? {
        switch self {
        case .seconds(let value): return Self.clamped(value, times: 1_000_000_000)
        case .milliseconds(let value): return Self.clamped(value, times: 1_000_000)
        case .microseconds(let value): return Self.clamped(value, times: 1_000)
        case .nanoseconds(let value): return value
        case .never: return nil
        @unknown default: return nil
        }
    }

    /// `value × factor`, saturating at `Int`'s bounds (keeping the sign) instead of overflowing.
    private static func clamped(_ value: Int, times factor: Int) -> Int {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow ? (value < 0 ? .min : .max) : product
    }

    /// Whether the interval is below zero (an argument error for every time operator).
    var isNegative: Bool { (nanoseconds ?? 0) < 0 }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension DispatchTimeInterval {
    /// The same span as `duration`, in nanoseconds (clamped to `Int`'s range).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow {
            self = .nanoseconds(seconds < 0 ? .min : .max)
        } else {
            let (total, overflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
            self = .nanoseconds(overflow ? (seconds < 0 ? .min : .max) : Int(total))
        }
    }
}

/// The error for a negative interval, naming the parameter.
func negativeIntervalError(_ name: String, _ interval: DispatchTimeInterval) -> PromiseError {
    .invalidArgument("\(name) must not be negative (got \(interval))")
}

extension Promise {
    /// A promise derived from this one that owns a timer: `setUp` may start it, `onOutcome` runs on the
    /// settling thread when this promise settles. Cancelling the result cancels the timer and, by the
    /// upstream rule, this promise.
    func derivedWithTimer(
        _ setUp: (Promise<Value>, TimerSlot) -> Void = { _, _ in },
        onOutcome: @escaping @Sendable (Result<Value, any Error>, Promise<Value>, TimerSlot) -> Void
    ) -> Promise<Value> {
        let derived = Promise<Value>(core: .pending())
        let timer = TimerSlot()
        setUp(derived, timer)
        let id = core.observe { result in onOutcome(result, derived, timer) }
        derived.core.addUpstream(core, id)
        derived.core.onCancel { timer.cancel() }
        return derived
    }
}
