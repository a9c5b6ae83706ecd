import Promises

// Async steps inside a promise chain: rewrite one step at a time. Each step runs in a Task that
// cancelling the resulting promise (or, by the upstream rule, what follows it) cancels.

extension Promise {
    /// A promise of async `transform` applied to the value, run in a new Task once this promise
    /// fulfills. A rejection passes through; a thrown error rejects; cancelling the result cancels
    /// the Task.
    ///
    /// ```swift
    /// let profile = legacyFetchUser(id: 7).asyncMap { user in try await enrich(user) }
    /// ```
    ///
    /// A name of its own rather than a `map` overload: two `map`s that both accept a synchronous
    /// closure made `map(\.name)` ambiguous, and every `map` closure a guess for the type checker.
    public func asyncMap<NewValue>(
        priority: TaskPriority? = nil,
        _ transform: @escaping @Sendable (Value) async throws -> NewValue
    ) -> Promise<NewValue> {
        flatMap(on: .inline) { value in
            Promise<NewValue>(priority: priority, isolation: nil) { try await transform(value) }
        }
    }

    /// A promise that settles like the promise async `transform` returns for the value, run in a new
    /// Task once this promise fulfills. Cancelling the result cancels the Task and the promise it
    /// returned.
    ///
    /// ```swift
    /// let avatar = fetchUser().asyncFlatMap { user in try await cache.avatarPromise(for: user) }
    /// ```
    public func asyncFlatMap<NewValue>(
        priority: TaskPriority? = nil,
        _ transform: @escaping @Sendable (Value) async throws -> Promise<NewValue>
    ) -> Promise<NewValue> {
        flatMap(on: .inline) { value in
            Promise<NewValue>(priority: priority, isolation: nil) {
                try await transform(value).value(cancellingOnTaskCancellation: true)
            }
        }
    }
}
