import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseAllTests {
    @Test func valuesComeInInputOrderWhateverTheSettleOrder() async {
        var generator = SplitMix64(state: 7)
        for _ in 0..<20 {
            let pairs = (0..<200).map { _ in Promise<Int>.pending() }
            let all = Promise.all(pairs.map(\.promise))
            let order = Array(0..<200).shuffled(using: &generator)
            await onThread {
                DispatchQueue.concurrentPerform(iterations: 4) { worker in
                    for index in order.indices where index % 4 == worker {
                        pairs[order[index]].resolver.fulfill(order[index])
                    }
                }
            }
            #expect(await all.outcome().value == Array(0..<200))
        }
    }

    @Test func theFirstRejectionRejectsAndCancelsTheOthers() async {
        let stopped = Counter()
        let pairs = (0..<3).map { _ in Promise<Int>.pending() }
        for pair in pairs { pair.resolver.onCancel { stopped.increment() } }
        let all = Promise.all(pairs.map(\.promise))
        pairs[1].resolver.reject(TestError(1))
        #expect(await all.outcome().error as? TestError == TestError(1))
        #expect(pairs[0].promise.isCancelled && pairs[2].promise.isCancelled)
        #expect(stopped.value == 2)
    }

    @Test func cancellingTheResultCancelsTheInputs() {
        let pairs = (0..<3).map { _ in Promise<Int>.pending() }
        let all = Promise.all(pairs.map(\.promise))
        all.cancel()
        #expect(pairs.allSatisfy { $0.promise.isCancelled })
    }

    @Test func emptyInputFulfillsWithAnEmptyArray() {
        #expect(Promise<[Int]>.all([]).currentResult?.value == [])
    }

    @Test func aPromiseListedTwiceFillsBothPlaces() async {
        let (late, resolver) = Promise<Int>.pending()
        let all = Promise.all([late, Promise(2), late])
        resolver.fulfill(1)
        #expect(await all.outcome().value == [1, 2, 1])
    }

    /// 20,000 inputs (100,000 in CI's full-size run): quadratic work would blow the time limit.
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func hundredThousandSettledPromisesTakeLinearTime() async {
        let count = TestScale.size(quick: 20_000, full: 100_000, minimum: 2_000)
        let inputs = (0..<count).map { Promise($0) }
        let all = Promise.all(inputs)
        #expect(await all.outcome().value?.count == count)
        let pending = (0..<count).map { _ in Promise<Int>.pending() }
        let pendingAll = Promise.all(pending.map(\.promise))
        for (index, pair) in pending.enumerated() { pair.resolver.fulfill(index) }
        #expect(await pendingAll.outcome().value?.last == count - 1)
    }

    @Test func heterogeneousAllOfNoPromisesFulfillsAtOnce() {
        #expect(Promise.all().isFulfilled)
    }

    @Test func heterogeneousAllOfAnyArity() async {
        let one = await Promise.all(Promise(1)).outcome().value
        #expect(one == 1)
        let two = await Promise.all(Promise(1), Promise("two")).outcome().value
        #expect(two?.0 == 1 && two?.1 == "two")
        let five = await Promise.all(Promise(1), Promise("2"), Promise(3.0), Promise([4]), Promise(true)).outcome()
        #expect(five.value.map { "\($0)" } == "(1, \"2\", 3.0, [4], true)")
        let ten = await Promise.all(
            Promise(1), Promise("2"), Promise(3.0), Promise([4]), Promise(true),
            Promise(Int8(6)), Promise(UInt(7)), Promise(Float(8)), Promise(["9": 9]), Promise(Character("x"))
        ).outcome()
        #expect(ten.value?.9 == "x" && ten.value?.8 == ["9": 9] && ten.value?.0 == 1)
    }

    /// Release builds crashed here before `AllOfPack` (see there), for pending and settled inputs.
    @Test func heterogeneousAllOfInputsSettledLaterOnAnotherThread() async {
        let (a, aResolver) = Promise<Int>.pending()
        let (b, bResolver) = Promise<String>.pending()
        let (c, cResolver) = Promise<[Double]>.pending()
        let all = Promise.all(a, b, c, Promise(true))
        DispatchQueue.global().async {
            cResolver.fulfill([3])
            aResolver.fulfill(1)
            bResolver.fulfill("two")
        }
        let value = await all.outcome().value
        #expect(value?.0 == 1 && value?.1 == "two" && value?.2 == [3] && value?.3 == true)
        let settled = await Promise.all(Promise(1), Promise("two")).outcome().value
        #expect(settled?.0 == 1 && settled?.1 == "two")
    }

    @Test func heterogeneousAllRejectedOrCancelledAfterItReturned() async {
        let (a, aResolver) = Promise<Int>.pending()
        let (b, bResolver) = Promise<String>.pending()
        let all = Promise.all(a, b)
        aResolver.reject(TestError(1))  // here, so the release of `b` has happened when it returns
        #expect(await all.outcome().error as? TestError == TestError(1))
        #expect(b.isCancelled, "the other input, unobserved once the result rejected")

        let (c, cResolver) = Promise<Int>.pending()
        let (d, dResolver) = Promise<[Int]>.pending()
        let cancelled = Promise.all(c, d)
        cancelled.cancel()
        #expect(c.isCancelled && d.isCancelled, "cancelling the result reaches its inputs")
        withExtendedLifetime((bResolver, cResolver, dResolver)) {}
    }

    @Test func heterogeneousAllRejectsFirstAndCancelsTheRest() async {
        let (slow, slowResolver) = Promise<String>.pending()
        let all = Promise.all(Promise<Int>(error: TestError(3)), slow)
        #expect(await all.outcome().error as? TestError == TestError(3))
        #expect(slow.isCancelled)
        withExtendedLifetime(slowResolver) {}

        let (a, aResolver) = Promise<Int>.pending()
        let (b, bResolver) = Promise<Bool>.pending()
        let pending = Promise.all(a, b)
        bResolver.fulfill(true)
        aResolver.fulfill(2)
        #expect(await pending.outcome().value.map { "\($0)" } == "(2, true)")
    }
}

extension PromiseAllTests {
    @Test func aDictionarysPromisesCombineInItsOrder() throws {
        let requests = ["a": Promise(1), "b": Promise(2), "c": Promise(3)]
        let values = try #require(Promise.all(requests.values).currentResult, "settled inputs settle it at once")
        #expect(try values.get() == requests.values.map { try? $0.currentResult?.get() })
    }
}
