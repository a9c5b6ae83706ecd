import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

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
        case .cycle: "cycle"
        case .missingValue: "missingValue"
        }
    }
}

extension Result {
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

/// Calls `wait` from a synchronous function, as legacy code would (the API is `noasync`).
func blockingWait<T>(_ promise: Promise<T>, timeout: DispatchTimeInterval = .never) -> Result<T, any Error> {
    Result { try promise.wait(timeout: timeout) }
}
