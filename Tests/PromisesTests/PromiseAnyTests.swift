import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseAnyTests {
    @Test func theFirstValueWinsAndTheRestAreCancelled() async {
        let (slow, slowResolver) = Promise<Int>.pending()
        let (failing, failingResolver) = Promise<Int>.pending()
        let (fast, fastResolver) = Promise<Int>.pending()
        let first = Promise.any([slow, failing, fast])
        failingResolver.reject(TestError())
        #expect(first.isPending, "a rejection alone does not settle any")
        fastResolver.fulfill(3)
        #expect(await first.outcome().value == 3)
        #expect(slow.isCancelled)
        withExtendedLifetime(slowResolver) {}
    }

    @Test func allRejectedCarriesEveryErrorInInputOrder() async {
        let (late, resolver) = Promise<Int>.pending()
        let any = Promise.any([late, Promise(error: TestError(2))])
        resolver.reject(TestError(1))
        guard case .allRejected(let errors)? = await any.outcome().error as? PromiseError else {
            Issue.record("expected allRejected")
            return
        }
        #expect(errors.map { ($0 as? TestError)?.code } == [1, 2])
    }

    @Test func emptyInputRejectsWithATypedError() {
        #expect(Promise<Int>.any([]).currentResult?.promiseErrorKind == "emptyInput")
    }
}
