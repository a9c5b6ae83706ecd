extension Promise {
    /// A promise that settles like the promise `transform` returns for the value: runs asynchronous
    /// steps one after another. A rejection passes through; a thrown error rejects.
    ///
    /// ```swift
    /// let avatar: Promise<Image> = fetchUser().flatMap { user in download(user.avatarURL) }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @_transparent public func flatMap<NewValue>(
        on queue: some CallbackQueue = .global(),
        _ transform: @escaping @Sendable (Value) throws -> Promise<NewValue>
    ) -> Promise<NewValue> {
        derive(on: queue, with: transform, by: FlatMapOperator<Value, NewValue>.self)
    }
}

/// `flatMap`'s step: the derived promise follows the promise the transform returns.
@usableFromInline enum FlatMapOperator<Value: Sendable, NewValue: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = @Sendable (Value) throws -> Promise<NewValue>

    @inlinable static func apply(
        _ transform: Payload, _ result: Result<Value, any Error>, _ derived: Promise<NewValue>, _ call: LinkCall
    ) -> Bool {
        guard call == .onQueue else { return false }
        switch result {
        case .success(let value):
            do {
                derived.follow(try transform(value))
            } catch {
                derived.settle(.failure(error))
            }
        case .failure(let error):
            derived.settle(.failure(error))
        }
        return true
    }
}
