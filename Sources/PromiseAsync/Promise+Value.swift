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
        let registration = AwaitRegistration()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Already cancelled (the handler ran first and found nothing to take back): do not
                // observe, which would start a lazy promise's body for nobody. (Asked of the
                // registration: `Task.isCancelled` costs about 100 ns, `UnsafeCurrentTask` being resilient.)
                if registration.isCancelled {
                    return continuation.resume(returning: .failure(CancellationError()))
                }
                let id = observeResult { result in continuation.resume(returning: result) }
                // Cancelled before the id was recorded: take the callback back here instead.
                if let id, !registration.record(id) { resumeCancelled(id) }
            }
        } onCancel: {
            if cancellingOnTaskCancellation { cancel() }
            if let id = registration.cancel() { resumeCancelled(id) }
        }
    }

    /// Takes back the awaiting callback `id` and calls it with `CancellationError`, unless it already ran.
    /// The promise's lock decides which of the two happens, so the continuation resumes exactly once.
    @inlinable func resumeCancelled(_ id: CallbackID) {
        takeObserver(id)?(.failure(CancellationError()))
    }
}

/// Hands the id of an awaiting callback from the Task body to its cancellation handler, which may run
/// first (the Task was already cancelled) or concurrently. It holds no continuation (the callback
/// does, and whoever takes the callback out of the promise resumes it), so its state is not generic.
@usableFromInline struct AwaitRegistration: Sendable {
    @usableFromInline enum State: Sendable {
        case idle
        case registered(CallbackID)
        case cancelled
    }

    @usableFromInline let state = LockedBox(State.idle)

    @inlinable init() {}

    /// Records the callback's id; false if the Task was cancelled first (the caller takes it back).
    @inlinable func record(_ id: CallbackID) -> Bool {
        state.withLock { state in
            guard case .idle = state else { return false }
            state = .registered(id)
            return true
        }
    }

    /// Whether the Task's cancellation handler already ran.
    @inlinable var isCancelled: Bool {
        state.withLock { state in
            guard case .cancelled = state else { return false }
            return true
        }
    }

    /// Marks the Task cancelled; returns the callback's id if it was already recorded.
    @inlinable func cancel() -> CallbackID? {
        state.withLock { state in
            defer { state = .cancelled }
            guard case .registered(let id) = state else { return nil }
            return id
        }
    }
}
