import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

/// Promises/A+ 2.3.1: a promise resolved with itself rejects (here with `PromiseError.cycle`).
@Suite struct PromiseCycleTests {
    @Test func flatMapReturningItsOwnPromiseRejectsWithCycle() async {
        let (source, resolver) = Promise<Int>.pending()
        let holder = LockedBox<Promise<Int>?>(nil)
        let looped = source.flatMap(on: .inline) { _ in holder.withLock { $0! } }
        holder.withLock { $0 = looped }
        let observed = Counter()
        looped.then(on: .inline) { _ in observed.increment() }
        resolver.fulfill(1)
        #expect(looped.currentResult?.error as? PromiseError == .cycle)
        #expect(observed.value == 0, "a rejection, not a value")
        #expect(looped.observerCount == 0, "the observers were released")
        #expect(await onThread { blockingWait(looped) }.error as? PromiseError == .cycle)
        holder.withLock { $0 = nil }
    }

    @Test func flatMapErrorReturningItsOwnPromiseRejectsWithCycle() {
        let holder = LockedBox<Promise<Int>?>(nil)
        let (source, resolver) = Promise<Int>.pending()
        let looped = source.flatMapError(on: .inline) { _ in holder.withLock { $0! } }
        holder.withLock { $0 = looped }
        resolver.reject(TestError())
        #expect(looped.currentResult?.error as? PromiseError == .cycle)
        holder.withLock { $0 = nil }
    }

    @Test func aLongerCycleRejectsBothPromises() {
        let (source, resolver) = Promise<Int>.pending()
        let holder = LockedBox<Promise<Int>?>(nil)
        let a = source.flatMap(on: .inline) { _ in holder.withLock { $0! } }
        let b = a.map(on: .inline) { $0 + 1 }  // b waits on a; a follows b
        holder.withLock { $0 = b }
        resolver.fulfill(1)
        #expect(a.currentResult?.error as? PromiseError == .cycle)
        #expect(b.currentResult?.error as? PromiseError == .cycle)
        holder.withLock { $0 = nil }
    }

    @Test func weakReferencesShowTheCycleFreed() {
        weak var weakCore: PromiseCore<Int>?
        do {
            let (source, resolver) = Promise<Int>.pending()
            let holder = LockedBox<Promise<Int>?>(nil)
            let looped = source.flatMap(on: .inline) { _ in holder.withLock { $0! } }
            holder.withLock { $0 = looped }
            weakCore = looped.core
            resolver.fulfill(1)
            holder.withLock { $0 = nil }
        }
        #expect(weakCore == nil)
    }
}
