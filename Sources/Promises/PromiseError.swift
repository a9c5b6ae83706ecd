/// The errors the library itself produces. Every case has a readable `description`.
public enum PromiseError: Error, CustomStringConvertible {
    /// A deadline passed before the promise settled (`timeout`, `wait(timeout:)`).
    case timedOut
    /// The last reference to an unsettled `Resolver` went away, or a `CallbackQueue` dropped the work
    /// that would settle the promise: nothing can ever settle it.
    case brokenPromise
    /// A `validate` predicate returned false.
    case validationFailed
    /// `wait()` was refused because blocking here could never end; the reason says why.
    case waitWouldDeadlock(reason: String)
    /// A completion handler was called with neither a value nor an error.
    case missingValueAndError
    /// The operation needs at least one input (`race`, `any` on an empty collection).
    case emptyInput
    /// Every input of `any` rejected; the errors are in input order.
    case allRejected([any Error])
    /// An argument was out of range; the message names it.
    case invalidArgument(String)
    /// A promise was resolved with itself, or with a promise that waits on it (`flatMap` or `recover`
    /// returning the promise they return): neither could ever settle.
    case cycle
    /// `compactMap`'s transform returned nil.
    case missingValue

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .timedOut: return "The promise did not settle before its deadline."
        case .brokenPromise:
            return "Nothing can settle the promise any more: its resolver was released without settling it "
                + "(a completion handler was never called), or its queue dropped the work that would have."
        case .validationFailed: return "The value did not pass validation."
        case .waitWouldDeadlock(let reason): return "wait() refused to block, because it would deadlock: \(reason)"
        case .missingValueAndError: return "The completion handler was called with neither a value nor an error."
        case .emptyInput: return "The operation needs at least one promise, but the input was empty."
        case .allRejected(let errors): return "All \(errors.count) promises were rejected."
        case .invalidArgument(let message): return "Invalid argument: \(message)"
        case .cycle: return "The promise was resolved with itself, or with a promise that waits on it."
        case .missingValue: return "The transform returned nil where a value was needed."
        }
    }
}

extension Error {
    /// Whether this error means cancellation (Swift's `CancellationError`).
    ///
    /// ```swift
    /// promise.catch(includingCancellation: true) { error in
    ///     if !error.isCancellation { show(error) }
    /// }
    /// ```
    public var isCancellation: Bool { self is CancellationError }
}
