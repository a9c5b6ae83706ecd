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
        let waiter = Waiter<Value>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.wait(on: self, continuation)
            }
        } onCancel: {
            if cancellingOnTaskCancellation { cancel() }
            waiter.taskCancelled(self)
        }
    }
}

/// Resumes one continuation exactly once, whichever comes first: the promise settling, or the Task
/// being cancelled (possibly before the continuation even exists).
@usableFromInline struct Waiter<Value: Sendable>: Sendable {
    @usableFromInline enum State {
        case idle
        case cancelledEarly
        case waiting(CheckedContinuation<Result<Value, any Error>, Never>, CallbackID?)
        case done
    }

    @usableFromInline let state = LockedBox(State.idle)

    @inlinable init() {}

    @inlinable func wait(
        on promise: Promise<Value>, _ continuation: CheckedContinuation<Result<Value, any Error>, Never>
    ) {
        let proceed = state.withLock { state -> Bool in
            guard case .idle = state else {
                state = .done
                return false
            }
            state = .waiting(continuation, nil)
            return true
        }
        guard proceed else {
            continuation.resume(returning: .failure(CancellationError()))
            return
        }
        let id = promise.observeResult { result in
            let resumable = state.withLock { state -> CheckedContinuation<Result<Value, any Error>, Never>? in
                guard case .waiting(let continuation, _) = state else { return nil }
                state = .done
                return continuation
            }
            resumable?.resume(returning: result)
        }
        guard let id else { return }
        let stillWaiting = state.withLock { state -> Bool in
            guard case .waiting(let continuation, nil) = state else { return false }
            state = .waiting(continuation, id)
            return true
        }
        // Cancelled between registering and recording the id: take the observation back ourselves.
        if !stillWaiting { promise.removeObserver(id) }
    }

    @inlinable func taskCancelled(_ promise: Promise<Value>) {
        let action = state.withLock { state -> (CheckedContinuation<Result<Value, any Error>, Never>, CallbackID?)? in
            switch state {
            case .idle:
                state = .cancelledEarly
                return nil
            case .waiting(let continuation, let id):
                state = .done
                return (continuation, id)
            case .cancelledEarly, .done:
                return nil
            }
        }
        guard let (continuation, id) = action else { return }
        if let id { promise.removeObserver(id) }
        continuation.resume(returning: .failure(CancellationError()))
    }
}
