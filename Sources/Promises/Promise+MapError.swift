extension Promise {
    /// A promise whose rejection is replaced by `transform(error)`; a value passes through.
    /// Cancellation passes through unless `includingCancellation` is true.
    ///
    /// ```swift
    /// let user = fetchUser().mapError { AppError.network($0) }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @_transparent public func mapError(
        on queue: some CallbackQueue = .global(),
        includingCancellation: Bool = false,
        _ transform: @escaping @Sendable (any Error) -> any Error
    ) -> Promise<Value> {
        derive(on: queue, with: (transform, includingCancellation), by: MapErrorOperator<Value>.self)
    }
}

/// `mapError`'s step: for an error (a cancellation only if asked), the derived promise rejects with
/// the transformed error; anything else passes through.
@usableFromInline enum MapErrorOperator<Value: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = (@Sendable (any Error) -> any Error, Bool)

    @inlinable static func apply(
        _ payload: Payload, _ result: Result<Value, any Error>, _ derived: Promise<Value>, _ call: LinkCall
    ) -> Bool {
        guard call == .onQueue else { return false }
        let (transform, includingCancellation) = payload
        guard let error = derived.handledError(in: result, includingCancellation: includingCancellation) else {
            return true
        }
        derived.settle(.failure(transform(error)))
        return true
    }
}
