import Foundation
import PromiseAsync
import Promises
import Testing

struct TestError: Error, Equatable {
    let code: Int
    init(_ code: Int = 0) { self.code = code }
}

/// A thread-safe counter for tests.
struct Counter: Sendable {
    private let box = LockedBox(0)
    @discardableResult
    func increment() -> Int {
        box.withLock {
            $0 += 1; return $0
        }
    }
    var value: Int { box.withLock { $0 } }
}

/// Runs `body` on a thread of its own, so blocking it never starves the cooperative pool.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Suspends until `promise` has `count` observers: a Task awaiting it has registered.
func waitUntilObserved<T>(_ promise: Promise<T>, count: Int = 1) async {
    while promise.observerCount < count { await Task.yield() }
}
