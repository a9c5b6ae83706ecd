import Dispatch

// @unchecked: `core` is immutable and its state is only touched under the core's lock.
/// A value that arrives later: settles exactly once, fulfilled with a `Value` or rejected with an error.
///
/// `Promise` is a small handle (like `Task`): copies refer to the same promise. It is thread-safe,
/// and callbacks run on the `CallbackQueue` you pass to each operator (`.global()` by default).
///
/// ```swift
/// let (promise, resolver) = Promise<Int>.pending()
/// promise
///     .map { $0 * 2 }
///     .then { print("got", $0) }
///     .catch { print("failed:", $0) }
/// resolver.fulfill(21)   // prints "got 42"
/// ```
public struct Promise<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let core: PromiseCore<Value>

    @inlinable init(core: PromiseCore<Value>) {
        self.core = core
    }

    /// A promise already fulfilled with `value`.
    ///
    /// The one initializer without a label: every other one has a label, which a trailing closure
    /// drops (`Promise { resolver in … }` is `Promise(resolving:)`). With a second unlabeled
    /// initializer the type checker weighs both against every literal in the expression:
    /// `try await Promise(5).map { $0 * 2 }.value == 10` took 44 ms instead of 2 (Docs/TypeCheck.md).
    @_disfavoredOverload  // so `Promise { … }` means a closure to run, never a promise of a closure
    @inlinable public init(_ value: Value) {
        core = .settled(.success(value))
    }

    /// A promise already rejected with `error`.
    @inlinable public init(error: any Error) {
        core = .settled(.failure(error))
    }

    /// A promise already settled with `result`.
    @inlinable public init(result: Result<Value, any Error>) {
        core = .settled(result)
    }

    /// A pending promise and the resolver that settles it.
    ///
    /// ```swift
    /// let (promise, resolver) = Promise<Data>.pending()
    /// legacyLoad { data in resolver.fulfill(data) }
    /// return promise
    /// ```
    /// If the resolver is released without settling, the promise rejects with
    /// `PromiseError.brokenPromise`.
    @inlinable public static func pending(
        file: StaticString = #fileID, line: UInt = #line
    ) -> (promise: Promise<Value>, resolver: Resolver<Value>) {
        let core = PromiseCore<Value>.pending()
        core.record(file: file, line: line)
        return (Promise(core: core), Resolver(core: core))
    }

    /// Runs `body` now, on the calling thread, with the resolver of a new pending promise. Usually
    /// written with a trailing closure, `Promise { resolver in … }`.
    ///
    /// A thrown error rejects the promise. Keep the resolver (or a closure holding it) until you settle
    /// it; if the last reference goes away first, the promise rejects with `PromiseError.brokenPromise`.
    ///
    /// ```swift
    /// let promise = Promise<String> { resolver in
    ///     legacyFetch { text, error in resolver.resolve(text, error) }
    /// }
    /// ```
    @inlinable public init(
        file: StaticString = #fileID, line: UInt = #line, resolving body: (Resolver<Value>) throws -> Void
    ) {
        let core = PromiseCore<Value>.pending()
        core.record(file: file, line: line)
        self.core = core
        let resolver = Resolver(core: core)
        do {
            try body(resolver)
        } catch {
            resolver.reject(error)
        }
    }

    /// Runs `work` now, on the calling thread, and settles with what it returns or throws, like
    /// `Result(catching:)`. Usually written with a trailing closure.
    ///
    /// ```swift
    /// let parsed = Promise { try parse(text) }   // rejected if parse throws
    /// ```
    @_disfavoredOverload  // a closure returning a promise picks the warning overload (Promise+Nesting.swift)
    @inlinable public init(catching work: () throws -> Value) {
        core = .settled(Result(catching: work))
    }

    /// Runs `work` on `queue` and settles with what it returns or throws. If the queue drops the
    /// work without running it, the promise rejects with `PromiseError.brokenPromise`.
    ///
    /// ```swift
    /// let parsed = Promise(on: .global()) { try JSONDecoder().decode(User.self, from: data) }
    /// ```
    @_disfavoredOverload  // a closure returning a promise picks the warning overload (Promise+Nesting.swift)
    @inlinable public init(on queue: some CallbackQueue, _ work: @escaping @Sendable () throws -> Value) {
        self.init(scheduling: work, on: queue)
    }

    /// Settles with what `work` returns or throws once `queue` runs it (`brokenPromise` if it drops it).
    @inlinable init(scheduling work: @escaping @Sendable () throws -> Value, on queue: some CallbackQueue) {
        let core = PromiseCore<Value>.pending(neededQueue: queue.dispatchQueue)
        self.core = core
        let job = QueuedSettle(core, work)
        queue.schedule { job.run() }
    }

    /// A promise whose `body` runs only when the first callback is attached (or someone waits on it),
    /// on `queue`. Cancelling it before then means the body never runs.
    ///
    /// ```swift
    /// let report = Promise<Report>.lazy { resolver in resolver.fulfill(buildExpensiveReport()) }
    /// // nothing has run yet
    /// report.then { print($0) }   // now it runs
    /// ```
    public static func lazy(
        on queue: some CallbackQueue = .global(),
        _ body: @escaping @Sendable (Resolver<Value>) throws -> Void
    ) -> Promise<Value> {
        let box = LazyBox<Value>()
        let start: @Sendable () -> Void = {
            guard let core = box.core else { return }
            let resolver = Resolver(core: core)
            queue.schedule {
                guard resolver.isPending else { return }  // cancelled before its turn: never runs
                do { try body(resolver) } catch { resolver.reject(error) }
            }
        }
        let core = PromiseCore<Value>.makeTrackable {
            PromiseState(lazyStart: start, neededQueue: queue.dispatchQueue)
        }
        box.core = core
        PromiseRegistry.track(core)
        return Promise(core: core)
    }

    /// Whether the promise has not settled yet.
    @inlinable public var isPending: Bool { core.isPending }

    /// Whether the promise is fulfilled.
    @inlinable public var isFulfilled: Bool {
        if case .success = core.result { return true }
        return false
    }

    /// Whether the promise is rejected (cancellation included).
    @inlinable public var isRejected: Bool {
        if case .failure = core.result { return true }
        return false
    }

    /// The outcome if settled, nil while pending. Does not start a lazy promise.
    @inlinable public var currentResult: Result<Value, any Error>? { core.result }
}

/// Breaks the reference cycle between a lazy promise's core and its start closure.
// @unchecked: `core` is written once, before the promise is returned to anyone, and only read after.
@usableFromInline final class LazyBox<Value: Sendable>: @unchecked Sendable {
    weak var core: PromiseCore<Value>?
}
