import Dispatch
import Promises

extension Promise {
    /// Runs `operation` in a new `Task` and settles with its outcome: the way to hand new async code
    /// to callers that still speak promises or completion handlers. Cancelling the promise cancels the
    /// Task.
    ///
    /// Like `Task.init`, the operation inherits the caller's actor, so a `@MainActor` view model can
    /// call its own methods inside. `isolation` is the caller's actor (leave the default): a promise
    /// made on the main actor needs the main queue, so `wait()` on the main thread refuses it.
    ///
    /// ```swift
    /// func loadProfile(completion: @escaping @Sendable (Result<Profile, any Error>) -> Void) {
    ///     Promise { try await profileService.load() }.whenComplete(on: .main, completion)
    /// }
    /// ```
    @inlinable @inline(__always) public init(
        priority: TaskPriority? = nil,
        isolation: (any Actor)? = #isolation,
        @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async throws -> Value
    ) {
        // Always inlined: left to the optimizer, the caller kept `Task.init` as a call of its own, which
        // copies the optional priority through outlined functions (about 100 instructions, issue 37).

        // A main-actor operation needs the main queue to run, so `wait()` on the main thread refuses.
        // The caller's isolation stands in for the operation's: `operation.isolation` would say it
        // exactly, but reading it crashes Swift 6.3's SILGen. So `Promise { @MainActor in … }` made
        // outside main-actor code is not known to need the main queue.
        // No resolver: the Task always runs its body, which always settles the promise.
        let promise = Promise<Value>.unresolved(needing: isMainActor(isolation) ? .main : nil)
        let task = Task(priority: priority) {
            do {
                promise.settle(.success(try await operation()))
            } catch {
                promise.settle(.failure(error))
            }
        }
        promise.onCancel(cancelling: task)
        self = promise
    }

    /// A promise of `task`'s outcome. Cancelling the promise cancels the task. Each call makes a new
    /// promise; make one and share it.
    ///
    /// ```swift
    /// let task = Task { try await indexer.rebuild() }
    /// legacyScheduler.track(Promise(task: task))
    /// ```
    public init(task: Task<Value, any Error>) {
        self.init {
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// A promise of `task`'s value. Cancelling the promise cancels the task.
    public init(task: Task<Value, Never>) {
        self.init {
            await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }
}

/// Whether `isolation` is the main actor. Inlinable: `#isolation` is often a constant nil at the call
/// site, and called, it cost `Promise { }` about 20 instructions and 1–2 % of a round trip (issue 37).
@inlinable func isMainActor(_ isolation: (any Actor)?) -> Bool {
    guard let isolation else { return false }
    return isolation === MainActor.shared
}
