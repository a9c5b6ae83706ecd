extension Promise {
    /// A promise that fulfills with this one's value or, if it rejects, settles like the promise `body`
    /// returns for the error: `recover` whose fallback is itself a promise (swift-nio's name).
    /// Cancellation passes through unless `includingCancellation` is true.
    ///
    /// A name of its own rather than a second `recover`: a closure's return type would then pick the
    /// overload, which made chains ending in `recover` about 15 times slower to type-check.
    ///
    /// ```swift
    /// let feed = fetchFeed(from: primary).flatMapError { _ in fetchFeed(from: mirror) }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @_transparent public func flatMapError(
        on queue: some CallbackQueue = .global(),
        includingCancellation: Bool = false,
        _ body: @escaping @Sendable (any Error) throws -> Promise<Value>
    ) -> Promise<Value> {
        derive(on: queue, with: (body, includingCancellation), by: FlatMapErrorOperator<Value>.self)
    }
}

/// `flatMapError`'s step: for an error (a cancellation only if asked), the derived promise follows
/// the promise `body` returns; anything else passes through.
@usableFromInline enum FlatMapErrorOperator<Value: Sendable>: LinkOperator {
    @usableFromInline typealias Payload = (@Sendable (any Error) throws -> Promise<Value>, Bool)

    @inlinable static func apply(
        _ payload: Payload, _ result: Result<Value, any Error>, _ derived: Promise<Value>, _ call: LinkCall
    ) -> Bool {
        guard call == .onQueue else { return false }
        let (body, includingCancellation) = payload
        guard let error = derived.handledError(in: result, includingCancellation: includingCancellation) else {
            return true
        }
        do {
            derived.follow(try body(error))
        } catch {
            derived.settle(.failure(error))
        }
        return true
    }
}
