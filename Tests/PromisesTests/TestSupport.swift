import Foundation
import Testing

@testable import Promises

struct TestError: Error, Equatable {
    let code: Int
    init(_ code: Int = 0) { self.code = code }
}

/// A thread-safe counter for tests (built on the library's own lock).
struct Counter: Sendable {
    private let box = LockedBox.make(0)
    @discardableResult
    func increment() -> Int {
        box.withLock {
            $0 += 1; return $0
        }
    }
    var value: Int { box.withLock { $0 } }
}

/// A thread-safe list that records events in order.
struct Recorder<Element: Sendable>: Sendable {
    private let box = LockedBox.make([Element]())
    func append(_ element: Element) { box.withLock { $0.append(element) } }
    var elements: [Element] { box.withLock { $0 } }
}

extension PromiseError {
    /// The case without its payload, for comparisons in tests.
    var kind: String {
        switch self {
        case .timedOut: "timedOut"
        case .brokenPromise: "brokenPromise"
        case .validationFailed: "validationFailed"
        case .waitWouldDeadlock: "waitWouldDeadlock"
        case .missingValueAndError: "missingValueAndError"
        case .emptyInput: "emptyInput"
        case .allRejected: "allRejected"
        case .invalidArgument: "invalidArgument"
        }
    }
}

extension Result {
    var value: Success? { try? get() }
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
    /// The `PromiseError` case name, or nil.
    var promiseErrorKind: String? { (error as? PromiseError)?.kind }
    var isCancellation: Bool { error is CancellationError }
}

extension Promise {
    /// Suspends until the promise settles (tests' own bridge; the library's is PromiseAsync).
    @discardableResult
    func outcome() async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            whenComplete(on: .inline) { continuation.resume(returning: $0) }
        }
    }
}

/// Runs `body` on a thread of its own, so blocking it never starves the cooperative pool.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 4 << 20
        thread.start()
    }
}

/// Calls `wait` from a synchronous function, as legacy code would (the API is `noasync`).
func blockingWait<T>(_ promise: Promise<T>, timeout: DispatchTimeInterval = .never) -> Result<T, any Error> {
    Result { try promise.wait(timeout: timeout) }
}
