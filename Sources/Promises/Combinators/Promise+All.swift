extension Promise {
    /// A promise of every value, in input order, once all the promises fulfill.
    ///
    /// The first rejection rejects the result at once, and the other inputs are cancelled unless
    /// something else observes them. Empty input fulfills with `[]`. Linear in time and memory.
    ///
    /// ```swift
    /// let pages: Promise<[Page]> = Promise.all(urls.map(download))
    /// ```
    ///
    /// An array rather than any sequence: with promises of two types in the literal,
    /// `let (a, b) = try await Promise.all([p, q]).value` then gets "cannot convert value of type
    /// 'Promise<String>' to expected element type 'Promise<Int>'" (the compiler could not explain it
    /// for a generic sequence). For values of different types, list them: `Promise.all(p, q)`.
    @inlinable public static func all<T>(_ promises: [Promise<T>]) -> Promise<Value> where Value == [T] {
        let inputs = promises
        if inputs.isEmpty { return Promise([]) }
        let result = Promise<[T]>(core: .pending())
        let countdown = Countdown(inputs.count)
        gather(inputs, into: result) { _, outcome in
            switch outcome {
            case .failure(let error):
                result.core.settleReleasingUpstream(.failure(error))
            case .success:
                if countdown.tick() {
                    result.settle(.success(inputs.map { $0.fulfilledValue }))
                }
            }
        }
        return result
    }

    /// `all(_:)` over a dictionary's promises (`Promise.all(requests.values)`), in the dictionary's
    /// order. Other sequences: `Promise.all(Array(sequence))`. An overload for `Dictionary.Values`
    /// alone, not any sequence, so that an array literal still has one `all` to match.
    @inlinable public static func all<Key, T>(_ promises: Dictionary<Key, Promise<T>>.Values) -> Promise<Value>
    where Value == [T] {
        all(Array(promises))
    }

    /// A promise of every value as a tuple, for any number of promises of any types.
    ///
    /// The first rejection rejects the result at once, and the other inputs are cancelled unless
    /// something else observes them.
    ///
    /// ```swift
    /// let (user, avatar, settings) = try await Promise.all(fetchUser(), fetchAvatar(), fetchSettings()).value
    /// ```
    @inlinable public static func all<each T: Sendable>(
        _ promises: repeat Promise<each T>
    ) -> Promise<Value> where Value == (repeat each T) {
        let inputs = (repeat each promises)
        var count = 0
        for _ in repeat each promises { count += 1 }
        let result = Promise<(repeat each T)>(core: .pending())
        if count == 0 {  // `Promise.all()`: nothing to wait for
            result.settle(.success((repeat (each inputs).fulfilledValue)))
            return result
        }
        let countdown = Countdown(count)
        var links: [UpstreamLink] = []
        for input in repeat each promises {
            let id = input.core.observe { outcome in
                switch outcome {
                case .failure(let error):
                    result.core.settleReleasingUpstream(.failure(error))
                case .success:
                    if countdown.tick() {
                        result.settle(.success((repeat (each inputs).fulfilledValue)))
                    }
                }
            }
            if let id { links.append(UpstreamLink(input.core, id)) }
        }
        result.core.addUpstream(links)
        return result
    }

    /// The value of a promise known to be fulfilled (a combinator has counted its fulfilment).
    @inlinable var fulfilledValue: Value {
        guard case .success(let value) = core.result else {
            preconditionFailure(
                "Invalid state: \(String(describing: core.result)) where a fulfilled promise was counted")
        }
        return value
    }
}
