extension Promise {
    /// Observes every input on its settling thread, calling `onOutcome(index, outcome)`, and records
    /// the inputs as upstream of `result`: once `result` settles with `settleReleasingUpstream` (or is
    /// cancelled), the inputs nobody else observes are cancelled.
    @inlinable static func gather<T>(
        _ inputs: [Promise<T>],
        into result: Promise<Value>,
        _ onOutcome: @escaping @Sendable (Int, Result<T, any Error>) -> Void
    ) {
        var links: [UpstreamLink] = []
        for (index, input) in inputs.enumerated() {
            if let id = input.core.observe({ onOutcome(index, $0) }) {
                links.append(UpstreamLink(input.core, id))
            }
        }
        result.core.addUpstream(links)
    }
}

/// Counts down the inputs of a combinator that still have to settle.
@usableFromInline struct Countdown: Sendable {
    @usableFromInline let remaining: LockedBox<Int>

    @inlinable init(_ count: Int) {
        remaining = .make(count)
    }

    /// Counts one input; true for the last.
    @inlinable func tick() -> Bool {
        remaining.withLock { remaining in
            remaining -= 1
            return remaining == 0
        }
    }
}

/// The values of a combinator's inputs, each stored in its input's slot as it arrives, so that the
/// last one need not visit (and lock) every input again: that second pass cost `all` more time
/// than its instructions suggest (it locked each input once more).
@usableFromInline struct GatheredValues<Value> {
    @usableFromInline var slots: [Value?]
    @usableFromInline var remaining: Int

    @inlinable init(count: Int) {
        slots = Array(repeating: nil, count: count)
        remaining = count
    }

    /// Stores `value` in slot `index`; once every slot is filled, returns the values in input order
    /// and lets go of the slots; nil before. (`gather` registers one callback per index and each
    /// runs at most once, so the guard never refuses one.)
    @inlinable mutating func store(_ value: Value, at index: Int) -> [Value]? {
        guard remaining > 0, slots[index] == nil else { return nil }
        slots[index] = value
        remaining -= 1
        guard remaining == 0 else { return nil }
        defer { slots = [] }
        return slots.map { $0! }
    }
}
