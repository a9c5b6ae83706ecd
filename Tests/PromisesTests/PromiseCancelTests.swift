import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseCancelTests {
    @Test func cancelRejectsAPendingPromiseWithCancellationError() async {
        let (promise, resolver) = Promise<Int>.pending()
        promise.cancel()
        #expect(promise.isCancelled)
        #expect(resolver.isCancelled && !resolver.isPending)
        #expect(await promise.outcome().isCancellation)
        resolver.fulfill(1)
        #expect(await promise.outcome().isCancellation, "a late fulfill changes nothing")
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

@Suite struct CancellationPropagationTests {
    @Test func cancellingTheEndOfAChainStopsTheWorkAtItsStart() async {
        let stopped = Counter()
        let (head, resolver) = Promise<Int>.pending()
        resolver.onCancel { stopped.increment() }
        let end = head.map { $0 + 1 }.flatMap { Promise($0) }.recover { _ in 0 }
        end.cancel()
        #expect(head.isCancelled)
        #expect(stopped.value == 1)
        #expect(await end.outcome().isCancellation)
    }

    @Test func aSharedPromiseRunsUntilEveryConsumerCancels() {
        let stopped = Counter()
        let (shared, resolver) = Promise<Int>.pending()
        resolver.onCancel { stopped.increment() }
        let first = shared.map { $0 }
        let second = shared.map { $0 }
        first.cancel()
        #expect(shared.isPending && stopped.value == 0)
        second.cancel()
        #expect(shared.isCancelled && stopped.value == 1)
    }

    @Test func anObserverKeepsThePromiseNeeded() {
        let (shared, resolver) = Promise<Int>.pending()
        shared.then { _ in }
        shared.map { $0 }.cancel()
        #expect(shared.isPending)
        resolver.fulfill(1)
    }

    @Test func cancellingAFlatMapCancelsTheInnerPromise() async {
        let (inner, innerResolver) = Promise<Int>.pending()
        let innerStopped = Counter()
        innerResolver.onCancel { innerStopped.increment() }
        let chained = Promise(1).flatMap(on: .inline) { _ in inner }
        chained.cancel()
        #expect(inner.isCancelled)
        #expect(innerStopped.value == 1)
    }

    @Test func cancellingADerivedPromiseDoesNotTouchASettledSource() {
        let derived = Promise(1).map(on: .inline) { $0 }
        derived.cancel()
        #expect(derived.isFulfilled)
    }

    @Test func cancelRacesWithSettleFromManyThreadsExactlyOnce() async {
        let rounds = 20_000
        let pairs = (0..<rounds).map { _ in Promise<Int>.pending() }
        let handlerRuns = LockedBox.make([Int](repeating: 0, count: rounds))
        let callbackRuns = LockedBox.make([Int](repeating: 0, count: rounds))
        for (index, pair) in pairs.enumerated() {
            pair.resolver.onCancel { handlerRuns.withLock { $0[index] += 1 } }
            pair.promise.whenComplete(on: .inline) { _ in callbackRuns.withLock { $0[index] += 1 } }
        }
        await onThread {
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                for pair in pairs {
                    if worker == 0 { pair.resolver.fulfill(1) } else { pair.promise.cancel() }
                }
            }
        }
        let handlers = handlerRuns.withLock { $0 }
        let callbacks = callbackRuns.withLock { $0 }
        for (index, pair) in pairs.enumerated() {
            #expect(handlers[index] == (pair.promise.isCancelled ? 1 : 0))
            #expect(callbacks[index] == 1)
        }
    }
}
