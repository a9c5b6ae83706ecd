import Dispatch
import PromiseTestSupport
import Testing

@testable import PromiseAsync
@testable import Promises

/// Races every pair of operations on the same promises from two threads, `stressRounds` promises per
/// pair, and checks with counters that everything happened exactly once and everything was freed.
@Suite struct RaceTests {
    @Test(arguments: racePairs.map { [$0.0, $0.1] })
    func raceExactlyOnce(_ pair: [RaceOperation]) async {
        weak var sample: PromiseCore<Int>?
        do {
            let subjects = LockedBox((0..<stressRounds).map { _ in RaceSubject() })
            sample = subjects.withLock { $0.last?.promise.core }
            let failures = await race(pair, subjects)
            #expect(failures == 0, "promises that broke exactly-once delivery")
            subjects.withLock { $0 = [] }
        }
        // The last Task may still be returning its frame: give it the few turns it needs.
        for _ in 0..<10_000 where sample != nil { await Task.yield() }
        #expect(sample == nil, "every promise of the race was freed")
    }

    /// Runs the race and counts the promises whose counters are wrong.
    private func race(_ pair: [RaceOperation], _ box: LockedBox<[RaceSubject]>) async -> Int {
        let (first, second) = (pair[0], pair[1])
        if pair.contains(.cancelTask) && !pair.contains(.awaitValue) {
            for subject in box.withLock({ $0 }) { subject.startAwaiting() }
        }
        await onThread {
            let subjects = box.withLock { $0 }
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                let operation = worker == 0 ? first : second
                for (index, subject) in subjects.enumerated() { subject.perform(operation, index: index) }
            }
        }
        let subjects = box.withLock { $0 }
        // Settle whatever is still pending, then let every Task and timer report.
        for (index, subject) in subjects.enumerated() {
            if let resolver = subject.resolver.withLock({ $0 }), resolver.fulfill(index) {
                subject.settleWins.increment()
            }
            subject.resolver.withLock { $0 = nil }
        }
        for subject in subjects {
            for task in subject.tasks.withLock({ $0 }) { await task.value }
        }
        let observers = pair.filter { $0 == .observe }.count
        let timeouts = pair.filter { $0 == .timeout }.count
        for subject in subjects {
            while subject.timeoutRuns.value < timeouts { await Task.yield() }
        }
        return subjects.filter { subject in
            // Settled exactly once: one result, at most one winning settle call, and the producer
            // told of cancellation exactly when it happened (by `cancel()` or by a timeout upstream).
            let settled = subject.promise.currentResult != nil && subject.settleWins.value <= 1
            let awaits = subject.tasks.withLock { $0.count }
            let cancelled = subject.promise.isCancelled ? 1 : 0
            return !settled || subject.observerRuns.value != observers || subject.timeoutRuns.value != timeouts
                || subject.awaitResumes.value != awaits || subject.cancelHandlerRuns.value != cancelled
        }.count
    }
}
