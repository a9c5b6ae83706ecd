import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

// The completion-handler shapes added after the first four, with legacy-style APIs for each.

private func fetchPair(
    _ first: Int?, _ second: String?, _ error: (any Error)?,
    completion: @escaping @Sendable (Int?, String?, (any Error)?) -> Void
) {
    DispatchQueue.global().async { completion(first, second, error) }
}

private func flush(completion: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async { completion() }
}

/// `(Value, Error?)` with a non-optional value (the value is meaningless when the error is set).
private func count(failing: Bool, completion: @escaping @Sendable (Int, (any Error)?) -> Void) {
    DispatchQueue.global().async { completion(failing ? 0 : 42, failing ? TestError(9) : nil) }
}

private func dropHandler<T>(completion: @escaping @Sendable (T) -> Void) {}

@Suite struct PromiseWrapShapesTests {
    @Test func twoOptionalValuesAndAnErrorFulfillWithBoth() async {
        let pair = await Promise<(Int, String)>(wrapping: { fetchPair(1, "one", nil, completion: $0) }).outcome()
        #expect(pair.value?.0 == 1)
        #expect(pair.value?.1 == "one")
    }

    @Test func theErrorWinsAndAMissingValueRejects() async {
        let failed = await Promise<(Int, String)>(wrapping: { fetchPair(1, "one", TestError(2), completion: $0) })
            .outcome()
        let halfEmpty = await Promise<(Int, String)>(wrapping: { fetchPair(1, nil, nil, completion: $0) }).outcome()
        let empty = await Promise<(Int, String)>(wrapping: { fetchPair(nil, nil, nil, completion: $0) }).outcome()
        #expect(failed.error as? TestError == TestError(2))
        #expect(halfEmpty.error as? PromiseError == .missingValueAndError)
        #expect(empty.error as? PromiseError == .missingValueAndError)
    }

    @Test func aHandlerTakingNothingFulfills() async {
        let flushed = await Promise<Void>(wrapping: { flush(completion: $0) }).outcome()
        #expect(flushed.value != nil)
    }

    @Test func aNonOptionalValueWithAnOptionalError() async {
        let counted = await Promise<Int>(wrapping: { count(failing: false, completion: $0) }).outcome()
        let inferred = await Promise(wrapping: { count(failing: true, completion: $0) }).outcome()
        #expect(counted.value == 42)
        #expect(inferred.error as? TestError == TestError(9))
    }

    @Test func droppedHandlersOfEveryNewShapeBreakThePromise() async {
        let pair = await Promise<(Int, String)>(wrapping: { dropHandler(completion: $0) }).outcome()
        let void = await Promise<Void>(wrapping: { (handler: @escaping @Sendable () -> Void) in
            dropHandler(completion: { (_: Void) in handler() })
        }).outcome()
        #expect(pair.error as? PromiseError == .brokenPromise)
        #expect(void.error as? PromiseError == .brokenPromise)
    }

    @Test func theResolverSettlesFromATripleToo() {
        let (promise, resolver) = Promise<(Int, String)>.pending()
        #expect(resolver.resolve(4, "four", nil))
        #expect(promise.currentResult?.value?.1 == "four")
    }
}
