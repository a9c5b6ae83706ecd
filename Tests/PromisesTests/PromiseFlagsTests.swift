import Dispatch
import Testing

@testable import Promises

/// `isPending` and `mayDependOnOthers` read flags the core sets under its lock, without taking the
/// lock: they must agree with the state after every transition, and sit where the core reads them.
@Suite struct PromiseFlagsTests {
    private func flagIsInPlace<Value: Sendable>(_ value: Value) -> Bool {
        let (head, resolver) = Promise<Value>.pending()
        let mapped = head.map(on: .inline) { $0 }
        defer { resolver.fulfill(value) }
        return head.core.flagsAtFixedOffset && mapped.core.flagsAtFixedOffset
            && Promise(value).core.flagsAtFixedOffset
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

    /// `wait()`'s walk passes by, unlocked, a pending promise whose flags say it depends on nothing:
    /// every way of giving a promise a queue or an upstream must say so.
    @Test func everyWayOfDependingSetsTheDependencyFlag() {
        let queue = DispatchQueue(label: "needed")
        let (root, resolver) = Promise<Int>.pending()
        #expect(!root.core.mayDependOnOthers, "a resolver's promise needs nothing")

        let gate = DispatchSemaphore(value: 0)
        let onQueue = Promise<Int>(on: queue) {
            gate.wait()
            return 1
        }
        #expect(onQueue.core.mayDependOnOthers, "work scheduled on a queue")
        let lazy = Promise<Int>.lazy(on: queue) { $0.fulfill(1) }
        #expect(lazy.core.mayDependOnOthers, "a lazy body's queue")

        let links: [(String, Promise<Int>)] = [
            ("map", root.map(on: .inline) { $0 }),
            ("map on a queue", root.map(on: queue) { $0 }),
            ("then", root.then(on: .inline) { _ in }),
            ("always", root.always(on: .inline) {}),
            ("flatMap", root.flatMap(on: .inline) { Promise($0) }),
            ("recover", root.recover(on: .inline) { _ in 0 }),
            ("all", Promise.all([root]).map(on: .inline) { $0[0] }),
            ("race", Promise.race([root])),
            ("timeout", root.timeout(.seconds(60))),
            ("retry", Promise.retry(attempts: 2) { _ in root }),
        ]
        for (name, link) in links {
            #expect(link.core.mayDependOnOthers, "\(name)")
        }
        let all = Promise.all([root])
        #expect(all.core.mayDependOnOthers, "all")

        // A flatMap moving to its inner promise.
        let (inner, innerResolver) = Promise<Int>.pending()
        let flat = Promise(1).flatMap(on: .inline) { _ in inner }
        #expect(flat.core.mayDependOnOthers, "flatMap on its inner promise")

        gate.signal()
        resolver.fulfill(1)
        innerResolver.fulfill(2)
        #expect(!root.core.mayDependOnOthers && !flat.core.mayDependOnOthers, "settled: needs nothing")
        queue.sync {}  // (the body ran: the queue is serial)
        #expect(!onQueue.core.mayDependOnOthers, "settled: needs nothing")
        for (_, link) in links { link.cancel() }
    }
}
