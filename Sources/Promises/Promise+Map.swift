extension Promise {
    /// A promise of `transform` applied to the value. A rejection passes through; an error thrown by
    /// `transform` rejects the new promise.
    ///
    /// ```swift
    /// let name: Promise<String> = fetchUser().map { $0.name }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @_transparent public func map<NewValue>(
        on queue: some CallbackQueue = .global(),
        _ transform: @escaping @Sendable (Value) throws -> NewValue
    ) -> Promise<NewValue> {
        derive(on: queue, with: transform, by: MapOperator<Value, NewValue>.self)
    }
}

/// `map`'s step: the transform's outcome settles the derived promise; a rejection passes through.
@usableFromInline enum MapOperator<Value: Sendable, NewValue: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = @Sendable (Value) throws -> NewValue

    @inlinable static func apply(
        _ transform: Payload, _ result: Result<Value, any Error>, _ derived: Promise<NewValue>, _ call: LinkCall
    ) -> Bool {
        guard call == .onQueue else { return false }
        derived.settle(result.flatMap { value in Result { try transform(value) } })
        return true
    }
}
