import Dispatch
import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

@Suite struct PromiseValueTests {
    @Test func valueOfSettledPromises() async throws {
        #expect(try await Promise(3).value == 3)
        await #expect(throws: TestError(1)) { try await Promise<Int>(error: TestError(1)).value }
        #expect((await Promise<Int>(error: TestError(2)).result).error as? TestError == TestError(2))
        #expect((await Promise(4).result).value == 4)
    }

    @Test func valueOfAPromiseSettledFromAnotherThread() async throws {
        let (promise, resolver) = Promise<String>.pending()
        DispatchQueue.global().async { resolver.fulfill("later") }
        #expect(try await promise.value == "later")
    }

    @Test func aBrokenPromiseEndsTheAwaitInsteadOfHanging() async {
        let promise = Promise<Int> { _ in }  // the resolver is dropped unsettled
        await #expect(throws: PromiseError.self) { try await promise.value }
    }

    @Test func taskCancelledWhileWaitingThrowsAndLeavesThePromiseRunning() async {
        let (promise, resolver) = Promise<Int>.pending()
        let task = Task { try await promise.value }
        await waitUntilObserved(promise)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(promise.isPending, "the promise is not cancelled")
        #expect(promise.observerCount == 0, "the await took its observation back")
        resolver.fulfill(1)
    }

    @Test func taskCancelledBeforeAwaitingThrowsAtOnce() async {
        let (promise, resolver) = Promise<Int>.pending()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await promise.value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(promise.isPending && promise.observerCount == 0)
        withExtendedLifetime(resolver) {}
    }

    @Test func aCancelledTaskDoesNotStartALazyPromise() async {
        let started = Counter()
        let lazy = Promise<Int>.lazy(on: .inline) { _ in started.increment() }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await lazy.value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(started.value == 0, "nobody needed the body")
        #expect(lazy.isPending && lazy.observerCount == 0)
    }

    @Test func settledBeforeCancellationKeepsTheValue() async throws {
        let (promise, resolver) = Promise<Int>.pending()
        let task = Task { try await promise.value }
        await waitUntilObserved(promise)
        resolver.fulfill(9)
        #expect(try await task.value == 9)
        task.cancel()
        #expect(promise.isFulfilled)
    }

    @Test func optInCancellationCancelsThePromiseAndTheLegacyWork() async {
        let stopped = Counter()
        let (source, resolver) = Promise<Int>.pending()
        resolver.onCancel { stopped.increment() }
        let derived = source.map { $0 * 2 }
        let task = Task { try await derived.value(cancellingOnTaskCancellation: true) }
        await waitUntilObserved(derived)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(derived.isCancelled && source.isCancelled)
        #expect(stopped.value == 1)
    }

    @Test func resultReportsCancellationAsAFailure() async {
        let (promise, resolver) = Promise<Int>.pending()
        let task = Task { await promise.result }
        await waitUntilObserved(promise)
        task.cancel()
        #expect(await task.value.error is CancellationError)
        withExtendedLifetime(resolver) {}
    }

    @Test func cancellationRacingSettlementResumesExactlyOnce() async {
        for round in 0..<2_000 {
            let (promise, resolver) = Promise<Int>.pending()
            let task = Task { try await promise.value(cancellingOnTaskCancellation: round.isMultiple(of: 2)) }
            DispatchQueue.global().async { resolver.fulfill(round) }
            task.cancel()
            let outcome = await task.result
            switch outcome {
            case .success(let value): #expect(value == round)
            case .failure(let error): #expect(error is CancellationError)
            }
        }
    }

    @Test func hundredThousandTasksAwaitPromisesSettledFromOtherThreads() async {
        let batch = TestScale.size(quick: 2_000, full: 10_000, minimum: 500)
        var total = 0
        for _ in 0..<10 {
            let pairs = (0..<batch).map { _ in Promise<Int>.pending() }
            let sum = await withTaskGroup(of: Int.self) { group in
                for pair in pairs {
                    group.addTask { (try? await pair.promise.value) ?? 0 }
                }
                DispatchQueue.global().async {
                    DispatchQueue.concurrentPerform(iterations: 2) { worker in
                        for index in stride(from: worker, to: batch, by: 2) { pairs[index].resolver.fulfill(1) }
                    }
                }
                return await group.reduce(0, +)
            }
            total += sum
        }
        #expect(total == 10 * batch)
    }

    @Test func waitRefusesInsideATaskAndSaysWhatToWriteInstead() async {
        let message = await Task { () -> String in
            do {
                _ = try legacyBlockingCall(Promise(1))
                return "no error"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(message.contains("try await promise.value"))
    }
}

/// Legacy synchronous code that blocks; called from a Task by mistake.
private func legacyBlockingCall(_ promise: Promise<Int>) throws -> Int {
    try promise.wait()
}
