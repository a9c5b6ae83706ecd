import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

/// A queue that breaks `CallbackQueue`'s contract: it releases the work it is given without running it.
private struct DroppingQueue: CallbackQueue {
    let dropped = Counter()
    func schedule(_ work: @escaping @Sendable () -> Void) { dropped.increment() }
    var dispatchQueue: DispatchQueue? { nil }
}

/// Work a queue drops breaks its promise, like a dropped resolver: nothing waits forever, and the
/// promises of the chain do not keep each other alive.
@Suite struct DroppingQueueTests {
    @Test func aDroppedStepBreaksItsLinkAndTheChainIsFreed() {
        let queue = DroppingQueue()
        weak var middleCore: PromiseCore<Int>?
        weak var tailCore: PromiseCore<Int>?
        do {
            let (head, resolver) = Promise<Int>.pending()
            let middle = head.map(on: queue) { $0 + 1 }
            let tail = middle.map(on: .inline) { $0 + 1 }
            middleCore = middle.core
            tailCore = tail.core
            resolver.fulfill(1)
            #expect(queue.dropped.value == 1)
            #expect(middle.currentResult?.error as? PromiseError == .brokenPromise)
            #expect(tail.currentResult?.error as? PromiseError == .brokenPromise)
        }
        #expect(middleCore == nil && tailCore == nil, "no cycle keeps the middle and the tail alive")
    }

    @Test func droppedWorkOfPromiseOnBreaksIt() {
        let queue = DroppingQueue()
        let promise = Promise(on: queue) { 5 }
        #expect(queue.dropped.value == 1)
        #expect(promise.currentResult?.error as? PromiseError == .brokenPromise)
    }

    @Test func aDroppedSideEffectThatAlsoRunsOnCancellationBreaksItsPromise() {
        let queue = DroppingQueue()
        let (head, resolver) = Promise<Int>.pending()
        let after = head.always(on: queue) {}
        resolver.fulfill(1)
        #expect(after.currentResult?.error as? PromiseError == .brokenPromise)
    }

    @Test func workThatRanIsNotBrokenWhenReleased() {
        let (head, resolver) = Promise<Int>.pending()
        let inner = Promise<Int>.pending()
        // The step hands its promise to `inner` and returns; the queue then releases the job.
        let flat = head.flatMap(on: RunningQueue()) { _ in inner.promise }
        resolver.fulfill(1)
        #expect(flat.isPending, "the released job did not break a promise its step handed on")
        inner.resolver.fulfill(7)
        #expect(flat.currentResult?.value == 7)
    }
}

/// Runs work at once, inside `schedule`, but is not `.inline` (so the step goes through a job).
private struct RunningQueue: CallbackQueue {
    func schedule(_ work: @escaping @Sendable () -> Void) { work() }
    var dispatchQueue: DispatchQueue? { nil }
}
