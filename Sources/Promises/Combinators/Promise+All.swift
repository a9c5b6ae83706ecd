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
        let gathered = LockedBox.make(GatheredValues<T>(count: inputs.count))
        gather(inputs, into: result) { index, outcome in
            switch outcome {
            case .failure(let error):
                result.core.settleReleasingUpstream(.failure(error))
            case .success(let value):
                if let values = gathered.withLock({ $0.store(value, at: index) }) {
                    result.settle(.success(values))
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
        // The callbacks reach the pack only through `gathering` (see `AllOfPack`).
        let gathering: any PackGathering = AllOfPack(repeat each promises, result: result, remaining: Countdown(count))
        var links: [UpstreamLink] = []
        for input in repeat each promises {
            if let link = Self.report(input, to: gathering) { links.append(link) }
        }
        result.core.addUpstream(links)
        return result
    }

    /// Observes one input of `all(_:)` for `gathering`; the link to record, if it is still pending.
    /// Generic over one type, not a pack, so its callback captures no pack.
    @inlinable static func report<T>(_ input: Promise<T>, to gathering: any PackGathering) -> UpstreamLink? {
        let id = input.core.observe { outcome in
            if case .failure(let error) = outcome {
                gathering.inputRejected(error)
            } else {
                gathering.inputFulfilled()
            }
        }
        return id.map { UpstreamLink(input.core, $0) }
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

/// What the inputs of the variadic `Promise.all` report to, with the pack's types erased.
@usableFromInline protocol PackGathering: AnyObject, Sendable {
    func inputFulfilled()
    func inputRejected(_ error: any Error)
}

/// The variadic `Promise.all`'s inputs and result, in an object so that the callbacks never capture
/// the pack: in release builds, Swift 6.3.1 compiled a callback that did so to read the pack's types
/// wrongly ("Variadic generic index out of bounds", or a crash), while `all` was still running too.
@usableFromInline final class AllOfPack<each T: Sendable>: PackGathering {
    @usableFromInline let inputs: (repeat Promise<each T>)
    @usableFromInline let result: Promise<(repeat each T)>
    @usableFromInline let remaining: Countdown

    @inlinable init(_ inputs: repeat Promise<each T>, result: Promise<(repeat each T)>, remaining: Countdown) {
        self.inputs = (repeat each inputs)
        self.result = result
        self.remaining = remaining
    }

    // Not inlinable: compiled here, unspecialized, it reads the pack's types from `self`'s metadata.
    @usableFromInline func inputFulfilled() {
        if remaining.tick() {
            result.settle(.success((repeat (each inputs).fulfilledValue)))
        }
    }

    @usableFromInline func inputRejected(_ error: any Error) {
        result.core.settleReleasingUpstream(.failure(error))
    }
}
