import Promises

extension Promise {
    /// The value, once the promise fulfills; throws its error if it rejects.
    ///
    /// If the awaiting Task is cancelled first, this throws `CancellationError` at once and stops
    /// observing the promise, which keeps running for anyone else (see
    /// `value(cancellingOnTaskCancellation:)` to cancel it too). Resumes on the
    /// thread that settles the promise; an already settled promise returns without suspending.
    ///
    /// ```swift
    /// let user = try await legacyFetchUser(id: 7).value
    /// ```
    @inlinable public var value: Value {
        get async throws { try await outcome(cancellingOnTaskCancellation: false).get() }
    }

    /// The outcome, once the promise settles. If the awaiting Task is cancelled first, this is
    /// `.failure(CancellationError())` at once, and the promise keeps running.
    ///
    /// ```swift
    /// switch await upload(file).result {
    /// case .success(let receipt): show(receipt)
    /// case .failure(let error): report(error)
    /// }
    /// ```
    @inlinable public var result: Result<Value, any Error> {
        get async { await outcome(cancellingOnTaskCancellation: false) }
    }

    /// The value, like `value`; with `cancellingOnTaskCancellation: true`, cancelling
    /// the awaiting Task also cancels the promise (and, by the upstream rule, the legacy work behind it).
    ///
    /// ```swift
    /// let data = try await download(url).value(cancellingOnTaskCancellation: true)
    /// ```
    @inlinable public func value(cancellingOnTaskCancellation: Bool) async throws -> Value {
        try await outcome(cancellingOnTaskCancellation: cancellingOnTaskCancellation).get()
    }

    @inlinable func outcome(cancellingOnTaskCancellation: Bool) async -> Result<Value, any Error> {
        if let settled = currentResult { return settled }
        // Shared with the cancellation handler, which may run first (the Task was already cancelled)
        // or at the same time; the promise's lock decides between registering and withdrawing.
        let slot = ObserverSlot()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // False: the Task was cancelled first. Nothing was observed, so a lazy promise's body
                // was not started for nobody.
                let resume: @Sendable (Result<Value, any Error>) -> Void = { continuation.resume(returning: $0) }
                if !observeResult(resume, in: slot, wakingOnly: true) {
                    continuation.resume(returning: .failure(CancellationError()))
                }
            }
        } onCancel: {
            if cancellingOnTaskCancellation { cancel() }
            // Whoever takes the callback out of the promise calls it: exactly one resume.
            takeObserver(in: slot)?(.failure(CancellationError()))
        }
    }
}
