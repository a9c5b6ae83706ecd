extension Promise {
    /// A promise of `transform` applied to the value, rejected with `PromiseError.missingValue` if it
    /// returns nil. A rejection passes through; a thrown error rejects.
    ///
    /// ```swift
    /// let image: Promise<Image> = download(url).compactMap { Image(data: $0) }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @inlinable public func compactMap<NewValue>(
        on queue: some CallbackQueue = .global(),
        _ transform: @escaping @Sendable (Value) throws -> NewValue?
    ) -> Promise<NewValue> {
        map(on: queue) { value in
            guard let newValue = try transform(value) else { throw PromiseError.missingValue }
            return newValue
        }
    }
}
