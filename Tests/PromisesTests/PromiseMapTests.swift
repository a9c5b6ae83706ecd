import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseMapTests {
    @Test func mapTransformsTheValue() async {
        #expect(await Promise(2).map { $0 * 10 }.outcome().value == 20)
        #expect(await Promise(2).map(on: .inline) { "\($0)" }.outcome().value == "2")
    }

    @Test func mapPassesARejectionThroughWithoutCallingTransform() async {
        let calls = Counter()
        let mapped = Promise<Int>(error: TestError(1)).map { value -> Int in
            calls.increment()
            return value
        }
        #expect(await mapped.outcome().error as? TestError == TestError(1))
        #expect(calls.value == 0)
    }

    @Test func aThrowingTransformRejects() async {
        let mapped = Promise(1).map { _ -> Int in throw TestError(5) }
        #expect(await mapped.outcome().error as? TestError == TestError(5))
    }

    @Test func mapOnPendingPromiseWaitsForTheValue() async {
        let (promise, resolver) = Promise<Int>.pending()
        let mapped = promise.map { $0 + 1 }
        #expect(mapped.isPending)
        resolver.fulfill(1)
        #expect(await mapped.outcome().value == 2)
    }

    @Test func inlineMapRunsBeforeFulfillReturns() {
        let (promise, resolver) = Promise<Int>.pending()
        let mapped = promise.map(on: .inline) { $0 * 3 }
        resolver.fulfill(3)
        #expect(mapped.currentResult?.value == 9)
    }

    @Test func millionLinkChainSettlesWithoutStackOverflow() async {
        let (head, resolver) = Promise<Int>.pending()
        var tail = head
        let links = TestScale.size(quick: 50_000, full: 1_000_000, minimum: 10_000)
        for _ in 0..<links {
            tail = tail.map(on: .inline) { $0 + 1 }
        }
        // Settle from a thread with a small (512 KiB) stack: recursion would overflow it.
        await onSmallStack { resolver.fulfill(0) }
        #expect(tail.currentResult?.value == links)
    }
}

/// Runs `body` on a thread with a 512 KiB stack.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 512 << 10
        thread.start()
    }
}
