import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseTimeoutTests {
    @Test func timeoutRejectsAndCancelsTheSource() async {
        let stopped = Counter()
        let (source, resolver) = Promise<Int>.pending()
        // The timer thread delivers the timeout before it lets the source go: wait for that event too.
        let (cancelled, cancelledResolver) = Promise<Void>.pending()
        resolver.onCancel {
            stopped.increment()
            cancelledResolver.fulfill()
        }
        let limited = source.timeout(.milliseconds(10))
        #expect(await limited.outcome().promiseErrorKind == "timedOut")
        #expect(await cancelled.timeout(.seconds(60)).outcome().value != nil, "the source was cancelled")
        #expect(source.isCancelled)
        #expect(stopped.value == 1)
    }

    @Test func timeoutPassesAnOutcomeThatComesFirstAndReleasesTheTimer() async {
        weak var weakDerived: PromiseCore<Int>?
        do {
            let (source, resolver) = Promise<Int>.pending()
            let limited = source.timeout(.seconds(3600))
            weakDerived = limited.core
            resolver.fulfill(5)
            #expect(await limited.outcome().value == 5)
        }
        #expect(weakDerived == nil, "the cancelled timer keeps nothing alive")
    }

    @Test func cancellingTheTimeoutReleasesTimerAndSource() {
        weak var weakDerived: PromiseCore<Int>?
        let (source, resolver) = Promise<Int>.pending()
        do {
            let limited = source.timeout(.seconds(3600))
            weakDerived = limited.core
            limited.cancel()
        }
        #expect(weakDerived == nil)
        #expect(source.isCancelled)
        withExtendedLifetime(resolver) {}
    }

    @Test func negativeTimeoutIsAnArgumentError() {
        #expect(Promise(1).timeout(.seconds(-1)).currentResult?.promiseErrorKind == "invalidArgument")
    }

    @Test func naturalCallSitesCompileWithBothIntervalTypes() async {
        #expect(await Promise(1).timeout(.milliseconds(500)).outcome().value == 1)
        #expect(await Promise(1).timeout(.seconds(2)).outcome().value == 1)
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            #expect(await Promise(1).timeout(Duration.milliseconds(500)).outcome().value == 1)
            let duration: Duration = .seconds(1)
            #expect(await Promise(1).delay(duration).timeout(.seconds(3600)).outcome().value == 1)
        }
    }
}
