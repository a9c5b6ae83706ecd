import Dispatch

// The `on: .main` overloads: the same operators, with `@MainActor` closures, so UI code can touch
// main-actor state. They win overload resolution over the generic `some CallbackQueue` forms, which are
// `@_disfavoredOverload` for that reason; each forwards to its generic form and asserts the isolation
// that running on the main queue gives.

extension Promise {
    /// Runs main-actor `body` with the value when the promise fulfills; returns a promise that settles
    /// like this one once `body` has run.
    ///
    /// ```swift
    /// loadProfile().then(on: .main) { self.title = $0.name }   // inside a @MainActor type
    /// ```
    @discardableResult
    @inlinable public func then(on queue: MainCallbackQueue, _ body: @escaping @MainActor @Sendable (Value) -> Void)
        -> Promise<Value>
    {
        then(on: DispatchQueue.main) { value in MainActor.assumeIsolated { body(value) } }
    }

    /// Runs main-actor `body` with the error when the promise rejects; returns a promise that settles
    /// like this one once `body` has run.
    /// Cancellation is skipped unless `includingCancellation` is true.
    ///
    /// ```swift
    /// loadProfile().catch(on: .main) { self.error = $0 }
    /// ```
    @discardableResult
    @inlinable public func `catch`(
        on queue: MainCallbackQueue,
        includingCancellation: Bool = false,
        _ body: @escaping @MainActor @Sendable (any Error) -> Void
    ) -> Promise<Value> {
        self.catch(on: DispatchQueue.main, includingCancellation: includingCancellation) { error in
            MainActor.assumeIsolated { body(error) }
        }
    }

    /// Runs main-actor `body` when the promise settles, either way; returns a promise that settles like
    /// this one once `body` has run.
    ///
    /// ```swift
    /// loadProfile().always(on: .main) { self.isLoading = false }
    /// ```
    @discardableResult
    @inlinable public func always(on queue: MainCallbackQueue, _ body: @escaping @MainActor @Sendable () -> Void)
        -> Promise<Value>
    {
        always(on: DispatchQueue.main) { MainActor.assumeIsolated(body) }
    }

    /// Calls main-actor `completion` with the outcome.
    ///
    /// ```swift
    /// loadProfile().whenComplete(on: .main) { self.state = .loaded($0) }
    /// ```
    @inlinable public func whenComplete(
        on queue: MainCallbackQueue,
        _ completion: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        whenComplete(on: DispatchQueue.main) { result in MainActor.assumeIsolated { completion(result) } }
    }

    /// A promise of main-actor `transform` applied to the value.
    ///
    /// ```swift
    /// let title: Promise<String> = loadProfile().map(on: .main) { self.format($0) }
    /// ```
    @inlinable public func map<NewValue>(
        on queue: MainCallbackQueue,
        _ transform: @escaping @MainActor @Sendable (Value) throws -> NewValue
    ) -> Promise<NewValue> {
        map(on: DispatchQueue.main) { value in try MainActor.assumeIsolated { try transform(value) } }
    }

    /// A promise of main-actor `transform` applied to the value, rejected with
    /// `PromiseError.missingValue` if it returns nil.
    @inlinable public func compactMap<NewValue>(
        on queue: MainCallbackQueue,
        _ transform: @escaping @MainActor @Sendable (Value) throws -> NewValue?
    ) -> Promise<NewValue> {
        compactMap(on: DispatchQueue.main) { value in try MainActor.assumeIsolated { try transform(value) } }
    }

    /// A promise that settles like the promise main-actor `transform` returns for the value.
    @inlinable public func flatMap<NewValue>(
        on queue: MainCallbackQueue,
        _ transform: @escaping @MainActor @Sendable (Value) throws -> Promise<NewValue>
    ) -> Promise<NewValue> {
        flatMap(on: DispatchQueue.main) { value in try MainActor.assumeIsolated { try transform(value) } }
    }

    /// A promise that fulfills with this one's value or, if it rejects, with what main-actor `body`
    /// returns for the error. Cancellation passes through unless `includingCancellation` is true.
    @inlinable public func recover(
        on queue: MainCallbackQueue,
        includingCancellation: Bool = false,
        _ body: @escaping @MainActor @Sendable (any Error) throws -> Value
    ) -> Promise<Value> {
        recover(on: DispatchQueue.main, includingCancellation: includingCancellation) { error in
            try MainActor.assumeIsolated { try body(error) }
        }
    }

    /// A promise that fulfills with this one's value or, if it rejects, settles like the promise
    /// main-actor `body` returns for the error.
    @inlinable public func flatMapError(
        on queue: MainCallbackQueue,
        includingCancellation: Bool = false,
        _ body: @escaping @MainActor @Sendable (any Error) throws -> Promise<Value>
    ) -> Promise<Value> {
        flatMapError(on: DispatchQueue.main, includingCancellation: includingCancellation) { error in
            try MainActor.assumeIsolated { try body(error) }
        }
    }

    /// A promise whose rejection is replaced by what main-actor `transform` returns for it.
    @inlinable public func mapError(
        on queue: MainCallbackQueue,
        includingCancellation: Bool = false,
        _ transform: @escaping @MainActor @Sendable (any Error) -> any Error
    ) -> Promise<Value> {
        mapError(on: DispatchQueue.main, includingCancellation: includingCancellation) { error in
            MainActor.assumeIsolated { transform(error) }
        }
    }

    /// A promise that fulfills with the value if main-actor `predicate` accepts it.
    @inlinable public func validate(
        on queue: MainCallbackQueue,
        _ predicate: @escaping @MainActor @Sendable (Value) throws -> Bool
    ) -> Promise<Value> {
        validate(on: DispatchQueue.main) { value in try MainActor.assumeIsolated { try predicate(value) } }
    }
}
