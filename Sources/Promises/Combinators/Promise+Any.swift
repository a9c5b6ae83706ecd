extension Promise {
    /// A promise of the first value to arrive. The other inputs are then cancelled unless something
    /// else observes them. If every input rejects, rejects with `PromiseError.allRejected` carrying
    /// each error in input order; empty input rejects with `PromiseError.emptyInput`.
    ///
    /// ```swift
    /// let fastest = Promise.any(mirrors.map { fetch(from: $0) })
    /// ```
    public static func any(_ promises: some Sequence<Promise<Value>>) -> Promise<Value> {
        let inputs = Array(promises)
        if inputs.isEmpty { return Promise(error: PromiseError.emptyInput) }
        let result = Promise<Value>(core: .pending())
        let errors = LockedBox.make(GatheredValues<any Error>(count: inputs.count))
        gather(inputs, into: result) { index, outcome in
            switch outcome {
            case .success:
                result.core.settleReleasingUpstream(outcome)
            case .failure(let error):
                if let all = errors.withLock({ $0.store(error, at: index) }) {
                    result.settle(.failure(PromiseError.allRejected(all)))
                }
            }
        }
        return result
    }
}
