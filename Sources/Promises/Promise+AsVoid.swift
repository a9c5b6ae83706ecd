extension Promise {
    /// A promise that fulfills with `()` when this one fulfills, and rejects as it does: for APIs that
    /// only need to know that the work finished.
    ///
    /// ```swift
    /// func save(_ record: Record) -> Promise<Void> { upload(record).asVoid() }
    /// ```
    @inlinable public func asVoid() -> Promise<Void> {
        map(on: .inline) { _ in () }
    }
}
