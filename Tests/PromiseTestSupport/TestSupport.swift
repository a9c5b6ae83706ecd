import Foundation
import Promises

// Helpers shared by every test target (one copy, not one per target).

package struct TestError: Error, Equatable {
    package let code: Int
    package init(_ code: Int = 0) { self.code = code }
}

/// A thread-safe counter (built on the library's own lock).
package struct Counter: Sendable {
    private let box = LockedBox(0)
    package init() {}
    @discardableResult
    package func increment() -> Int {
        box.withLock {
            $0 += 1
            return $0
        }
    }
    package var value: Int { box.withLock { $0 } }
}

/// A thread-safe list that records events in order.
package struct Recorder<Element: Sendable>: Sendable {
    private let box = LockedBox([Element]())
    package init() {}
    package func append(_ element: Element) { box.withLock { $0.append(element) } }
    package var elements: [Element] { box.withLock { $0 } }
}

extension Result {
    package var value: Success? { try? get() }
    package var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Runs `body` on a thread of its own (4 MiB stack), so blocking it never starves the cooperative pool.
package func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 4 << 20
        thread.start()
    }
}
