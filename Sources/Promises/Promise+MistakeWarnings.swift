// A habit from other libraries that compiles here but does something else — `then` given a closure
// that returns a promise, which here is only a side effect — caught by overloads that match only that
// closure and warn, naming the operator that does what was meant. Each still does what the ordinary
// `then` would. Measured with the type-check corpus, it costs nothing measurable; the same for `map`
// (a promise of a promise) cost 85 ms on a 112 ms corpus, and for `catch` (a closure returning a
// value) it made `Promise<Void>`'s ordinary `catch { print($0) }` ambiguous, so neither is here
// (Docs/TypeCheck.md).

extension Promise {
    /// A closure that returns a promise: `then` runs it for its side effect and drops that promise.
    @available(*, deprecated, message: "then drops the promise the closure returns: use flatMap to wait for it")
    @discardableResult
    @_disfavoredOverload  // like the ordinary `then`: `on: .main` picks the main-actor overload below
    @inlinable public func then<Dropped>(
        on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable (Value) -> Promise<Dropped>
    ) -> Promise<Value> {
        then(on: queue) { value in _ = body(value) }
    }

    /// The same on the main actor, so a main-actor closure that returns a promise still compiles.
    @available(*, deprecated, message: "then drops the promise the closure returns: use flatMap to wait for it")
    @discardableResult
    @inlinable public func then<Dropped>(
        on queue: MainCallbackQueue, _ body: @escaping @MainActor @Sendable (Value) -> Promise<Dropped>
    ) -> Promise<Value> {
        then(on: queue) { value in _ = body(value) }
    }
}
