import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseCatchTests {
    @Test func catchSeesTheErrorAndReturnsAPromiseThatStaysRejected() {
        let seen = Recorder<Int>()
        let (promise, resolver) = Promise<Int>.pending()
        let chained = promise.catch(on: .inline) { seen.append(($0 as? TestError)?.code ?? -1) }
        #expect(chained.core !== promise.core)
        resolver.reject(TestError(8))
        #expect(seen.elements == [8])
        #expect(chained.currentResult?.error as? TestError == TestError(8))
    }

    @Test func catchIsNotCalledOnFulfilment() {
        let calls = Counter()
        Promise(1).catch(on: .inline) { _ in calls.increment() }
        #expect(calls.value == 0)
    }

    @Test func catchSkipsCancellationUnlessAskedFor() {
        let skipped = Counter()
        let included = Counter()
        let (promise, resolver) = Promise<Int>.pending()
        promise.catch(on: .inline) { _ in skipped.increment() }
        promise.catch(on: .inline, includingCancellation: true) { error in
            if error.isCancellation { included.increment() }
        }
        promise.cancel()
        withExtendedLifetime(resolver) {}
        #expect(skipped.value == 0)
        #expect(included.value == 1)
    }
}
