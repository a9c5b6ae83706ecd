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
        let errors = LockedBox.make(
            (remaining: inputs.count, errors: [(any Error)?](repeating: nil, count: inputs.count)))
        gather(inputs, into: result) { index, outcome in
            switch outcome {
            case .success:
                result.core.settleReleasingUpstream(outcome)
            case .failure(let error):
                let all = errors.withLock { state -> [any Error]? in
                    state.errors[index] = error
                    state.remaining -= 1
                    return state.remaining == 0 ? state.errors.map { $0! } : nil
                }
                if let all { result.settle(.failure(PromiseError.allRejected(all))) }
            }
        }
        return result
    }
}
