import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseWaitTests {
    @Test func waitReturnsTheValueFulfilledFromAnotherThread() async {
        let (promise, resolver) = Promise<Int>.pending()
        let result = await onThread {
            DispatchQueue.global().async { resolver.fulfill(11) }
            return blockingWait(promise)
        }
        #expect(result.value == 11)
    }

    @Test func waitThrowsTheRejection() async {
        let result = await onThread { blockingWait(Promise<Int>(error: TestError(2))) }
        #expect(result.error as? TestError == TestError(2))
    }

    @Test func waitTimesOutAndDetachesItsObserver() async {
        let (promise, resolver) = Promise<Int>.pending()
        let result = await onThread { blockingWait(promise, timeout: .milliseconds(20)) }
        #expect(result.promiseErrorKind == "timedOut")
        #expect(!promise.isCancelled, "a timed-out wait does not cancel the promise")
        resolver.fulfill(1)
    }

    @Test func waitInsideATaskRefuses() async {
        let result = blockingWait(Promise(1))
        #expect(result.promiseErrorKind == "waitWouldDeadlock")
    }

    @Test func waitOnTheQueueThatRunsTheWorkRefuses() async {
        let queue = DispatchQueue(label: "serial-work")
        let result = await onThread {
            queue.sync { blockingWait(Promise(on: queue) { 1 }) }
        }
        #expect(result.promiseErrorKind == "waitWouldDeadlock")
    }

    @Test func waitOnTheQueueOfAPendingMapRefuses() async {
        let queue = DispatchQueue(label: "serial-map")
        let (source, resolver) = Promise<Int>.pending()
        let upstreamOnQueue = source.map(on: queue) { $0 }.map { $0 + 1 }
        let result = await onThread {
            queue.sync { (blockingWait(source.map(on: queue) { $0 }), blockingWait(upstreamOnQueue)) }
        }
        #expect(result.0.promiseErrorKind == "waitWouldDeadlock")
        #expect(result.1.promiseErrorKind == "waitWouldDeadlock", "the dependency is found upstream")
        resolver.fulfill(0)
    }

    @Test func waitFindsTheQueueDeepInAChainAndAcrossABranch() async {
        let queue = DispatchQueue(label: "serial-deep")
        let (source, resolver) = Promise<Int>.pending()
        let (other, otherResolver) = Promise<Int>.pending()
        let deep = source.map(on: queue) { $0 }.map(on: .inline) { $0 }.map(on: .inline) { $0 }.map(on: .inline) { $0 }
        let both = Promise.all([other.map(on: .inline) { $0 }, deep.map(on: .inline) { $0 }])
        let branched = both.map(on: .inline) { $0 }
        // Timeouts: a walk that missed the queue would block this thread for good.
        let result = await onThread {
            queue.sync { (blockingWait(deep, timeout: .seconds(2)), blockingWait(branched, timeout: .seconds(2))) }
        }
        #expect(result.0.promiseErrorKind == "waitWouldDeadlock", "found three links up a straight chain")
        #expect(result.1.promiseErrorKind == "waitWouldDeadlock", "found past a promise with two upstream links")
        resolver.fulfill(0)
        otherResolver.fulfill(0)
    }

    @Test func waitOnAnotherQueueIsAllowed() async {
        let work = DispatchQueue(label: "work")
        let caller = DispatchQueue(label: "caller")
        let result = await onThread { caller.sync { blockingWait(Promise(on: work) { 3 }) } }
        #expect(result.value == 3)
    }

    @Test func waitStartsALazyPromise() async {
        let promise = Promise<Int>.lazy { $0.fulfill(4) }
        #expect(await onThread { blockingWait(promise) }.value == 4)
    }

    @Test func aRefusedWaitLeavesALazyPromiseUnstarted() async {
        let queue = DispatchQueue(label: "lazy-refused")
        let started = Counter()
        let promise = Promise<Int>.lazy(on: queue) { resolver in
            started.increment()
            resolver.fulfill(1)
        }
        let result = await onThread { queue.sync { blockingWait(promise) } }
        #expect(result.promiseErrorKind == "waitWouldDeadlock")
        await onThread { queue.sync {} }  // whatever the wait scheduled on the queue has run by now
        #expect(started.value == 0 && promise.isPending && promise.observerCount == 0)
    }
}

@Suite struct CurrentTaskTests {
    @Test func seesTheTaskItRunsIn() async {
        #expect(CurrentTask.isRunning)
        #expect(withUnsafeCurrentTask { $0 != nil })
    }

    @Test func seesNoTaskOnAThreadOfItsOwn() async {
        let seen = await onThread { (CurrentTask.isRunning, withUnsafeCurrentTask { $0 != nil }) }
        #expect(seen == (false, false))
    }
}
