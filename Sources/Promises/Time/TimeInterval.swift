import Dispatch

extension DispatchTimeInterval {
    /// Nanoseconds, or nil for `.never`.
    var nanoseconds: Int? {
        switch self {
        case .seconds(let value):
            return value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000
        case .milliseconds(let value):
            return value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000
        case .microseconds(let value):
            return value.multipliedReportingOverflow(by: 1_000).overflow ? .max : value * 1_000
        case .nanoseconds(let value): return value
        case .never: return nil
        @unknown default: return nil
        }
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
