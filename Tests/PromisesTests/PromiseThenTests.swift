import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseThenTests {
    @Test func thenSeesTheValueAndReturnsAPromiseThatSettlesLikeTheSourceAfterTheBody() async {
        let seen = Recorder<Int>()
        let (promise, resolver) = Promise<Int>.pending()
        let chained = promise.then(on: .inline) { seen.append($0) }
        #expect(chained.core !== promise.core, "a new promise, so cancelling it follows the upstream rule")
        chained.then(on: .inline) { seen.append($0 * 10) }
        resolver.fulfill(4)
        #expect(seen.elements == [4, 40])
        #expect(chained.currentResult?.value == 4)
    }

    @Test func thenIsNotCalledOnRejection() async {
        let calls = Counter()
        let promise = Promise<Int>(error: TestError()).then(on: .inline) { _ in calls.increment() }
        await promise.outcome()
        #expect(calls.value == 0)
    }
}
