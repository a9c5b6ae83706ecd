import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

// One test per defect of the reliability review (issue 14); each failed before its fix.

@Suite struct TrampolineRegressionTests {
    /// A queued job held the last reference to a resolver whose deinit settled a deep inline chain,
    /// which queued more work while the finished jobs were being removed: "Simultaneous accesses".
    @Test func releasingAQueuedJobThatSettlesADeepChainDoesNotCrash() async {
        let finished = await onThread { () -> Bool in
            let (x, xr) = Promise<Int>.pending()
            var t = x
            for _ in 0..<40 { t = t.map(on: .inline) { $0 } }
            let (head, hr) = Promise<Int>.pending()
            var l = [head]
            for _ in 0..<40 { l.append(l.last!.map(on: .inline) { $0 }) }
            l[32].then(on: .inline) { [xr] _ in _ = xr }  // the last reference to `xr`
            _ = consume xr
            hr.fulfill(0)
            return t.currentResult?.error is PromiseError && l[40].currentResult?.value == 0
        }
        #expect(finished, "the dropped resolver broke its chain, and the other chain settled")
    }

    /// Callbacks registered before a deep settle run before one attached to the settled promise later
    /// from further up the same stack.
    @Test func callbacksKeepRegistrationOrderAcrossADeepSettle() async {
        let order = Recorder<String>()
        await onThread {
            nestToTheDepthLimit {
                let (promise, resolver) = Promise<Int>.pending()
                promise.then(on: .inline) { _ in order.append("registered before the settle") }
                resolver.fulfill(1)  // too deep: its callbacks are queued
                promise.then(on: .inline) { _ in order.append("attached after the settle") }
            }
        }
        #expect(order.elements == ["registered before the settle", "attached after the settle"])
    }

    /// Deep recursion through already settled promises on a 512 KiB stack: 20,000 levels (a million
    /// in CI's full-size run), far more than that stack holds unless the trampoline bounds it.
    @Test(.timeLimit(.minutes(TestScale.minutes(2))))
    func recursionThroughSettledPromisesDoesNotOverflowTheStack() async {
        let levels = TestScale.size(quick: 20_000, full: 1_000_000, minimum: 5_000)
        @Sendable func page(_ index: Int) -> Promise<Int> {
            Promise(index).flatMap(on: .inline) { $0 == levels ? Promise($0) : page($0 + 1) }
        }
        let value = await onSmallStack { page(0).currentResult?.value }
        #expect(value == levels)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(2))))
    func recoverLoopsThroughSettledPromisesDoNotOverflowTheStack() async {
        let levels = TestScale.size(quick: 20_000, full: 200_000, minimum: 5_000)
        @Sendable func attempt(_ index: Int) -> Promise<Int> {
            Promise<Int>(error: TestError(index)).flatMapError(on: .inline) { error -> Promise<Int> in
                let next = (error as? TestError)!.code + 1
                return next == levels ? Promise(next) : attempt(next)
            }
        }
        let value = await onSmallStack { attempt(0).currentResult?.value }
        #expect(value == levels)
    }

    /// Finished jobs no longer count as queued work: inside the last queued job, with nothing queued
    /// behind it, wait() is allowed.
    @Test func waitIsAllowedInTheLastQueuedJob() async {
        let outcome = LockedBox<Result<Int, any Error>?>(nil)
        await onThread {
            nestToTheDepthLimit {
                let (inner, innerResolver) = Promise<Int>.pending()
                inner.then(on: .inline) { _ in
                    outcome.withLock { $0 = blockingWait(Promise<Int>(on: DispatchQueue(label: "elsewhere")) { 5 }) }
                }
                innerResolver.fulfill(1)  // too deep: runs as the only queued job, after this returns
            }
        }
        #expect(outcome.withLock { $0 }?.value == 5)
    }
}

@Suite struct WaitRegressionTests {
    /// `b` needs a callback of the settle whose earlier callback is waiting for it.
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func waitForAPromiseThatNeedsALaterCallbackOfTheSameSettleRefuses() async {
        let outcome = LockedBox<Result<Int, any Error>?>(nil)
        await onThread {
            let (a, resolver) = Promise<Int>.pending()
            let b = LockedBox<Promise<Int>?>(nil)
            a.then(on: .inline) { _ in outcome.withLock { $0 = blockingWait(b.withLock { $0! }) } }
            b.withLock { $0 = a.map(on: .inline) { $0 + 1 } }
            resolver.fulfill(1)
        }
        #expect(outcome.withLock { $0 }?.promiseErrorKind == "waitWouldDeadlock")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func waitInsideACancelHandlerForADerivedPromiseRefuses() async {
        let outcome = LockedBox<Result<Int, any Error>?>(nil)
        await onThread {
            let derived = LockedBox<Promise<Int>?>(nil)
            let (source, resolver) = Promise<Int>.pending()
            resolver.onCancel { outcome.withLock { $0 = blockingWait(derived.withLock { $0! }) } }
            derived.withLock { $0 = source.map(on: .inline) { $0 } }
            source.cancel()
        }
        #expect(outcome.withLock { $0 }?.promiseErrorKind == "waitWouldDeadlock")
    }

