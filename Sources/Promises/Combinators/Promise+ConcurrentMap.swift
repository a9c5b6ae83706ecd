extension Promise {
    /// Runs `transform` for each item with at most `concurrency` of the returned promises pending at
    /// once, and fulfills with the values in input order. `concurrency: 1` runs them one after another.
    ///
    /// The first rejection (or thrown error) rejects the result, starts nothing more, and cancels the
    /// promises still in flight. Cancelling the result does the same. `concurrency < 1` rejects with
    /// `PromiseError.invalidArgument`. Empty input fulfills with `[]`.
    ///
    /// ```swift
    /// let thumbnails = Promise.map(photos, concurrency: 4) { photo in makeThumbnail(photo) }
    /// ```
    public static func map<Item: Sendable, T>(
        _ items: some Sequence<Item>,
        concurrency: Int,
        _ transform: @escaping @Sendable (Item) throws -> Promise<T>
    ) -> Promise<Value> where Value == [T] {
        guard concurrency >= 1 else {
            return Promise(error: PromiseError.invalidArgument("concurrency must be at least 1 (got \(concurrency))"))
        }
        let items = Array(items)
        if items.isEmpty { return Promise([]) }
        let run = BoundedMap(items: items, limit: concurrency, transform: transform)
        run.result.core.onCancel { run.finish() }
        run.pump()
        return run.result
    }

    /// Runs `body` for each item with at most `concurrency` pending at once; fulfills when all have,
    /// and rejects (cancelling the rest) at the first failure. `concurrency < 1` rejects with
    /// `PromiseError.invalidArgument`.
    ///
    /// ```swift
    /// let done = Promise.forEach(files, concurrency: 2) { upload($0) }
    /// ```
    public static func forEach<Item: Sendable>(
        _ items: some Sequence<Item>,
        concurrency: Int,
        _ body: @escaping @Sendable (Item) throws -> Promise<Void>
    ) -> Promise<Value> where Value == Void {
        Promise<[Void]>.map(items, concurrency: concurrency, body).map(on: .inline) { _ in () }
    }
}

/// The state of one bounded `Promise.map`: which item starts next, how many are in flight, the values
/// so far. The promises in flight are upstream links of the result, so cancelling it (or its first
/// rejection) releases them, and `wait()`'s check sees them.
private struct BoundedMap<Item: Sendable, T: Sendable>: Sendable {
    private struct State {
        var next = 0
        var inFlightCount = 0
        var values: [T?]
        var remaining: Int
        var finished = false
        /// One thread at a time starts work; others ask it to look again (no recursion, no double start).
        var isPumping = false
        var pumpAgain = false
    }

    let items: [Item]
    let limit: Int
    let transform: @Sendable (Item) throws -> Promise<T>
    let result = Promise<[T]>(core: .pending())
    /// Locked before the result's own lock, never after it.
    private let state: LockedBox<State>

    init(items: [Item], limit: Int, transform: @escaping @Sendable (Item) throws -> Promise<T>) {
        self.items = items
        self.limit = limit
        self.transform = transform
        state = .make(State(values: Array(repeating: nil, count: items.count), remaining: items.count))
    }

    /// Starts items while there is room. Reentrant calls (an item that settles at once) set a flag
    /// for the pumping thread instead of recursing.
    func pump() {
        let claimed = state.withLock { state -> Bool in
            if state.isPumping {
                state.pumpAgain = true
                return false
            }
            state.isPumping = true
            return true
        }
        guard claimed else { return }
        while let index = nextToStart() {
            start(index)
        }
    }

    private func nextToStart() -> Int? {
        state.withLock { state -> Int? in
            while true {
                if !state.finished, state.inFlightCount < limit, state.next < items.count {
                    state.inFlightCount += 1
                    state.next += 1
                    return state.next - 1
                }
                guard state.pumpAgain else {
                    state.isPumping = false
                    return nil
                }
                state.pumpAgain = false
            }
        }
    }

    private func start(_ index: Int) {
        let promise: Promise<T>
        do {
            promise = try transform(items[index])
        } catch {
            promise = Promise<T>(error: error)
        }
        let item = ObjectIdentifier(promise.core)
        let id = promise.core.observe { outcome in finished(index, item, outcome) }
        guard let id else { return }
        let link = UpstreamLink(promise.core, id)
        let kept = state.withLock { state -> Bool in
            // Not if it already settled (its callback ran first) or the run is over.
            guard !state.finished, state.values[index] == nil else { return false }
            return result.core.attachUpstream(link)
        }
        if !kept { UpstreamLink.release([link], heldBy: nil) }
    }

    private func finished(_ index: Int, _ item: ObjectIdentifier, _ outcome: Result<T, any Error>) {
        switch outcome {
        case .success(let value):
            var done: UpstreamLink?  // dropped after unlocking: it may hold the item's last reference
            let values = state.withLock { state -> [T]? in
                guard !state.finished else { return nil }
                state.values[index] = value
                done = result.core.detachUpstream(of: item)
                state.inFlightCount -= 1
                state.remaining -= 1
                guard state.remaining == 0 else { return nil }
                state.finished = true
                return state.values.map { $0! }
            }
            _ = done
            if let values {
                result.settle(.success(values))
            } else {
                pump()
            }
        case .failure(let error):
            // Finished before settling: the result's callbacks may settle other items, and those
            // must start nothing more. Settling releases the items in flight.
            finish()
            result.core.settleReleasingUpstream(.failure(error))
        }
    }

    /// No more starts (the result was cancelled, which releases the items in flight).
    func finish() {
        state.withLock { $0.finished = true }
    }
}
