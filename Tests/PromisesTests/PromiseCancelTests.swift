import Testing

@testable import Promises

@Suite struct PromiseCancelTests {
    @Test func cancelRejectsAPendingPromiseWithCancellationError() async {
        let (promise, resolver) = Promise<Int>.pending()
        promise.cancel()
        #expect(promise.isCancelled)
        #expect(resolver.isCancelled && !resolver.isPending)
        #expect(await promise.outcome().isCancellation)
        #expect(!resolver.fulfill(1))
    }

    @Test func cancelDoesNotAffectASettledPromise() {
        let promise = Promise(1)
        promise.cancel()
        #expect(promise.isFulfilled && !promise.isCancelled)
    }

    @Test func onCancelRunsOnceWhenCancelledWhilePending() {
        let calls = Counter()
        let (promise, resolver) = Promise<Int>.pending()
        resolver.onCancel { calls.increment() }
        promise.cancel()
        promise.cancel()
        #expect(calls.value == 1)
        resolver.onCancel { calls.increment() }
        #expect(calls.value == 2, "a handler registered after cancellation runs at once")
    }

    @Test func onCancelNeverRunsWhenSettledFirst() {
        let calls = Counter()
        let (promise, resolver) = Promise<Int>.pending()
        resolver.onCancel { calls.increment() }
        resolver.fulfill(1)
        promise.cancel()
        resolver.onCancel { calls.increment() }
        #expect(calls.value == 0)
    }
}
