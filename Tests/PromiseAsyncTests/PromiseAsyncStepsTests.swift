import Foundation
import PromiseAsync
import PromiseTestSupport
import Testing

@Suite struct PromiseAsyncStepsTests {
    @Test func asyncMapRunsTheStepInATask() async throws {
        let enriched = Promise(2).asyncMap { value -> String in
            await Task.yield()
            return "\(value) in a task: \(withUnsafeCurrentTask { $0 != nil })"
        }
        #expect(try await enriched.value == "2 in a task: true")
    }

    /// With PromiseAsync imported, a key path still means the one synchronous `map`.
    @Test func aKeyPathMapsWithPromiseAsyncImported() async throws {
        struct User: Sendable { let name: String }
        #expect(try await Promise(User(name: "Ada")).map(\.name).value == "Ada")
    }

    @Test func mapAndFlatMapRunNoTask() async throws {
        let inTask = Promise(2).map { _ in withUnsafeCurrentTask { $0 != nil } }
        let flatInTask = Promise(2).flatMap { _ in Promise(withUnsafeCurrentTask { $0 != nil }) }
        #expect(try await inTask.value == false)
        #expect(try await flatInTask.value == false)
    }

    @Test func asyncFlatMapSettlesLikeTheReturnedPromise() async throws {
        let chained = Promise(3).asyncFlatMap { value -> Promise<Int> in
            await Task.yield()
            return Promise(on: .global()) { value * 2 }
        }
        #expect(try await chained.value == 6)
        let failed = Promise(3).asyncFlatMap { _ async throws -> Promise<Int> in throw TestError(5) }
        #expect(await failed.result.error as? TestError == TestError(5))
    }

    @Test func asyncMapPassesRejectionsThroughWithoutRunning() async {
        let ran = Counter()
        let mapped = Promise<Int>(error: TestError(1)).asyncMap { value async -> Int in
            ran.increment()
            return value
        }
        #expect(await mapped.result.error as? TestError == TestError(1))
        #expect(ran.value == 0)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(10)))) func cancellingTheResultCancelsTheTaskOfTheStep() async {
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let sawCancellation = LockedBox<Bool?>(nil)
        let step = Promise(1).asyncMap { value -> Int in
            started.signal()
            do {
                try await Task.sleep(nanoseconds: 600_000_000_000)  // only cancellation ends it in time
                sawCancellation.withLock { $0 = false }
            } catch {
                sawCancellation.withLock { $0 = error is CancellationError }
            }
            ended.signal()
            return value
        }
        await onThread { started.wait() }
        step.cancel()
        #expect(await step.result.error is CancellationError)
        await onThread { ended.wait() }
        #expect(sawCancellation.withLock { $0 } == true, "the Task running the step was cancelled")
    }
}
