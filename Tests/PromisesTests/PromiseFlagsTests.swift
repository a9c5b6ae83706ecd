import Dispatch
import Foundation
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
            ("a map of all", Promise.all([root]).map(on: .inline) { $0[0] }),
            ("race", Promise.race([root])),
            ("timeout", root.timeout(.seconds(60))),
            ("retry", Promise.retry(attempts: 2) { _ in root }),
        ]
        for (name, link) in links {
            #expect(link.core.mayDependOnOthers, "\(name)")
        }
        let all = Promise.all([root])
        #expect(all.core.mayDependOnOthers, "all")

        // Each way of adding an upstream to a resolver's promise, which starts without the flag.
        let (inner, innerResolver) = Promise<Int>.pending()
        let id = inner.core.observe { _ in }
        let attached = PromiseCore<Int>.pending()
        attached.addUpstream(inner.core, id)
        #expect(attached.mayDependOnOthers, "attachUpstream (timers, bounded map)")
        let added = PromiseCore<Int>.pending()
        added.addUpstream([UpstreamLink(inner.core, id!)])
        #expect(added.mayDependOnOthers, "addUpstream (combinators)")
        let exchanged = PromiseCore<Int>.pending()
        exchanged.replaceUpstream(with: inner.core, id)
        #expect(exchanged.mayDependOnOthers, "exchangeUpstream (retry, follow)")
        for core in [attached, added, exchanged] { core.settle(.success(0)) }

        gate.signal()
        resolver.fulfill(1)
        innerResolver.fulfill(2)
        #expect(!root.core.mayDependOnOthers && !attached.mayDependOnOthers, "settled: needs nothing")
        queue.sync {}  // (the body ran: the queue is serial)
        #expect(!onQueue.core.mayDependOnOthers, "settled: needs nothing")
        for (_, link) in links { link.cancel() }
    }

    /// The point of the flag: while another thread holds the lock of a chain's root (as a settle on
    /// another thread does), the walk from a link on it neither waits for that lock nor misses a
    /// dependency the flags report.
    @Test func theWalkPassesARootWithoutTakingItsLock() async {
        let (root, resolver) = Promise<Int>.pending()
        let mapped = root.map(on: .inline) { $0 + 1 }
        let held = DispatchSemaphore(value: 0)
        let walked = DispatchSemaphore(value: 0)
        let unlocked = DispatchSemaphore(value: 0)
        let walkedWhileHeld = LockedBox(false)
        let reason = LockedBox<String?>("not walked")
        Thread {
            root.core.withLock { _ in
                held.signal()
                // Let go after 30 s at most, so that a walk that waits for the lock ends the test.
                let ended = walked.wait(timeout: .now() + .seconds(30)) == .success
                walkedWhileHeld.withLock { $0 = ended }
            }
            unlocked.signal()
        }.start()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                held.wait()
                let found = DeadlockCheck.reason(waitingOn: mapped.core, mapped.core.dependencies()!)
                reason.withLock { $0 = found }
                walked.signal()
                unlocked.wait()
                continuation.resume()
            }.start()
        }
        #expect(walkedWhileHeld.withLock { $0 }, "the walk waited for the root's lock")
        #expect(reason.withLock { $0 } == nil, "nothing here deadlocks")
        resolver.fulfill(1)
    }
}
