extension Promise {
    /// A promise that fulfills with the value if `predicate` accepts it, and otherwise rejects with
    /// `PromiseError.validationFailed` (or with what the predicate throws).
    ///
    /// ```swift
    /// let adult = fetchUser().validate { $0.age >= 18 }
    /// ```
    @_disfavoredOverload  // `on: .main` picks the main-actor overload (Promise+MainActor.swift)
    @inlinable public func validate(
        on queue: some CallbackQueue = .global(),
        _ predicate: @escaping @Sendable (Value) throws -> Bool
    ) -> Promise<Value> {
        map(on: queue) { value in
            guard try predicate(value) else { throw PromiseError.validationFailed }
            return value
        }
    }
}
