// @unchecked: `core` is immutable and its state is only touched under the core's lock.
/// Settles one pending promise. Any thread may call it; only the first settle takes effect.
///
/// If the last reference to an unsettled resolver goes away — a legacy API dropped its completion
/// handler — the promise rejects with `PromiseError.brokenPromise` instead of leaving callers waiting
/// forever.
///
/// The settling methods are `@Sendable`, so `completion: resolver.resolve` passes as a `@Sendable`
/// handler in a Swift 5 client too, without "converting non-Sendable function value" (Swift 6 infers
/// it for a method of a `Sendable` type; Swift 5 mode does not).
public final class Resolver<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let core: PromiseCore<Value>
    /// Rejects with `brokenPromise` if still pending. Made by the inlinable init, where `Value` is
    /// usually concrete: the deinit then runs specialized code, not generic code that looks up type
    /// metadata at run time (which cost more than the rest of a promise's life).
    @usableFromInline let breakPromise: @Sendable (PromiseCore<Value>) -> Void
    /// Set by the one call that settled the promise (a settle succeeds once), so the deinit can skip
    /// the lock. Read only by the deinit, which the releases of every reference order after that write.
    @exclusivity(unchecked) @usableFromInline var settledHere = false

    /// Inlinable, so `breakPromise` is made where `Value` is usually concrete (see `breakPromise`).
    @inlinable convenience init(core: PromiseCore<Value>) {
        self.init(core: core, breakPromise: { $0.settle(.failure(PromiseError.brokenPromise)) })
    }

    /// Out of line, so a client's optimizer never puts a resolver on its own stack: Swift 6.3.1
    /// miscompiled such a resolver in an `async` function, and release builds crashed.
    @usableFromInline @inline(never) init(
        core: PromiseCore<Value>, breakPromise: @escaping @Sendable (PromiseCore<Value>) -> Void
    ) {
        self.core = core
        self.breakPromise = breakPromise
    }

    deinit {
        if !settledHere { breakPromise(core) }
    }

    /// Settles the promise; the way every settling method goes.
    @inlinable func settle(_ result: Result<Value, any Error>) -> Bool {
        guard core.settle(result) else { return false }
        settledHere = true
        return true
    }

    /// Whether the promise is still waiting to be settled (false once settled or cancelled).
    @inlinable public var isPending: Bool { core.isPending }

    /// Whether the promise was cancelled; the producer can check this between steps of long work.
    @inlinable public var isCancelled: Bool { core.wasCancelled }

    /// Fulfills the promise, unless it is already settled. Passed as a function, it is a completion
    /// handler that takes the value: `api.onExit = resolver.fulfill`.
    @inlinable @Sendable public func fulfill(_ value: Value) {
        _ = settle(.success(value))
    }

    /// Rejects the promise, unless it is already settled.
    @inlinable @Sendable public func reject(_ error: any Error) {
        _ = settle(.failure(error))
    }

    /// Settles the promise with `result`, unless it is already settled. Passed as a function, it is a
    /// completion handler that takes a `Result`: `api.fetchUser(id: 7, completion: resolver.resolve)`.
    @inlinable @Sendable public func resolve<Failure: Error>(_ result: Result<Value, Failure>) {
        _ = settle(result.mapError { $0 })
    }

    /// Settles from the `(value, error)` pair of a completion handler: the error wins if present, then
    /// the value; neither rejects with `PromiseError.missingValueAndError` — unless `Value` is itself
    /// optional (`Resolver<User?>`), where neither means success with `nil`, as a handler that reports
    /// "not found" as `(nil, nil)` means (and as Swift's own import of such a handler as `async`
    /// reads it). Passed as a function, it is such a handler:
    /// `legacyLoad(url, completion: resolver.resolve)`.
    @inlinable @Sendable public func resolve(_ value: Value?, _ error: (any Error)?) {
        if let error { return reject(error) }
        if let value { return fulfill(value) }
        if let absent = OptionalValueType.absent(as: Value.self) { return fulfill(absent) }
        reject(PromiseError.missingValueAndError)
    }

    /// Registers `handler` to run once if the promise is cancelled while pending — the place to stop
    /// the underlying work. It runs at once if the promise is already cancelled, and never if the
    /// promise settles first. It runs after the library's lock is released, on the cancelling thread.
    ///
    /// ```swift
    /// let promise = Promise<Data> { resolver in
    ///     let task = session.dataTask(with: url) { data, _, error in resolver.resolve(data, error) }
    ///     resolver.onCancel { task.cancel() }
    ///     task.resume()
    /// }
    /// ```
    @inlinable public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        core.onCancel(handler)
    }
}

extension Resolver where Value == Void {
    /// Fulfills a `Promise<Void>`, unless it is already settled. Passed as a function, it is a
    /// completion handler that takes nothing: `cache.flush(completion: resolver.fulfill)`.
    @inlinable @Sendable public func fulfill() {
        fulfill(())
    }

    /// Settles a `Promise<Void>` from an `(Error?) -> Void` completion handler: rejects with the
    /// error, or fulfills. Passed as a function, it is such a handler:
    /// `store.save(record, completion: resolver.resolve)`.
    @inlinable @Sendable public func resolve(_ error: (any Error)?) {
        if let error { reject(error) } else { fulfill() }
    }
}

extension Resolver {
    /// Settles a `Promise<(A, B)>` from an `(A?, B?, Error?)` completion handler (URLSession's shape):
    /// the error wins, then both values; a call missing either rejects with
    /// `PromiseError.missingValueAndError` — unless that value's type is itself optional, where a
    /// missing value is `nil` (as in `resolve(_:_:)`). Passed as a function, it is such a handler:
    /// `session.dataTask(with: url, completionHandler: resolver.resolve)`.
    @inlinable @Sendable public func resolve<First, Second>(_ first: First?, _ second: Second?, _ error: (any Error)?)
    where Value == (First, Second) {
        if let error { return reject(error) }
        if let first = first ?? OptionalValueType.absent(as: First.self),
            let second = second ?? OptionalValueType.absent(as: Second.self)
        {
            return fulfill((first, second))
        }
        reject(PromiseError.missingValueAndError)
    }
}

/// What a missing value means where the value type is itself optional: `nil`, not an error.
@usableFromInline enum OptionalValueType {
    /// `nil` as a `T` when `T` is an `Optional`; nil otherwise.
    @usableFromInline static func absent<T>(as type: T.Type) -> T? {
        (type as? any AbsentRepresentable.Type)?.absent as? T
    }
}

/// `Optional`'s `nil`, reachable from a generic `T` that turns out to be optional.
@usableFromInline protocol AbsentRepresentable {
    static var absent: Self { get }
}

extension Optional: AbsentRepresentable {
    @usableFromInline static var absent: Self { nil }
}
