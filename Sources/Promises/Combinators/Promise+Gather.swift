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

/// The values of a combinator's inputs, each in its input's slot, and how many are still missing.
@usableFromInline struct Gathered<Value> {
    @usableFromInline var slots: [Value?]
    @usableFromInline var missing: Int

    @inlinable init(count: Int) {
        slots = Array(repeating: nil, count: count)
        missing = count
    }

    /// Stores input `index`'s value; once the last arrives, every value in input order.
    /// (Each input settles once, so each slot is filled once.)
    @inlinable mutating func fill(_ index: Int, with value: Value) -> [Value]? {
        slots[index] = value
        missing -= 1
        guard missing == 0 else { return nil }
        defer { slots = [] }
        return slots.map { $0! }
    }
}
