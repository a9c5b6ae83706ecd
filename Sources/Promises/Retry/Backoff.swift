import Dispatch
import Foundation

/// How long `Promise.retry` pauses between attempts.
///
/// ```swift
/// .none                                                   // retry at once
/// .constant(.milliseconds(500))                           // 0.5 s, 0.5 s, …
/// .exponential(initial: .milliseconds(100), maximum: .seconds(10), jitter: 0.2)
///                                                         // 0.1 s, 0.2 s, 0.4 s, … capped at 10 s,
///                                                         // each shortened by up to 20 % at random
/// ```
public struct Backoff: Sendable {
    private enum Kind: Sendable {
        case none
        case constant(nanoseconds: Int)
        case exponential(initial: Int, multiplier: Double, maximum: Int, jitter: Double)
    }

    private let kind: Kind
    /// Why the parameters are unusable, if they are; `retry` rejects with it.
    let invalidReason: String?

    private init(_ kind: Kind, invalidReason: String? = nil) {
        self.kind = kind
        self.invalidReason = invalidReason
    }

    /// No pause: the next attempt starts as soon as the previous one fails.
    public static let none = Backoff(.none)

    /// The same pause before every retry. A negative interval makes `retry` reject with
    /// `PromiseError.invalidArgument`.
    public static func constant(_ interval: DispatchTimeInterval) -> Backoff {
        guard let nanoseconds = interval.nanoseconds, nanoseconds >= 0 else {
            return Backoff(.none, invalidReason: "constant backoff must be a finite, non-negative interval")
        }
        return Backoff(.constant(nanoseconds: nanoseconds))
    }

    /// A pause that starts at `initial` and grows by `multiplier` before each further retry, never above
    /// `maximum`. With `jitter` (0...1), each pause is shortened by a random fraction up to `jitter`, so
    /// many clients retrying together spread out.
    ///
    /// Unusable parameters (negative intervals, `multiplier < 1`, `jitter` outside 0...1,
    /// `maximum < initial`) make `retry` reject with `PromiseError.invalidArgument`.
    public static func exponential(
        initial: DispatchTimeInterval,
        multiplier: Double = 2,
        maximum: DispatchTimeInterval = .seconds(60),
        jitter: Double = 0
    ) -> Backoff {
        guard let start = initial.nanoseconds, let cap = maximum.nanoseconds, start >= 0, cap >= start else {
            return Backoff(.none, invalidReason: "exponential backoff needs 0 <= initial <= maximum, both finite")
        }
        guard multiplier >= 1, multiplier.isFinite, (0...1).contains(jitter) else {
            return Backoff(.none, invalidReason: "exponential backoff needs multiplier >= 1 and jitter in 0...1")
        }
        return Backoff(.exponential(initial: start, multiplier: multiplier, maximum: cap, jitter: jitter))
    }

    /// The pause before retry number `retry` (1 is the pause after the first attempt fails), drawing
    /// jitter from `generator`.
    public func delay(beforeRetry retry: Int, using generator: inout some RandomNumberGenerator) -> DispatchTimeInterval
    {
        switch kind {
        case .none:
            return .nanoseconds(0)
        case .constant(let nanoseconds):
            return .nanoseconds(nanoseconds)
        case .exponential(let initial, let multiplier, let maximum, let jitter):
            let grown = Double(initial) * pow(multiplier, Double(max(retry, 1) - 1))
            let capped = min(grown, Double(maximum))
            let shortened = jitter > 0 ? capped * (1 - jitter * Double.random(in: 0..<1, using: &generator)) : capped
            // `Double(Int.max)` rounds up past `Int.max`: saturate instead of trapping.
            return .nanoseconds(shortened < Double(Int.max) ? Int(shortened.rounded()) : Int.max)
        }
    }

    /// The pause before retry number `retry`, with the system's random numbers for jitter.
    public func delay(beforeRetry retry: Int) -> DispatchTimeInterval {
        var generator = SystemRandomNumberGenerator()
        return delay(beforeRetry: retry, using: &generator)
    }
}
