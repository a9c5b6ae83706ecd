import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import PromiseAsync
@testable import Promises

/// Races every pair of operations on the same promises from two threads, `stressRounds` promises per
/// pair, then every operation at once from as many threads as cores (and twice that), and checks
/// with counters that everything happened exactly once and everything was freed.
@Suite struct RaceTests {
    @Test(arguments: racePairs.map { [$0.0, $0.1] })
    func raceExactlyOnce(_ pair: [RaceOperation]) async {
        await raceAndCheck(pair, rounds: stressRounds, threadsOfTheirOwn: false)
    }

    /// Every operation at once, on as many threads as the machine has cores and on twice that.
    @Test(arguments: [1, 2])
    func raceEveryOperationAtOnce(threadsPerCore: Int) async {
        let threads = max(ProcessInfo.processInfo.activeProcessorCount, 2) * threadsPerCore
        let all = RaceOperation.allCases
        let operations = (0..<max(threads, all.count)).map { all[$0 % all.count] }
        await raceAndCheck(operations, rounds: stressRounds / 20, threadsOfTheirOwn: true)
    }

    /// `threadsOfTheirOwn`: one `Thread` per operation, so there can be more threads than cores; the
    /// pairs race on Dispatch's pool instead, which keeps 28 parallel pair tests from starving the rest
    /// of the suite (under ThreadSanitizer especially).
    private func raceAndCheck(_ operations: [RaceOperation], rounds: Int, threadsOfTheirOwn: Bool) async {
        weak var sample: PromiseCore<Int>?
        do {
            let subjects = LockedBox((0..<rounds).map { _ in RaceSubject() })
            sample = subjects.withLock { $0.last?.promise.core }
            let failures = await race(operations, subjects, threadsOfTheirOwn: threadsOfTheirOwn)
            #expect(failures == 0, "promises that broke exactly-once delivery")
            subjects.withLock { $0 = [] }
        }
        // The last Task may still be returning its frame, or the timer thread letting its source go:
        // wait for that, bounded only against a real leak.
        let deadline = DispatchTime.now() + .seconds(60)
        while sample != nil && DispatchTime.now() < deadline { await Task.yield() }
        #expect(sample == nil, "every promise of the race was freed")
    }

    /// Runs the race, one thread per operation, and counts the promises whose counters are wrong.
    private func race(_ operations: [RaceOperation], _ box: LockedBox<[RaceSubject]>, threadsOfTheirOwn: Bool)
        async -> Int
    {
        if operations.contains(.cancelTask) && !operations.contains(.awaitValue) {
            for subject in box.withLock({ $0 }) { subject.startAwaiting() }
        }
        await onThread {
            let subjects = box.withLock { $0 }
            guard threadsOfTheirOwn else {
                DispatchQueue.concurrentPerform(iterations: operations.count) { worker in
                    for (index, subject) in subjects.enumerated() { subject.perform(operations[worker], index: index) }
                }
                return
            }
            // A thread of its own per operation (more threads than cores), released together.
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for operation in operations {
                done.enter()
                Thread {
                    start.wait()
                    for (index, subject) in subjects.enumerated() { subject.perform(operation, index: index) }
                    done.leave()
                }.start()
            }
            for _ in operations { start.signal() }
            done.wait()
        }
        let subjects = box.withLock { $0 }
        // Settle whatever is still pending, then let every Task and timer report.
        for (index, subject) in subjects.enumerated() {
            if let resolver = subject.resolver.withLock({ $0 }), resolver.settle(.success(index)) {
                subject.settleWins.increment()
            }
            subject.resolver.withLock { $0 = nil }
        }
        for subject in subjects {
            for task in subject.tasks.withLock({ $0 }) { await task.value }
        }
        let observers = operations.filter { $0 == .observe }.count
        let timeouts = operations.filter { $0 == .timeout }.count
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
