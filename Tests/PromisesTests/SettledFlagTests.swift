import Dispatch
import Testing

@testable import Promises

/// `isPending` reads a flag the core sets under its lock, without taking the lock: it must agree
/// with the state after every transition that settles, and sit where the core reads it.
@Suite struct SettledFlagTests {
    private func flagIsInPlace<Value: Sendable>(_ value: Value) -> Bool {
        let (head, resolver) = Promise<Value>.pending()
        let mapped = head.map(on: .inline) { $0 }
        defer { resolver.fulfill(value) }
        return head.core.settledFlagAtFixedOffset && mapped.core.settledFlagAtFixedOffset
            && Promise(value).core.settledFlagAtFixedOffset
    }

    @Test func theFlagIsWhereTheCoreReadsIt() {
        #expect(flagIsInPlace(1))
        #expect(flagIsInPlace(UInt8(1)))
        #expect(flagIsInPlace("text"))
        #expect(flagIsInPlace(SIMD4<Float>(1, 2, 3, 4)), "a 16-byte-aligned value")
        #expect(flagIsInPlace(SIMD16<Double>(repeating: 1)))
        #expect(flagIsInPlace(()))
    }

    @Test func everySettlingTransitionSetsIt() {
        let (fulfilled, fulfiller) = Promise<Int>.pending()
        #expect(fulfilled.isPending && fulfiller.isPending)
        fulfiller.fulfill(1)
        #expect(!fulfilled.isPending && !fulfiller.isPending)

        let (rejected, rejecter) = Promise<Int>.pending()
        rejecter.reject(PromiseError.brokenPromise)
        #expect(!rejected.isPending)

        let (cancelled, canceller) = Promise<Int>.pending()
        cancelled.cancel()
        #expect(!cancelled.isPending && canceller.isCancelled)

        #expect(!Promise(1).isPending, "made settled")
        #expect(!Promise<Int>(error: PromiseError.brokenPromise).isPending)

        // A detach that leaves the upstream unobserved cancels it.
        let (upstream, producer) = Promise<Int>.pending()
        let link = upstream.map(on: .inline) { $0 }
        #expect(upstream.isPending && link.isPending)
        link.cancel()
        #expect(!upstream.isPending && producer.isCancelled)
        #expect(!link.isPending)
    }

    /// Another thread that learns of the settle (here: its callback runs there) sees it settled.
    @Test func aCallbackOnAnotherThreadSeesItSettled() async {
        let (promise, resolver) = Promise<Int>.pending()
        let seen = await withCheckedContinuation { continuation in
            promise.then(on: DispatchQueue(label: "observer")) { _ in continuation.resume(returning: promise.isPending)
            }
            DispatchQueue(label: "settler").async { resolver.fulfill(1) }
        }
        #expect(!seen)
    }
}
