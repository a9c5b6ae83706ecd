extension Promise {
    /// A promise that settles like the first input to settle, either way. The losers are cancelled
    /// unless something else observes them. Empty input rejects with `PromiseError.emptyInput` (it never
    /// hangs, and never traps).
    ///
    /// ```swift
    /// let answer = Promise.race([fetch(from: primary), fetch(from: backup)])
    /// ```
    public static func race(_ promises: some Sequence<Promise<Value>>) -> Promise<Value> {
        let inputs = Array(promises)
        if inputs.isEmpty { return Promise(error: PromiseError.emptyInput) }
        let result = Promise<Value>(core: .pending())
        gather(inputs, into: result) { _, outcome in
            result.core.settleReleasingUpstream(outcome)
        }
        return result
    }
}
