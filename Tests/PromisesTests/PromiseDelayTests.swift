import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseDelayTests {
    @Test func delayFulfillsLater() async {
        let (source, resolver) = Promise<Int>.pending()
        // An hour that cannot elapse shows the wait on a slow (sanitized) run; the short one, the value.
        let held = source.delay(.seconds(3600))
        let delayed = source.delay(.milliseconds(5))
        resolver.fulfill(3)
        #expect(held.isPending, "the value waits for the timer")
        #expect(await delayed.outcome().value == 3)
        #expect(held.isPending)
        held.cancel()
    }

    @Test func aRejectionIsNotDelayed() {
        let delayed = Promise<Int>(error: TestError()).delay(.seconds(3600))
        #expect(delayed.currentResult?.error is TestError)
    }

    @Test func cancellingADelayReleasesItsTimer() {
        weak var weakDelayed: PromiseCore<Int>?
        do {
            let delayed = Promise(1).delay(.seconds(3600))
            weakDelayed = delayed.core
            delayed.cancel()
            #expect(delayed.isCancelled)
        }
        #expect(weakDelayed == nil)
    }

    @Test func afterFulfillsAndCanBeCancelled() async {
        #expect(await Promise.after(.milliseconds(1)).outcome().value != nil)
        let cancelled = Promise.after(.seconds(3600))
        cancelled.cancel()
        #expect(await cancelled.outcome().isCancellation)
    }

    @Test func negativeIntervalsAreArgumentErrors() {
        #expect(Promise(1).delay(.milliseconds(-5)).currentResult?.promiseErrorKind == "invalidArgument")
        #expect(Promise.after(.seconds(-1)).currentResult?.promiseErrorKind == "invalidArgument")
        #expect(Promise(1).delay(.never).currentResult?.promiseErrorKind == "invalidArgument")
    }
}
