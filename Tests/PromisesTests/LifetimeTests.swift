import PromiseTestSupport
import Testing

@testable import Promises

/// Reports its own deallocation, so tests can see what a callback kept alive.
private final class Sentinel: Sendable {
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

@Suite struct LifetimeTests {
    @Test func settledChainIsFreed() {
        weak var source: PromiseCore<Int>?
        weak var derived: PromiseCore<Int>?
        do {
            let (promise, resolver) = Promise<Int>.pending()
            let mapped = promise.map(on: .inline) { $0 + 1 }
            source = promise.core
            derived = mapped.core
            resolver.fulfill(1)
            #expect(mapped.currentResult?.value == 2)
        }
        #expect(source == nil && derived == nil)
    }

    @Test func droppedPendingPromiseFreesItsCallbacks() {
        let freed = Counter()
        weak var weakCore: PromiseCore<Int>?
        do {
            let (promise, resolver) = Promise<Int>.pending()
            let sentinel = Sentinel { freed.increment() }
            promise.then(on: .inline) { _ in _ = sentinel }
            weakCore = promise.core
            _ = resolver
        }
        #expect(weakCore == nil)
        #expect(freed.value == 1)
    }

    @Test func unobservedPendingPromiseIsFreedWithItsResolver() {
        weak var weakCore: PromiseCore<Int>?
        do {
            let (promise, _) = Promise<Int>.pending()  // the resolver is dropped at once
            let mapped = promise.map(on: .inline) { $0 }.flatMap(on: .inline) { Promise($0) }
            #expect(mapped.currentResult?.promiseErrorKind == "brokenPromise")
            weakCore = mapped.core
        }
        #expect(weakCore == nil)
    }
}
