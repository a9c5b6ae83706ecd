extension Promise {
    /// Cancels the promise if it is pending: it rejects with `CancellationError`, its resolver's
    /// `onCancel` handlers run, and each promise it waits on is cancelled too when nothing else
    /// observes it. A settled promise is unaffected; cancelling twice is harmless.
    @inlinable public func cancel() {
        core.cancel()
    }

    /// Whether the promise was rejected with `CancellationError` (by `cancel()` or from upstream).
    @inlinable public var isCancelled: Bool {
        if case .failure(let error) = core.result { return error.isCancellation }
        return false
    }
}
