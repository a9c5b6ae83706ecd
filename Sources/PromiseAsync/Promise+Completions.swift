import Promises

extension Promise {
    /// The values of `promises` in the order they **complete**, as an async sequence.
    ///
    /// The sequence ends after the last value, or throws the first rejection. Breaking out of the loop,
    /// or cancelling the iterating Task, stops observing the remaining promises; with
    /// `cancellingRemainingOnExit: true` they are also cancelled (each unless something else observes
    /// it).
    ///
    /// ```swift
    /// for try await page in Promise.completions(of: urls.map(download)) {
    ///     render(page)        // fastest first
    /// }
    /// ```
    public static func completions(
        of promises: some Sequence<Promise<Value>>,
        cancellingRemainingOnExit: Bool = false
    ) -> AsyncThrowingStream<Value, any Error> {
        let inputs = Array(promises)
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream()
        if inputs.isEmpty {
            continuation.finish()
            return stream
        }
        let remaining = LockedBox(inputs.count)
        // The callbacks still registered, by input; nil once the stream has terminated.
        let observers = LockedBox<[Int: CallbackID]?>([:])
        let stop: @Sendable (Int, CallbackID) -> Void = { index, id in
            if cancellingRemainingOnExit {
                inputs[index].releaseObserver(id)
            } else {
                inputs[index].removeObserver(id)
            }
        }
        // Installed before observing anything: an input that rejects at once ends the stream, and the
        // others must still be let go.
        continuation.onTermination = { _ in
            let pending = observers.withLock { observers in
                defer { observers = nil }
                return observers ?? [:]
            }
            for (index, id) in pending { stop(index, id) }
        }
        for (index, input) in inputs.enumerated() {
            let id = input.observeResult { result in
                observers.withLock { _ = $0?.removeValue(forKey: index) }
                switch result {
                case .success(let value):
                    continuation.yield(value)
                    if remaining.withLock({
                        $0 -= 1; return $0 == 0
                    }) {
                        continuation.finish()
                    }
                case .failure(let error):
                    continuation.finish(throwing: error)
                }
            }
            guard let id else { continue }
            let recorded = observers.withLock { observers -> Bool in
                guard observers != nil else { return false }
                observers?[index] = id
                return true
            }
            if !recorded { stop(index, id) }  // the stream ended while we were still observing
        }
        return stream
    }
}
