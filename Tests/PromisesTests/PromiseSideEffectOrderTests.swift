import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

/// `then`, `catch` and `always` return a new promise that settles after their body ran (as google's
/// `then` and PromiseKit's `done`/`ensure` do), so side effects in a chain run in order.
@Suite struct PromiseSideEffectOrderTests {
    @Test func thenThenAlwaysRunInOrderOnTheDefaultConcurrentQueue() async {
        for _ in 0..<20 {
            let order = Recorder<String>()
            let gate = DispatchSemaphore(value: 0)
            let done = Promise(1)
                .then { _ in
                    gate.wait()  // held (briefly, by a thread of its own) so that B has every chance to run early
                    order.append("A")
                }
                .then { _ in order.append("B") }
                .always { order.append("C") }
            Thread { gate.signal() }.start()  // not a pool thread: the pool is what A is blocking
            await done.outcome()
            #expect(order.elements == ["A", "B", "C"])
        }
    }

    @Test func catchThenAlwaysRunInOrder() async {
        let order = Recorder<String>()
        let gate = DispatchSemaphore(value: 0)
        let done = Promise<Int>(error: TestError(1))
            .catch { _ in
                gate.wait()
                order.append("catch")
            }
            .always { order.append("always") }
        Thread { gate.signal() }.start()
        #expect(await done.outcome().error as? TestError == TestError(1), "catch passes the error on")
        #expect(order.elements == ["catch", "always"])
    }

    @Test func tapRunsBeforeTheNextStepOnBothPathsAndPassesTheOutcomeOn() async {
        for _ in 0..<20 {
            let order = Recorder<String>()
            let gate = DispatchSemaphore(value: 0)
            let fulfilled = Promise(5)
                .tap { result in
                    gate.wait()  // held by a thread of its own, so the next step has every chance to run early
                    order.append("tap \(result.value ?? -1)")
                }
                .map { value -> Int in
                    order.append("map")
                    return value * 2
                }
            Thread { gate.signal() }.start()
            #expect(await fulfilled.outcome().value == 10)
            #expect(order.elements == ["tap 5", "map"])
        }
        let order = Recorder<String>()
        let rejected = await Promise<Int>(error: TestError(4))
            .tap { result in order.append("tap \((result.error as? TestError)?.code ?? -1)") }
            .flatMapError { error in
                order.append("recover")
                return Promise(error: error)
            }
            .outcome()
        #expect(rejected.error as? TestError == TestError(4), "tap passes the error on")
        #expect(order.elements == ["tap 4", "recover"])
    }

    @Test func tapRunsOnceWhenWhatItReturnedIsCancelled() async {
        let (source, resolver) = Promise<Int>.pending()
        let seen = Recorder<String>()
        let tapped = source.tap(on: .inline) { result in
            seen.append(result.error is CancellationError ? "cancelled" : "other")
        }
        tapped.cancel()
        #expect(await tapped.outcome().error is CancellationError)
        resolver.fulfill(1)  // nothing can run twice
        #expect(seen.elements == ["cancelled"])
    }

    @Test func awaitingWhatThenReturnedWaitsForTheBody() async {
        let saved = Counter()
        let result = await Promise(7).then { _ in saved.increment() }.outcome()
        #expect(result.value == 7, "then passes the value on")
        #expect(saved.value == 1, "the body ran before the returned promise settled")
    }

    @Test func rejectionsPassThroughThenAndValuesThroughCatchWithoutRunningThem() async {
        let ran = Counter()
        let rejected = await Promise<Int>(error: TestError(2)).then(on: .inline) { _ in ran.increment() }.outcome()
        let fulfilled = await Promise(3).catch(on: .inline) { _ in ran.increment() }.outcome()
        #expect(rejected.error as? TestError == TestError(2))
        #expect(fulfilled.value == 3)
        #expect(ran.value == 0)
    }

    @Test func cancellingWhatThenReturnedFollowsTheUpstreamRule() {
        let (shared, resolver) = Promise<Int>.pending()
        let other = shared.map(on: .inline) { $0 }
        let sideEffect = shared.then(on: .inline) { _ in }
        sideEffect.cancel()
        #expect(sideEffect.isCancelled)
        #expect(shared.isPending, "another observer still needs the shared source")
        other.cancel()
        #expect(shared.isCancelled, "nothing observes the source any more")
        _ = resolver
    }

    @Test func aCancelledThenSkipsItsQueuedBody() async {
        let queue = DispatchQueue(label: "blocked")
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let ran = Counter()
        let sideEffect = Promise(1).then(on: queue) { _ in ran.increment() }
        sideEffect.cancel()
        gate.signal()
        await Promise<Void>(on: queue) {}.outcome()
        #expect(ran.value == 0)
    }

    /// `fetch().always { spinner.stop() }.timeout(…)`: the timeout cancels what `always` returned, and
    /// the spinner must stop all the same.
    @Test func alwaysRunsOnceWhenWhatItReturnedIsCancelled() async {
        let (source, resolver) = Promise<Int>.pending()
        let ran = Counter()
        let stopped = DispatchSemaphore(value: 0)
        // Let go after the timeout is delivered, on the timer's thread: waited for, not assumed.
        let sourceCancelled = DispatchSemaphore(value: 0)
        resolver.onCancel { sourceCancelled.signal() }
        let timed = source.always {
            ran.increment()
            stopped.signal()
        }.timeout(.milliseconds(10))
        #expect(await timed.outcome().error as? PromiseError == .timedOut)
        let letGo = await onThread {
            stopped.wait()
            return sourceCancelled.wait(timeout: .now() + 60) == .success
        }
        #expect(letGo)
        #expect(!resolver.isPending, "the source was let go (cancelled)")
        resolver.fulfill(1)  // nothing can run twice
        #expect(ran.value == 1)
    }

    @Test func catchIncludingCancellationSeesTheCancellationOfWhatItReturned() async {
        let (source, resolver) = Promise<Int>.pending()
        let seen = Recorder<Bool>()
        let caught = source.catch(on: .inline, includingCancellation: true) { seen.append($0.isCancellation) }
        let skipped = source.catch(on: .inline) { _ in seen.append(false) }
        caught.cancel()
        skipped.cancel()
        #expect(seen.elements == [true])
        _ = resolver
    }
}
