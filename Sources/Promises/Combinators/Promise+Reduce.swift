extension Promise {
    /// Folds the values of `promises`, in input order, into one value. Rejects as soon as any input
    /// rejects (cancelling the others nobody else observes), or when `combine` throws.
    ///
    /// ```swift
    /// let total: Promise<Int> = Promise.reduce(counts, initial: 0) { $0 + $1 }
    /// ```
    public static func reduce<T>(
        _ promises: some Sequence<Promise<T>>,
        initial: Value,
        on queue: some CallbackQueue = .global(),
        _ combine: @escaping @Sendable (Value, T) throws -> Value
    ) -> Promise<Value> {
        Promise<[T]>.all(Array(promises)).map(on: queue) { values in try values.reduce(initial, combine) }
    }

    /// Folds `items` one after another through an asynchronous step: `next` runs for the second item
    /// only after the promise it returned for the first has fulfilled. Rejects at the first failure.
    ///
    /// ```swift
    /// let uploaded = Promise.reduce(files, initial: 0) { count, file in upload(file).map { count + 1 } }
    /// ```
    public static func reduce<Item: Sendable>(
        _ items: some Sequence<Item>,
        initial: Value,
        on queue: some CallbackQueue = .global(),
        _ next: @escaping @Sendable (Value, Item) throws -> Promise<Value>
    ) -> Promise<Value> {
        var accumulated = Promise(initial)
        for item in items {
            accumulated = accumulated.flatMap(on: queue) { try next($0, item) }
        }
        return accumulated
    }
}
