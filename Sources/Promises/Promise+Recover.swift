extension Promise {
    /// A promise that fulfills with this one's value or, if it rejects, with what `body` returns for
    /// the error (a thrown error rejects).
    ///
    /// Cancellation passes through untouched by default, so a cancelled operation is not turned into a
    /// fallback value; pass `includingCancellation: true` to recover from it too.
    ///
    /// ```swift
    /// let feed = fetchFeed().recover { _ in Feed.cached }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @_transparent public func recover(
        on queue: some CallbackQueue = .global(),
        includingCancellation: Bool = false,
        _ body: @escaping @Sendable (any Error) throws -> Value
    ) -> Promise<Value> {
        derive(on: queue, with: (body, includingCancellation), by: RecoverOperator<Value>.self)
    }
}

/// `recover`'s step: for an error (a cancellation only if asked), `body`'s outcome settles the derived
/// promise; anything else passes through.
@usableFromInline enum RecoverOperator<Value: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = (@Sendable (any Error) throws -> Value, Bool)

    @inlinable static func apply(
        _ payload: Payload, _ result: Result<Value, any Error>, _ derived: Promise<Value>, _ call: LinkCall
    ) -> Bool {
        guard call == .onQueue else { return false }
        let (body, includingCancellation) = payload
        guard let error = derived.handledError(in: result, includingCancellation: includingCancellation) else {
            return true
        }
        derived.settle(Result { try body(error) })
        return true
    }
}
