import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseTests {
    @Test func fulfilledPromiseHoldsItsValue() async {
        let promise = Promise(42)
        #expect(promise.isFulfilled && !promise.isPending && !promise.isRejected)
        #expect(await promise.outcome().value == 42)
    }

    @Test func rejectedPromiseHoldsItsError() async {
        let promise = Promise<Int>(error: TestError(7))
        #expect(promise.isRejected && !promise.isFulfilled)
        #expect(await promise.outcome().error as? TestError == TestError(7))
    }

    @Test func pendingSettlesOnceAndReportsLaterAttemptsAsIgnored() async {
        let (promise, resolver) = Promise<Int>.pending()
        #expect(promise.isPending && resolver.isPending)
        resolver.fulfill(1)
        #expect(promise.currentResult?.value == 1)
        resolver.fulfill(2)
        resolver.reject(TestError())
        resolver.resolve(Result<Int, TestError>.success(3))
        #expect(promise.currentResult?.value == 1, "only the first settle takes effect")
        #expect(!resolver.isPending)
        #expect(await promise.outcome().value == 1)
    }

    @Test func executorRunsSynchronouslyAndAThrownErrorRejects() async {
        let ran = Counter()
        let fulfilled = Promise<Int> { resolver in
            ran.increment()
            resolver.fulfill(5)
        }
        #expect(ran.value == 1)
        #expect(await fulfilled.outcome().value == 5)

        let thrown = Promise<Int> { _ in throw TestError(3) }
        #expect(await thrown.outcome().error as? TestError == TestError(3))
    }

    @Test func workOnQueueSettlesWithItsReturnOrThrow() async {
        let queue = DispatchQueue(label: "work")
        #expect(await Promise(on: queue) { 9 }.outcome().value == 9)
        #expect(await Promise<Int>(on: queue) { throw TestError(1) }.outcome().error as? TestError == TestError(1))
        #expect(Promise(on: .inline) { 3 }.currentResult?.value == 3)
    }

    @Test func closureFormRunsNowAndCapturesThrows() {
        #expect(Promise { 2 + 3 }.currentResult?.value == 5)
        #expect(Promise<Int> { throw TestError(6) }.currentResult?.error as? TestError == TestError(6))
        let captured = 4
        #expect(Promise(1).flatMap(on: .inline) { value in Promise { value + captured } }.currentResult?.value == 5)
    }

    @Test func droppedResolverRejectsWithBrokenPromise() async {
        let promise: Promise<Int> = {
            let (promise, resolver) = Promise<Int>.pending()
            _ = resolver
            return promise
        }()
        #expect(await promise.outcome().promiseErrorKind == "brokenPromise")

        let dropped = Promise<Int> { _ in }
        #expect(await dropped.outcome().promiseErrorKind == "brokenPromise")
    }

    @Test func resolverSettlesFromResultsAndCompletionPairs() async {
        let cases: [(Int?, (any Error)?, String)] = [
            (1, nil, "1"), (nil, TestError(2), "error"), (3, TestError(4), "error"), (nil, nil, "missing"),
        ]
        for (value, error, expected) in cases {
            let (promise, resolver) = Promise<Int>.pending()
            resolver.resolve(value, error)
            let outcome = await promise.outcome()
            switch expected {
            case "1": #expect(outcome.value == 1)
            case "error": #expect(outcome.error is TestError)
            default: #expect(outcome.promiseErrorKind == "missingValueAndError")
            }
        }
        let (void, voidResolver) = Promise<Void>.pending()
        voidResolver.resolve(nil)
        #expect(void.isFulfilled)
    }

    @Test func lazyBodyRunsOnlyWhenFirstObserved() async {
        let runs = Counter()
        let promise = Promise<Int>.lazy { resolver in
            runs.increment()
            resolver.fulfill(10)
        }
        #expect(runs.value == 0)
        #expect(promise.isPending)
        let first = promise.map { $0 + 1 }
        let second = promise.map { $0 + 2 }
        #expect(await first.outcome().value == 11)
        #expect(await second.outcome().value == 12)
        #expect(runs.value == 1)
    }

    @Test func lazyBodyNeverRunsWhenCancelledFirst() async {
        let runs = Counter()
        let promise = Promise<Int>.lazy { resolver in
            runs.increment()
            resolver.fulfill(1)
        }
        promise.cancel()
        #expect(await promise.outcome().isCancellation)
        #expect(runs.value == 0)
    }

    @Test func callbacksRunInRegistrationOrder() async {
        let (promise, resolver) = Promise<Int>.pending()
        let order = Recorder<Int>()
        let queue = DispatchQueue(label: "serial")
        for index in 0..<100 {
            promise.then(on: .inline) { _ in order.append(index) }
        }
        for index in 100..<200 {
            promise.then(on: queue) { _ in order.append(index) }
        }
        resolver.fulfill(0)
        await Promise<Void>(on: queue) {}.outcome()
        #expect(order.elements == Array(0..<200))
    }
}
