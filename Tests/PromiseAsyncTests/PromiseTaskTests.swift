import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

@Suite struct PromiseTaskTests {
    @Test func asyncWorkBecomesAPromise() async throws {
        let promise = Promise {
            try await Task.sleep(nanoseconds: 1_000); return 5
        }
        #expect(try await promise.value == 5)
        let failing = Promise<Int> { throw TestError(3) }
        await #expect(throws: TestError(3)) { try await failing.value }
    }

    @Test func cancellingThePromiseCancelsTheTask() async {
        let (started, start) = Promise<Void>.pending()
        let promise = Promise<Int> {
            start.fulfill()
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            return 1
        }
        try? await started.value
        promise.cancel()
        #expect(promise.isCancelled)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1)))) func theTaskRunningTheBodySeesTheCancellation() async throws {
        let (started, start) = Promise<Void>.pending()
        let (stopped, stop) = Promise<Bool>.pending()
        let promise = Promise<Int> {
            start.fulfill()
            do {
                try await Task.sleep(nanoseconds: 3_600_000_000_000)
                stop.fulfill(false)
            } catch {
                stop.fulfill(error is CancellationError)
            }
            return 1
        }
        try await started.value
        promise.cancel()
        #expect(try await stopped.value)
    }

    // The first Task hook is stored inline; another cancel handler moves both out of line, in order.
    @Test(.timeLimit(.minutes(TestScale.minutes(1)))) func aTaskHookAndCancelHandlersAllRunInOrder() async throws {
        let order = Recorder<String>()
        let promise = Promise<Int>.unresolved(needing: nil)
        let task = try await taskRecordingCancellation(in: order)
        promise.onCancel(cancelling: task)
        promise.onCancel { order.append("handler") }
        promise.cancel()
        await task.value
        #expect(order.elements == ["task", "handler"])
        // Added once cancelled: cancelled at once.
        let late = Task<Void, Never> { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
        promise.onCancel(cancelling: late)
        #expect(late.isCancelled)
    }

    // A cancel handler first: the Task hook goes out of line after it.
    @Test(.timeLimit(.minutes(TestScale.minutes(1)))) func aTaskHookAfterACancelHandlerRunsSecond() async throws {
        let order = Recorder<String>()
        let promise = Promise<Int>.unresolved(needing: nil)
        let task = try await taskRecordingCancellation(in: order)
        promise.onCancel { order.append("handler") }
        promise.onCancel(cancelling: task)
        promise.cancel()
        await task.value
        #expect(order.elements == ["handler", "task"])
    }

    @Test func aTaskHookOnAFulfilledPromiseIsNotCancelled() async {
        let promise = Promise<Int>.unresolved(needing: nil)
        promise.settle(.success(1))
        let task = Task<Void, Never> { try? await Task.sleep(nanoseconds: 1_000) }
        promise.onCancel(cancelling: task)
        promise.cancel()
        #expect(!task.isCancelled)
        await task.value
    }

    @Test func cancellingThePromiseCancelsTheTaskItWaitsOn() async {
        let (started, start) = Promise<Void>.pending()
        let task = Task<Int, any Error> {
            start.fulfill()
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            return 1
        }
        let promise = Promise(task: task)
        try? await started.value
        promise.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func roundTripTaskPromiseTask() async throws {
        let value = try await Promise(task: Task { 2 }).map { $0 * 3 }.flatMap { value in Promise { value + 1 } }.value
        #expect(value == 7)
    }

    @Test func newAsyncCodeServesAnOldCompletionHandlerCaller() async {
        let result: Result<String, any Error> = await withCheckedContinuation { continuation in
            Promise { "from async" }.whenComplete(on: .global()) { continuation.resume(returning: $0) }
        }
        #expect(result.value == "from async")
    }
}

/// A Task that waits until it is cancelled and records "task" in `order` when it is. Returns once its
/// cancellation handler is in place, so cancelling it records at once, on the cancelling thread.
private func taskRecordingCancellation(in order: Recorder<String>) async throws -> Task<Void, Never> {
    let (started, start) = Promise<Void>.pending()
    let task = Task {
        await withTaskCancellationHandler {
            start.fulfill()
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)
        } onCancel: {
            order.append("task")
        }
    }
    try await started.value
    return task
}
