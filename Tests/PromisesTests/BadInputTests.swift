import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

/// Every kind of bad input gets a typed error, and the library keeps working afterwards.
@Suite struct BadInputTests {
    /// A normal round trip, run after each misuse to show nothing is left broken.
    func stillWorks() async {
        let (promise, resolver) = Promise<Int>.pending()
        let doubled = promise.map { $0 * 2 }
        resolver.fulfill(21)
        #expect(await doubled.outcome().value == 42)
    }

    @Test func emptyCollections() async {
        #expect(Promise<[Int]>.all([Promise<Int>]()).currentResult?.value == [])
        #expect(Promise<[Result<Int, any Error>]>.allSettled([Promise<Int>]()).currentResult?.value?.count == 0)
        #expect(Promise<Int>.any([]).currentResult?.promiseErrorKind == "emptyInput")
        #expect(Promise<Int>.race([]).currentResult?.promiseErrorKind == "emptyInput")
        #expect(await Promise.reduce([Promise<Int>](), initial: 1) { $0 + $1 }.outcome().value == 1)
        #expect(Promise<[Int]>.map([Int](), concurrency: 1) { Promise($0) }.currentResult?.value == [])
        await stillWorks()
    }

    @Test func outOfRangeArguments() async {
        #expect(
            Promise<Int>.retry(attempts: 0) { _ in Promise(1) }.currentResult?.promiseErrorKind == "invalidArgument")
        #expect(
            Promise<Int>.retry(attempts: -3) { _ in Promise(1) }.currentResult?.promiseErrorKind == "invalidArgument")
        #expect(
            Promise<[Int]>.map([1], concurrency: 0) { Promise($0) }.currentResult?.promiseErrorKind == "invalidArgument"
        )
        #expect(
            Promise<Void>.forEach([1], concurrency: -1) { _ in Promise(()) }.currentResult?.promiseErrorKind
                == "invalidArgument")
        #expect(Promise(1).timeout(.seconds(-1)).currentResult?.promiseErrorKind == "invalidArgument")
        #expect(Promise(1).delay(.nanoseconds(-1)).currentResult?.promiseErrorKind == "invalidArgument")
        #expect(Promise.after(.milliseconds(-1)).currentResult?.promiseErrorKind == "invalidArgument")
        await stillWorks()
    }

    @Test func zeroIntervalsAreWellDefined() async {
        #expect(Promise(1).delay(.seconds(0)).currentResult?.value == 1, "no delay")
        let (pending, resolver) = Promise<Int>.pending()
        #expect(await pending.timeout(.seconds(0)).outcome().promiseErrorKind == "timedOut", "times out at once")
        withExtendedLifetime(resolver) {}
        #expect(await Promise.after(.seconds(0)).outcome().value != nil)
        await stillWorks()
    }

    @Test func aCallbackWithNeitherValueNorError() async {
        let promise = Promise<Int> { resolver in resolver.resolve(nil, nil) }
        #expect(await promise.outcome().promiseErrorKind == "missingValueAndError")
        await stillWorks()
    }

    @Test func settlingTwiceAndCancellingTwice() async {
        let (promise, resolver) = Promise<Int>.pending()
        resolver.fulfill(1)
        resolver.reject(TestError())
        promise.cancel()
        promise.cancel()
        #expect(promise.currentResult?.value == 1)
        let (other, otherResolver) = Promise<Int>.pending()
        other.cancel()
        other.cancel()
        otherResolver.fulfill(1)
        #expect(other.currentResult?.value == nil, "the cancelled promise keeps its rejection")
        #expect(other.isCancelled)
        await stillWorks()
    }

    @Test func waitWhereItWouldDeadlock() async {
        #expect(blockingWait(Promise(1)).promiseErrorKind == "waitWouldDeadlock", "inside a Task")
        let queue = DispatchQueue(label: "needed")
        let onQueue = await onThread { queue.sync { blockingWait(Promise(on: queue) { 1 }) } }
        #expect(onQueue.promiseErrorKind == "waitWouldDeadlock", "on the queue it needs")
        await stillWorks()
    }
}
