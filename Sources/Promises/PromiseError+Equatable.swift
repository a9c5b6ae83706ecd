extension PromiseError: Equatable {
    /// Compares cases and their payloads, so tests and `catch` blocks can write
    /// `error as? PromiseError == .timedOut`. `allRejected` compares its errors pairwise, and two
    /// errors are equal only if they have the same `Equatable` type and compare equal.
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

/// Whether two existential errors have the same `Equatable` type and compare equal.
private func areEqual(_ left: any Error, _ right: any Error) -> Bool {
    guard let left = (left as Any) as? any Equatable else { return false }
    return isEqual(left, right)
}

private func isEqual<E: Equatable>(_ left: E, _ right: any Error) -> Bool {
    (right as? E) == left
}
