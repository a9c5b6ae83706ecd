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
        let pair = await Promise<(Int, String)> { resolver in fetchPair(1, "one", nil, completion: resolver.resolve) }
            .outcome()
        #expect(pair.value?.0 == 1)
        #expect(pair.value?.1 == "one")
    }

    @Test func theErrorWinsAndAMissingValueRejects() async {
        let failed = await Promise<(Int, String)> { resolver in
            fetchPair(1, "one", TestError(2), completion: resolver.resolve)
        }
        .outcome()
        let halfEmpty = await Promise<(Int, String)> { resolver in fetchPair(1, nil, nil, completion: resolver.resolve)
        }.outcome()
        let empty = await Promise<(Int, String)> { resolver in fetchPair(nil, nil, nil, completion: resolver.resolve) }
            .outcome()
        #expect(failed.error as? TestError == TestError(2))
        #expect(halfEmpty.error as? PromiseError == .missingValueAndError)
        #expect(empty.error as? PromiseError == .missingValueAndError)
    }

    @Test func aHandlerTakingNothingFulfills() async {
        let flushed = await Promise<Void> { resolver in flush(completion: resolver.fulfill) }.outcome()
        #expect(flushed.value != nil)
    }

    @Test func aNonOptionalValueWithAnOptionalError() async {
        let counted = await Promise<Int> { resolver in count(failing: false, completion: resolver.resolve) }.outcome()
        let inferred = await Promise { resolver in count(failing: true, completion: resolver.resolve) }.outcome()
        #expect(counted.value == 42)
        #expect(inferred.error as? TestError == TestError(9))
    }

    @Test func droppedHandlersOfEveryNewShapeBreakThePromise() async {
        let pair = await Promise<(Int, String)> { resolver in
            dropHandler(completion: { (first: Int?, second: String?, error: (any Error)?) in
                resolver.resolve(first, second, error)
            })
        }.outcome()
        let void = await Promise<Void> { resolver in dropHandler(completion: resolver.fulfill) }.outcome()
        #expect(pair.error as? PromiseError == .brokenPromise)
        #expect(void.error as? PromiseError == .brokenPromise)
    }

    @Test func theResolverSettlesFromATripleToo() {
        let (promise, resolver) = Promise<(Int, String)>.pending()
        resolver.resolve(4, "four", nil)
        #expect(promise.currentResult?.value?.1 == "four")
    }
}

/// A handler that reports "not found" as `(nil, nil)`.
private func findNickname(found: Bool, completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
    DispatchQueue.global().async { completion(found ? "ada" : nil, nil) }
}

/// Where the value type is itself optional, a missing value is `nil`, not an error: called directly or
/// passed as the handler, for `(Value?, Error?)` and for the two-value shape.
@Suite struct ResolverOptionalValueTests {
    @Test func neitherValueNorErrorFulfillsAnOptionalValueWithNil() async throws {
        let direct = Promise<String?> { resolver in resolver.resolve(nil, nil) }
        #expect(try direct.currentResult?.get() == .some(nil))
        let passed = await Promise<String?> { resolver in findNickname(found: false, completion: resolver.resolve) }
            .outcome()
        #expect(try passed.get() == nil)
        let found = await Promise<String?> { resolver in findNickname(found: true, completion: resolver.resolve) }
            .outcome()
        #expect(try found.get() == "ada")
        let pair = Promise<(Int, String?)> { resolver in resolver.resolve(1, nil, nil) }
        #expect(try pair.currentResult?.get().1 == nil)
    }

    @Test func neitherValueNorErrorStillRejectsANonOptionalValue() {
        let plain = Promise<String> { resolver in resolver.resolve(nil, nil) }
        #expect(plain.currentResult?.error as? PromiseError == .missingValueAndError)
        let pair = Promise<(Int, String)> { resolver in resolver.resolve(1, nil, nil) }
        #expect(pair.currentResult?.error as? PromiseError == .missingValueAndError)
    }

    @Test func wrappingIsTheResolverInitializerUnderItsOwnName() async {
        var ranAtOnce = false
        let counted: Promise<Int> = .wrapping { resolver in
            ranAtOnce = true
            count(failing: false, completion: resolver.resolve)
        }
        #expect(ranAtOnce)
        #expect(await counted.outcome().value == 42)
        let thrown = Promise<Int>.wrapping { _ in throw TestError(3) }
        #expect(thrown.currentResult?.error as? TestError == TestError(3))
        let dropped = await Promise<Void>.wrapping { resolver in dropHandler(completion: resolver.fulfill) }.outcome()
        #expect(dropped.error as? PromiseError == .brokenPromise)
    }
}
