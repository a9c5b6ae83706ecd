extension PromiseError: Equatable {
    /// Compares cases and their payloads, so tests and `catch` blocks can write
    /// `error as? PromiseError == .timedOut`. `allRejected` compares its errors pairwise: two errors
    /// are equal if they have the same type and compare equal with `==` where that type is
    /// `Equatable`, or have the same `String(reflecting:)` description where it is not.
    ///
    /// ```swift
    /// if error as? PromiseError == .brokenPromise { log("a completion handler was dropped") }
    /// ```
    public static func == (lhs: PromiseError, rhs: PromiseError) -> Bool {
        switch (lhs, rhs) {
        case (.timedOut, .timedOut), (.brokenPromise, .brokenPromise), (.validationFailed, .validationFailed),
            (.missingValueAndError, .missingValueAndError), (.emptyInput, .emptyInput), (.cycle, .cycle),
            (.missingValue, .missingValue):
            return true
        case (.waitWouldDeadlock(let left), .waitWouldDeadlock(let right)),
            (.invalidArgument(let left), .invalidArgument(let right)):
            return left == right
        case (.allRejected(let left), .allRejected(let right)):
            return left.count == right.count && zip(left, right).allSatisfy(areEqual)
        default:
            return false
        }
    }
}

/// Whether two existential errors have the same type and are equal (by `==` where `Equatable`, by
/// their reflected description otherwise): an equivalence, so `==` stays reflexive.
private func areEqual(_ left: any Error, _ right: any Error) -> Bool {
    guard type(of: left) == type(of: right) else { return false }
    guard let equatable = (left as Any) as? any Equatable else {
        return String(reflecting: left) == String(reflecting: right)
    }
    return isEqual(equatable, right)
}

private func isEqual<E: Equatable>(_ left: E, _ right: any Error) -> Bool {
    (right as? E) == left
}
