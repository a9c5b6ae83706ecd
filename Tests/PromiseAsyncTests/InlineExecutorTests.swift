import Foundation
import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

/// A legal executor that runs every job inside `enqueue`: a resumed Task then runs inside the call
/// that resumed it, so wake-ups nest unless the trampoline counts them.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class InlineExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}

@Suite struct InlineExecutorTests {
    /// Task i awaits promise i and fulfills promise i + 1, all on an inline executor: settling the
    /// first resumes every Task in turn. On a 512 KiB stack this overflowed at a few hundred Tasks
    /// while a lone wake-up skipped the depth count (about 1.7 KB of stack each).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func tasksResumedInlineNestNoDeeperThanTheTrampolineAllows() async {
        let tasks = TestScale.size(quick: 5_000, full: 20_000, minimum: 1_000)
        let (allSuspended, last) = await onSmallStack { () -> (Bool, Int?) in
            let executor = InlineExecutor()
            let pairs = (0...tasks).map { _ in Promise<Int>.pending() }
            for index in 0..<tasks {
                let awaited = pairs[index].promise
                let next = pairs[index + 1].resolver
                Task(executorPreference: executor) {
                    next.fulfill(((try? await awaited.value) ?? -tasks) + 1)
                }
            }
            let allSuspended = pairs.dropLast().allSatisfy { $0.promise.observerCount == 1 }
            pairs[0].resolver.fulfill(0)
            return (allSuspended, pairs[tasks].promise.currentResult?.value)
        }
        #expect(allSuspended, "every Task was suspended before the first fulfill")
        #expect(last == tasks, "every Task ran, in order, before the first fulfill returned")
    }
}

/// Runs `body` on a thread with a 512 KiB stack.
private func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 512 << 10
        thread.start()
    }
}
