import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

// Legacy-style APIs, written as a team's old code would be.
private func legacyPair(_ value: Int?, _ error: (any Error)?, completion: @escaping (Int?, (any Error)?) -> Void) {
    completion(value, error)
}
private func legacyResult(
    _ result: Result<Int, TestError>, completion: @escaping @Sendable (Result<Int, TestError>) -> Void
) {
    DispatchQueue.global().async { completion(result) }
}
private func legacyError(_ error: (any Error)?, completion: @escaping ((any Error)?) -> Void) {
    completion(error)
}
private func legacyValue(completion: @escaping (String) -> Void) {
    completion("v")
}
private func legacyDropsHandler(completion: @escaping (Int?, (any Error)?) -> Void) {}

@Suite struct PromiseWrapTests {
    @Test func wrapsValueErrorPairs() async {
        #expect(
            await Promise<Int> { resolver in legacyPair(1, nil, completion: resolver.resolve) }.outcome().value == 1)
        #expect(
            await Promise<Int> { resolver in legacyPair(nil, TestError(), completion: resolver.resolve) }.outcome()
                .error is TestError)
        let neither = Promise<Int> { resolver in legacyPair(nil, nil, completion: resolver.resolve) }
        #expect(await neither.outcome().promiseErrorKind == "missingValueAndError")
    }

    @Test func wrapsResults() async {
        #expect(
            await Promise<Int> { resolver in legacyResult(.success(2), completion: resolver.resolve) }.outcome().value
                == 2)
        let failed = Promise<Int> { resolver in legacyResult(.failure(TestError(3)), completion: resolver.resolve) }
        #expect(await failed.outcome().error as? TestError == TestError(3))
    }

    @Test func wrapsOptionalErrors() async {
        #expect(
            await Promise<Void> { resolver in legacyError(nil, completion: resolver.resolve) }.outcome().value != nil)
        #expect(
            await Promise<Void> { resolver in legacyError(TestError(), completion: resolver.resolve) }.outcome().error
                is TestError)
    }

    @Test func wrapsValueOnlyHandlers() async {
        #expect(await Promise<String> { resolver in legacyValue(completion: resolver.fulfill) }.outcome().value == "v")
    }

    @Test func aDroppedCompletionHandlerRejectsInsteadOfHanging() async {
        let promise = Promise<Int> { resolver in legacyDropsHandler(completion: resolver.resolve) }
        #expect(await promise.outcome().promiseErrorKind == "brokenPromise")
    }

    @Test func aHandlerCalledTwiceKeepsTheFirstOutcome() async {
        let promise = Promise<Int> { resolver in
            let completion: @Sendable (Int?, (any Error)?) -> Void = resolver.resolve
            completion(1, nil)
            completion(2, nil)
        }
        #expect(await promise.outcome().value == 1)
    }
}
