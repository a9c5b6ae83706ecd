import Dispatch
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

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func outcomesSettledOnManyThreadsLandInInputOrder() async {
        var generator = SplitMix64(state: 11)
        for _ in 0..<20 {
            let pairs = (0..<200).map { _ in Promise<Int>.pending() }
            let settled = Promise.allSettled(pairs.map(\.promise))
            let order = Array(0..<200).shuffled(using: &generator)
            await onThread {
                DispatchQueue.concurrentPerform(iterations: 4) { worker in
                    for index in order.indices where index % 4 == worker {
                        let input = order[index]
                        if input % 3 == 0 {
                            pairs[input].resolver.reject(TestError(input))
                        } else {
                            pairs[input].resolver.fulfill(input)
                        }
                    }
                }
            }
            let outcomes = await settled.outcome().value
            #expect(outcomes?.count == 200)
            for (input, outcome) in (outcomes ?? []).enumerated() {
                if input % 3 == 0 {
                    #expect(outcome.error as? TestError == TestError(input))
                } else {
                    #expect(outcome.value == input)
                }
            }
        }
    }

    @Test func aCancelledInputAndOneListedTwiceKeepTheirPlaces() async {
        let (late, resolver) = Promise<Int>.pending()
        let (cancelled, kept) = Promise<Int>.pending()
        let settled = Promise.allSettled([late, cancelled, late])
        withExtendedLifetime(kept) { cancelled.cancel() }  // (a dropped resolver would reject first)
        resolver.fulfill(1)
        let outcomes = await settled.outcome().value
        #expect(outcomes?.count == 3)
        #expect(outcomes?[0].value == 1)
        #expect(outcomes?[1].error is CancellationError)
        #expect(outcomes?[2].value == 1)
    }

    @Test func emptyInputFulfillsWithAnEmptyArray() {
        #expect(Promise<[Result<Int, any Error>]>.allSettled([Promise<Int>]()).currentResult?.value?.isEmpty == true)
    }
}
