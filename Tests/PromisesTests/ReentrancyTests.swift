import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

/// Deinits and callbacks that re-enter the library from the places where it releases things.
@Suite struct ReentrancyTests {
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aDetachedCallbackIsReleasedAfterUnlocking() async {
        let (source, sourceResolver) = Promise<Int>.pending()
        let reentered = Counter()
        let derived: Promise<Int>
        do {
            let (other, otherResolver) = Promise<Int>.pending()
            // When `otherResolver` dies, `other` rejects and this touches `source` again.
            other.catch(on: .inline) { _ in
                source.then { _ in }
                reentered.increment()
            }
            derived = source.map { [otherResolver] value in
                otherResolver.fulfill(value)
                return value
            }
        }
        derived.cancel()  // releases the map's callback, the resolver's last owner
        #expect(reentered.value == 1)
        withExtendedLifetime(sourceResolver) {}
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func waitInsideAnInlineCallbackWithQueuedSettlesRefuses() async {
        let outcome = LockedBox<Result<Int, any Error>?>(nil)
        await onThread {
            nestInlineSettles {
                let (promise, resolver) = Promise<Int>.pending()
                let mapped = promise.map(on: .inline) { $0 + 1 }
                resolver.fulfill(1)  // too deep: its callbacks are queued behind this one
                outcome.withLock { $0 = blockingWait(mapped) }
            }
        }
        #expect(outcome.withLock { $0 }?.promiseErrorKind == "waitWouldDeadlock")
    }

    @Test func aWakeUpTooDeepIsQueuedBehindEarlierSettles() {
        let seen = Recorder<String>()
        nestInlineSettles {
            let (first, firstResolver) = Promise<Int>.pending()
            let (second, secondResolver) = Promise<Int>.pending()
            first.whenComplete(on: .inline) { _ in seen.append("first") }
            _ = second.observeResult({ _ in seen.append("wake-up") }, in: ObserverSlot(), wakingOnly: true)
            firstResolver.fulfill(1)  // too deep: queued
            secondResolver.fulfill(2)  // a lone wake-up, but it must not overtake the queued callback
            seen.append("settled both")
        }
        #expect(seen.elements == ["settled both", "first", "wake-up"])
    }

    @Test func aLoneWakeUpRunsAtOnceAndTwoAwaitersBothResume() {
        let seen = Recorder<String>()
        let (promise, resolver) = Promise<Int>.pending()
        _ = promise.observeResult({ _ in seen.append("wake-up") }, in: ObserverSlot(), wakingOnly: true)
        resolver.fulfill(1)
        seen.append("returned")
        #expect(seen.elements == ["wake-up", "returned"])

        let (shared, sharedResolver) = Promise<Int>.pending()
        let slots = (ObserverSlot(), ObserverSlot())
        _ = shared.observeResult({ _ in seen.append("one") }, in: slots.0, wakingOnly: true)
        _ = shared.observeResult({ _ in seen.append("two") }, in: slots.1, wakingOnly: true)
        sharedResolver.fulfill(2)
        #expect(seen.elements == ["wake-up", "returned", "one", "two"])
    }

    @Test func queuedWorkIsSkippedOnceTheDerivedPromiseIsCancelled() async {
        let queue = DispatchQueue(label: "blocked")
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let calls = Counter()
        let mapped = Promise(1).map(on: queue) { value -> Int in
            calls.increment()
            return value
        }
        mapped.cancel()
        gate.signal()
        await Promise<Void>(on: queue) {}.outcome()
        #expect(calls.value == 0)
        #expect(mapped.isCancelled)
    }
}

/// Nests inline settles until the trampoline's depth limit, then runs `body` there.
private func nestInlineSettles(_ body: @escaping @Sendable () -> Void) {
    let (promise, resolver) = Promise<Int>.pending()
    promise.then(on: .inline) { _ in
        if Trampoline.depth >= Trampoline.maximumDepth { body() } else { nestInlineSettles(body) }
    }
    resolver.fulfill(0)
}