    /// A thread running an inner queue waits for work on the queue it targets.
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func waitOnAQueueThatTargetsTheNeededQueueRefuses() async {
        let outer = DispatchQueue(label: "outer")
        let inner = DispatchQueue(label: "inner", target: outer)
        let other = DispatchQueue(label: "other")
        _ = CurrentQueue.isRunning(other)  // marked first: the old single key answered by marking order
        let result = await onThread { inner.sync { blockingWait(Promise<Int>(on: outer) { 1 }) } }
        #expect(result.promiseErrorKind == "waitWouldDeadlock")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func waitOnAGlobalQueueForWorkOnTheGlobalQueueRefuses() async {
        // The work waits for the wait to answer, so the promise is still pending when `wait()` looks
        // (on a loaded machine another global thread could otherwise run it first, and the wait would
        // simply find it fulfilled). A wait that failed to refuse ends when the work's gate times out.
        let gate = DispatchSemaphore(value: 0)
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let work = Promise(on: .global()) { () -> Int in
                    _ = gate.wait(timeout: .now() + 10)
                    return 1
                }
                let result = blockingWait(work)
                gate.signal()
                continuation.resume(returning: result)
            }
        }
        #expect(result.promiseErrorKind == "waitWouldDeadlock")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func waitOnAGlobalQueueForWorkOfItsOwnThreadIsAllowed() async {
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let (promise, resolver) = Promise<Int>.pending()
                Thread { resolver.fulfill(2) }.start()
                continuation.resume(returning: blockingWait(promise))
            }
        }
        #expect(result.value == 2)
    }

    /// The items in flight of `Promise.map(_:concurrency:)` and the attempt of `retry` are
    /// dependencies the check walks, as `Promise.all`'s inputs are.
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func waitSeesTheWorkInFlightOfBoundedMapAndRetry() async {
        let queue = DispatchQueue(label: "in-flight")
        let (source, resolver) = Promise<Int>.pending()
        let mapped = Promise<[Int]>.map([1, 2], concurrency: 1) { item in source.map(on: queue) { $0 + item } }
        let retried = Promise<Int>.retry(attempts: 2) { _ in source.map(on: queue) { $0 } }
        let outcomes = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: (blockingWait(mapped), blockingWait(retried))) }
        }
        #expect(outcomes.0.promiseErrorKind == "waitWouldDeadlock")
        #expect(outcomes.1.promiseErrorKind == "waitWouldDeadlock")
        resolver.fulfill(0)
        #expect(await mapped.outcome().value == [1, 2])
    }
}

@Suite struct OperatorRegressionTests {
    @Test func boundedMapStartsNothingAfterTheFirstRejection() async {
        let started = Counter()
        let (first, firstResolver) = Promise<Int>.pending()
        let (second, secondResolver) = Promise<Int>.pending()
        let items = [first, second, Promise(3), Promise(4)]
        let mapped = Promise<[Int]>.map(items.indices, concurrency: 2) { index in
            started.increment()
            return items[index]
        }
        // The result's own callback settles another item, which used to start the next one.
        mapped.catch(on: .inline) { _ in secondResolver.fulfill(2) }
        firstResolver.reject(TestError(1))
        #expect(started.value == 2)
        #expect(await mapped.outcome().error as? TestError == TestError(1))
    }

    @Test func aLazyBodyNeverRunsAfterItsPromiseWasCancelled() async {
        let queue = DispatchQueue(label: "lazy")
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let ran = Counter()
        let lazy = Promise<Int>.lazy(on: queue) { resolver in
            ran.increment()
            resolver.fulfill(1)
        }
        lazy.then(on: .inline) { _ in }  // starts it: the body is now queued behind the gate
        lazy.cancel()
        gate.signal()
        await Promise<Void>(on: queue) {}.outcome()
        #expect(ran.value == 0)
        #expect(lazy.isCancelled)
    }

    @Test func exponentialBackoffSaturatesInsteadOfTrapping() {
        let backoff = Backoff.exponential(initial: .seconds(1), maximum: .seconds(Int.max))
        #expect(backoff.invalidReason == nil)
        #expect(backoff.delay(beforeRetry: 80).nanoseconds == Int.max)
        #expect(backoff.delay(beforeRetry: 1000).nanoseconds == Int.max)
    }
}

/// Nests inline deliveries until the trampoline's depth limit, then runs `body` there.
private func nestToTheDepthLimit(_ body: @escaping @Sendable () -> Void) {
    let (promise, resolver) = Promise<Int>.pending()
    promise.then(on: .inline) { _ in
        if Trampoline.depth >= Trampoline.maximumDepth { body() } else { nestToTheDepthLimit(body) }
    }
    resolver.fulfill(0)
}
