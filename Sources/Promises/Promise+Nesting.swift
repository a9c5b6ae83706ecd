// A promise of a promise is almost always a mistake: a closure returned a promise where the
// initializer expected a value (PromiseKit's `firstly` habit), and the next step then sees a promise
// where it expected the value. These overloads match only that case and warn, naming the spelling
// that flattens. They are deprecated, not unavailable: the type checker never picks an unavailable
// overload while an available one fits, and here the ordinary one always fits (with a promise as its
// value). Each still does what the ordinary one would. The same for `map` and `Promise(promise)` cost
// too much type-checking time in every chain (Docs/TypeCheck.md).

extension Promise {
    /// A closure returning a promise makes a promise of that promise.
    @available(
        *, deprecated,
        message: "the closure returns a promise, so this makes a promise of a promise: use Promise.firstly { … }"
    )
    @inlinable public init<Inner>(catching work: () throws -> Promise<Inner>) where Value == Promise<Inner> {
        core = .settled(Result(catching: work))
    }

    /// A closure returning a promise makes a promise of that promise.
    @available(
        *, deprecated,
        message: "the closure returns a promise, so this makes a promise of a promise: use Promise.firstly(on:) { … }"
    )
    @inlinable public init<Inner>(on queue: some CallbackQueue, _ work: @escaping @Sendable () throws -> Promise<Inner>)
    where Value == Promise<Inner> {
        self.init(scheduling: work, on: queue)
    }
}
