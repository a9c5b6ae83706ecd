import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseConcurrentMapTests {
    @Test(arguments: [1, 3, 8])
    func neverExceedsTheLimitAndKeepsInputOrder(limit: Int) async {
        let inFlight = Counter()
        let peak = LockedBox.make(0)
        let decrements = Counter()
        let values = Promise.map(Array(0..<100), concurrency: limit) { item -> Promise<Int> in
            let now = inFlight.increment() - decrements.value
            peak.withLock { $0 = max($0, now) }
            return Promise(on: .global()) {
                decrements.increment()
                return item * 2
            }
        }
        #expect(await values.outcome().value == (0..<100).map { $0 * 2 })
        #expect(peak.withLock { $0 } <= limit)
    }

    @Test func concurrencyOneRunsInSeries() async {
        let events = Recorder<String>()
        let values = Promise.map([1, 2, 3], concurrency: 1) { item -> Promise<Int> in
            events.append("start \(item)")
            return Promise.after(.milliseconds(1)).map { _ in
                events.append("end \(item)")
                return item
            }
        }
        #expect(await values.outcome().value == [1, 2, 3])
        #expect(events.elements == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
    }

    @Test func theFirstFailureRejectsCancelsInFlightAndStartsNothingMore() async {
        let started = Counter()
        let stopped = Counter()
        let resolvers = LockedBox.make([Resolver<Int>]())
        let values = Promise.map(Array(0..<10), concurrency: 3) { item -> Promise<Int> in
            started.increment()
            if item == 2 { return Promise(error: TestError(2)) }
            let (promise, resolver) = Promise<Int>.pending()
            resolver.onCancel { stopped.increment() }
            resolvers.withLock { $0.append(resolver) }
            return promise
        }
        #expect(await values.outcome().error as? TestError == TestError(2))
        #expect(started.value == 3)
        #expect(stopped.value == 2)
    }

    @Test func cancellingTheResultCancelsWhatIsInFlight() {
        let stopped = Counter()
        let resolvers = LockedBox.make([Resolver<Int>]())
        let values = Promise.map(Array(0..<10), concurrency: 4) { _ -> Promise<Int> in
            let (promise, resolver) = Promise<Int>.pending()
            resolver.onCancel { stopped.increment() }
            resolvers.withLock { $0.append(resolver) }
            return promise
        }
        values.cancel()
        #expect(stopped.value == 4)
    }

    @Test func synchronousResultsDoNotRecurse() async {
        let inputs = TestScale.size(quick: 20_000, full: 200_000, minimum: 5_000)
        let count = await onSmallStack { () -> Int? in
            Promise.map(Array(0..<inputs), concurrency: 2) { Promise($0) }.currentResult?.value?.count
        }
        #expect(count == inputs)
    }

    @Test func badArgumentsAndEmptyInput() {
        #expect(
            Promise<[Int]>.map([1], concurrency: 0) { Promise($0) }.currentResult?.promiseErrorKind == "invalidArgument"
        )
        #expect(Promise<[Int]>.map([Int](), concurrency: 2) { Promise($0) }.currentResult?.value == [])
    }

    @Test func forEachRunsEveryItem() async {
        let seen = Counter()
        let done = Promise.forEach(Array(0..<50), concurrency: 5) { _ in
            Promise(on: .global()) { seen.increment() }.map(on: .inline) { _ in () }
        }
        #expect(await done.outcome().value != nil)
        #expect(seen.value == 50)
    }
}
