import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

/// Sizes of the concurrency stress tests (see `TestScale`).
enum StressSize {
    static let settleRaces = TestScale.size(quick: 10_000, full: 100_000, minimum: 1_000)
}

@Suite struct StressTests {
    @Test func settleOnceUnderConcurrentFulfillRejectAndObserve() async {
        let count = StressSize.settleRaces
        let pairs = (0..<count).map { _ in Promise<Int>.pending() }
        let runs = LockedBox.make([Int](repeating: 0, count: count))
        let wins = Counter()
        for (index, pair) in pairs.enumerated() {
            pair.promise.whenComplete(on: .inline) { _ in runs.withLock { $0[index] += 1 } }
        }
        await onThread {
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                for (index, pair) in pairs.enumerated() {
                    switch worker {
                    case 0: if pair.resolver.settle(.success(index)) { wins.increment() }
                    case 1: if pair.resolver.settle(.failure(TestError(index))) { wins.increment() }
                    default:
                        pair.promise.whenComplete(on: .inline) { _ in runs.withLock { $0[index] += 1 } }
                    }
                }
            }
        }
        #expect(wins.value == count, "exactly one settle call wins per promise")
        let counts = runs.withLock { $0 }
        #expect(counts.allSatisfy { $0 == 2 }, "every callback ran exactly once")
    }

    @Test func observersAttachedFromManyThreadsWhileSettlingAllRun() async {
        let (promise, resolver) = Promise<Int>.pending()
        let runs = Counter()
        await onThread {
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for index in 0..<10_000 {
                    if worker == 0 && index == 5_000 { resolver.fulfill(1) }
                    promise.then(on: .inline) { _ in runs.increment() }
                }
            }
        }
        #expect(runs.value == 40_000)
    }
}
