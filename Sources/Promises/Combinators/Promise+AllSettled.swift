extension Promise {
    /// A promise of every outcome, in input order, once all the promises settle. It never rejects
    /// (cancelling it cancels the inputs nobody else observes). Empty input fulfills with `[]`.
    ///
    /// ```swift
    /// let outcomes = Promise.allSettled(uploads)
    /// outcomes.then { results in print(results.filter { (try? $0.get()) == nil }.count, "failed") }
    /// ```
    public static func allSettled<T>(
        _ promises: some Sequence<Promise<T>>
    ) -> Promise<Value> where Value == [Result<T, any Error>] {
        let inputs = Array(promises)
        if inputs.isEmpty { return Promise([]) }
        let result = Promise<[Result<T, any Error>]>(core: .pending())
        let gathered = LockedBox.make(GatheredValues<Result<T, any Error>>(count: inputs.count))
        gather(inputs, into: result) { index, outcome in
            if let outcomes = gathered.withLock({ $0.store(outcome, at: index) }) {
                result.settle(.success(outcomes))
            }
        }
        return result
    }
}
