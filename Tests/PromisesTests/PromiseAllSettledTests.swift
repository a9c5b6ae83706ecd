import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseAllSettledTests {
    @Test func collectsEveryOutcomeInOrderAndNeverRejects() async {
        let (late, resolver) = Promise<Int>.pending()
        let settled = Promise.allSettled([late, Promise(error: TestError(2)), Promise(3)])
        resolver.fulfill(1)
        let outcomes = await settled.outcome().value
        #expect(outcomes?.count == 3)
        #expect(outcomes?[0].value == 1)
        #expect(outcomes?[1].error as? TestError == TestError(2))
        #expect(outcomes?[2].value == 3)
    }

    @Test func emptyInputFulfillsWithAnEmptyArray() {
        #expect(Promise<[Result<Int, any Error>]>.allSettled([Promise<Int>]()).currentResult?.value?.isEmpty == true)
    }
}
