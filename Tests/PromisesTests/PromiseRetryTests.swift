import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseRetryTests {
    @Test func retriesUntilAnAttemptFulfills() async {
        let calls = Recorder<Int>()
        let result = Promise<String>.retry(attempts: 5) { attempt in
            calls.append(attempt)
            return attempt < 3 ? Promise(error: TestError(attempt)) : Promise("ok on \(attempt)")
        }
        #expect(await result.outcome().value == "ok on 3")
        #expect(calls.elements == [1, 2, 3])
    }

    @Test func rejectsWithTheLastErrorAfterTheLastAttempt() async {
        let calls = Counter()
        let result = Promise<Int>.retry(attempts: 4, backoff: .constant(.milliseconds(1))) { attempt in
            calls.increment()
            throw TestError(attempt)
        }
        #expect(await result.outcome().error as? TestError == TestError(4))
        #expect(calls.value == 4)
    }

    @Test func thePredicateDecides() async {
        let calls = Counter()
        let result = Promise<Int>.retry(attempts: 5, while: { ($0 as? TestError)?.code != 2 }) { attempt in
            calls.increment()
            return Promise(error: TestError(attempt))
        }
        #expect(await result.outcome().error as? TestError == TestError(2))
        #expect(calls.value == 2)
    }

    @Test func cancellingStopsTheAttemptInFlightAndAllLaterOnes() async {
        let calls = Counter()
        let stopped = Counter()
        let (secondStarted, started) = Promise<Void>.pending()
        let result = Promise<Int>.retry(attempts: 10) { attempt in
            calls.increment()
            if attempt == 1 { return Promise(error: TestError()) }
            return Promise { resolver in
                resolver.onCancel { stopped.increment() }
                started.fulfill()
                // Keep the resolver alive until cancelled (as real in-flight work would).
                resolver.onCancel { withExtendedLifetime(resolver) {} }
            }
        }
        await secondStarted.outcome()
        result.cancel()
        #expect(await result.outcome().isCancellation)
        #expect(stopped.value == 1)
        #expect(calls.value == 2)
    }

    @Test func badArgumentsAreTypedErrors() {
        let noAttempts = Promise<Int>.retry(attempts: 0) { _ in Promise(1) }
        #expect(noAttempts.currentResult?.promiseErrorKind == "invalidArgument")
        let negative = Promise<Int>.retry(attempts: 2, backoff: .constant(.seconds(-1))) { _ in Promise(1) }
        #expect(negative.currentResult?.promiseErrorKind == "invalidArgument")
        let badMultiplier = Promise<Int>.retry(
            attempts: 2, backoff: .exponential(initial: .seconds(1), multiplier: 0.5)
        ) { _ in Promise(1) }
        #expect(badMultiplier.currentResult?.promiseErrorKind == "invalidArgument")
    }
}

/// A seeded generator, so jittered schedules are repeatable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct BackoffTests {
    @Test func exponentialGrowsAndIsCapped() {
        let backoff = Backoff.exponential(initial: .milliseconds(100), maximum: .milliseconds(500))
        let delays = (1...5).map { backoff.delay(beforeRetry: $0).nanoseconds! / 1_000_000 }
        #expect(delays == [100, 200, 400, 500, 500])
    }

    @Test func jitterShortensWithinBoundsAndRepeatsWithASeed() {
        let backoff = Backoff.exponential(initial: .seconds(1), multiplier: 3, maximum: .seconds(100), jitter: 0.5)
        var first = SplitMix64(state: 42)
        var second = SplitMix64(state: 42)
        for retry in 1...4 {
            let base = [1, 3, 9, 27][retry - 1] * 1_000_000_000
            let delay = backoff.delay(beforeRetry: retry, using: &first).nanoseconds!
            #expect(delay <= base && delay >= base / 2)
            #expect(delay == backoff.delay(beforeRetry: retry, using: &second).nanoseconds!)
        }
    }

    @Test func constantAndNone() {
        #expect(Backoff.constant(.milliseconds(7)).delay(beforeRetry: 9).nanoseconds == 7_000_000)
        #expect(Backoff.none.delay(beforeRetry: 1).nanoseconds == 0)
    }
}
