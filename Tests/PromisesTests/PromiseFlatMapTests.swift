import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseFlatMapTests {
    @Test func flatMapSettlesLikeTheInnerPromise() async {
        let (inner, resolver) = Promise<String>.pending()
        let chained = Promise(1).flatMap { _ in inner }
        resolver.fulfill("done")
        #expect(await chained.outcome().value == "done")
        #expect(await Promise(1).flatMap { _ in Promise<Int>(error: TestError(2)) }.outcome().error is TestError)
    }

    @Test func flatMapPassesRejectionAndThrownErrors() async {
        #expect(
            await Promise<Int>(error: TestError(1)).flatMap { Promise($0) }.outcome().error as? TestError
                == TestError(1))
        #expect(
            await Promise(1).flatMap { _ -> Promise<Int> in throw TestError(3) }.outcome().error as? TestError
                == TestError(3))
    }

    @Test func millionLinkFlatMapChainSettlesWithoutStackOverflow() async {
        let (head, resolver) = Promise<Int>.pending()
        var tail = head
        let links = TestScale.size(quick: 20_000, full: 200_000, minimum: 5_000)
        for _ in 0..<links {
            tail = tail.flatMap(on: .inline) { Promise($0 + 1) }
        }
        await onSmallStack { resolver.fulfill(0) }
        #expect(tail.currentResult?.value == links)
    }
}
