// A stand-in for the library's API, compiled as a module named PromiseAsync, so the corpus
// (Corpus.swift) type-checks against it unchanged. By default it has one declaration per spelling the
// corpus uses: the floor that an API where each spelling means one thing would reach. Each
// `-D EXTRA_…` flag adds one group of the library's further overloads, to measure what that group
// costs (Benchmarks/typecheck.py --groups). Bodies never run.
import Dispatch

public protocol CallbackQueue: Sendable {}
extension DispatchQueue: CallbackQueue {}
public struct InlineCallbackQueue: CallbackQueue { public init() {} }
public struct MainCallbackQueue: CallbackQueue { public init() {} }
extension CallbackQueue where Self == InlineCallbackQueue { public static var inline: InlineCallbackQueue { .init() } }
extension CallbackQueue where Self == MainCallbackQueue { public static var main: MainCallbackQueue { .init() } }
extension CallbackQueue where Self == DispatchQueue {
    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { .global(qos: qos) }
}

public enum Backoff: Sendable {
    case none
    case constant(DispatchTimeInterval)
}

public final class Resolver<Value: Sendable>: Sendable {
    init() {}
    public func fulfill(_ value: Value) {}
    public func reject(_ error: any Error) {}
    public func resolve(_ value: Value?, _ error: (any Error)?) {}
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {}
}

public struct Promise<Value: Sendable>: Sendable {
    init() {}
    public init(_ value: Value) {}
    public init(error: any Error) {}
    public init(resolving body: (Resolver<Value>) throws -> Void) {}
    public static func wrapping(_ body: (Resolver<Value>) throws -> Void) -> Promise<Value> { Promise(resolving: body) }
    public init(on queue: some CallbackQueue, _ work: @escaping @Sendable () throws -> Value) {}
    public static func pending() -> (promise: Promise<Value>, resolver: Resolver<Value>) { (Promise(), Resolver()) }
    public static func firstly(_ body: () throws -> Promise<Value>) -> Promise<Value> { .init() }
    public static func firstly(
        on queue: some CallbackQueue, _ body: @escaping @Sendable () throws -> Promise<Value>
    ) -> Promise<Value> { .init() }

    public func map<NewValue>(
        on queue: some CallbackQueue = .global(), _ transform: @escaping @Sendable (Value) throws -> NewValue
    ) -> Promise<NewValue> { .init() }
    public func compactMap<NewValue>(
        on queue: some CallbackQueue = .global(), _ transform: @escaping @Sendable (Value) throws -> NewValue?
    ) -> Promise<NewValue> { .init() }
    public func flatMap<NewValue>(
        on queue: some CallbackQueue = .global(), _ transform: @escaping @Sendable (Value) throws -> Promise<NewValue>
    ) -> Promise<NewValue> { .init() }
    @discardableResult public func then(
        on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable (Value) -> Void
    ) -> Promise<Value> { self }
    @discardableResult public func `catch`(
        on queue: some CallbackQueue = .global(), includingCancellation: Bool = false,
        _ body: @escaping @Sendable (any Error) -> Void
    ) -> Promise<Value> { self }
    @discardableResult public func always(
        on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable () -> Void
    ) -> Promise<Value> { self }
    public func recover(
        on queue: some CallbackQueue = .global(), includingCancellation: Bool = false,
        _ body: @escaping @Sendable (any Error) throws -> Value
    ) -> Promise<Value> { self }
    public func flatMapError(
        on queue: some CallbackQueue = .global(), includingCancellation: Bool = false,
        _ body: @escaping @Sendable (any Error) throws -> Promise<Value>
    ) -> Promise<Value> { self }
    public func validate(
        on queue: some CallbackQueue = .global(), _ predicate: @escaping @Sendable (Value) throws -> Bool
    ) -> Promise<Value> { self }
    public func mapError(
        on queue: some CallbackQueue = .global(), includingCancellation: Bool = false,
        _ transform: @escaping @Sendable (any Error) -> any Error
    ) -> Promise<Value> { self }
    public func whenComplete(
        on queue: some CallbackQueue = .global(), _ completion: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) {}
    public func asyncMap<NewValue>(
        priority: TaskPriority? = nil, _ transform: @escaping @Sendable (Value) async throws -> NewValue
    ) -> Promise<NewValue> { .init() }
    public func asyncFlatMap<NewValue>(
        priority: TaskPriority? = nil, _ transform: @escaping @Sendable (Value) async throws -> Promise<NewValue>
    ) -> Promise<NewValue> { .init() }
    public func asVoid() -> Promise<Void> { .init() }
    public func cancel() {}
    public var isPending: Bool { true }
    public func timeout(_ interval: DispatchTimeInterval) -> Promise<Value> { self }
    public func delay(_ interval: DispatchTimeInterval) -> Promise<Value> { self }
    public static func after(_ interval: DispatchTimeInterval) -> Promise<Void> { .init() }
    public static func all<T>(_ promises: [Promise<T>]) -> Promise<Value> where Value == [T] { .init() }
    public static func race(_ promises: some Sequence<Promise<Value>>) -> Promise<Value> { .init() }
    public static func any(_ promises: some Sequence<Promise<Value>>) -> Promise<Value> { .init() }
    public static func reduce<T>(
        _ promises: some Sequence<Promise<T>>, initial: Value, on queue: some CallbackQueue = .global(),
        _ combine: @escaping @Sendable (Value, T) throws -> Value
    ) -> Promise<Value> { .init() }
    public static func retry(
        attempts: Int, backoff: Backoff = .none, while shouldRetry: @escaping @Sendable (any Error) -> Bool = { _ in true },
        _ attempt: @escaping @Sendable (Int) throws -> Promise<Value>
    ) -> Promise<Value> { .init() }
    public var value: Value { get async throws { fatalError() } }
    public var result: Result<Value, any Error> { get async { fatalError() } }
    public func wait(timeout: DispatchTimeInterval = .never) throws -> Value { fatalError() }
}

#if EXTRA_INITS
    // The library's other initializers, each with a label.
    extension Promise {
        public init(catching work: () throws -> Value) {}
        public init(
            priority: TaskPriority? = nil, isolation: (any Actor)? = #isolation,
            @_inheritActorContext operation: sending @escaping @isolated(any) () async throws -> Value
        ) {}
        public init(task: Task<Value, any Error>) {}
        public init(task: Task<Value, Never>) {}
    }
#endif

#if EXTRA_UNLABELED_INIT
    // What the library had before: a second unlabeled initializer (the resolver form's), for comparison.
    extension Promise {
        public init(_ body: (Resolver<Value>) throws -> Void) {}
    }
#endif

#if EXTRA_RESOLVE
    // The resolver's other settling methods, one per completion-handler shape.
    extension Resolver {
        public func resolve<Failure: Error>(_ result: Result<Value, Failure>) {}
        public func resolve<First, Second>(_ first: First?, _ second: Second?, _ error: (any Error)?)
        where Value == (First, Second) {}
    }
    extension Resolver where Value == Void {
        public func fulfill() {}
        public func resolve(_ error: (any Error)?) {}
    }
#endif

#if EXTRA_ALL
    // `all` over a parameter pack beside `all` over a sequence, and `value` as a method beside the property.
    extension Promise {
        public static func all<each T: Sendable>(_ promises: repeat Promise<each T>) -> Promise<Value>
        where Value == (repeat each T) { .init() }
        public func value(cancellingOnTaskCancellation: Bool) async throws -> Value { fatalError() }
    }
#endif

#if EXTRA_RECOVER
    // What the library had before `flatMapError`: a promise-returning `recover` beside the value one.
    extension Promise {
        public func recover(
            on queue: some CallbackQueue = .global(), includingCancellation: Bool = false,
            _ body: @escaping @Sendable (any Error) throws -> Promise<Value>
        ) -> Promise<Value> { self }
    }
#endif

#if EXTRA_DURATION
    // `Duration` beside `DispatchTimeInterval`: the library disfavors one.
    extension Promise {
        @_disfavoredOverload public func timeout(_ duration: Duration) -> Promise<Value> { self }
        @_disfavoredOverload public func delay(_ duration: Duration) -> Promise<Value> { self }
        @_disfavoredOverload public static func after(_ duration: Duration) -> Promise<Void> { .init() }
    }
#endif

#if EXTRA_ASYNC_STEPS
    // What the library had before `asyncMap`: `map` and `flatMap` overloads with async closures.
    extension Promise {
        @_disfavoredOverload public func map<NewValue>(
            priority: TaskPriority? = nil, _ transform: @escaping @Sendable (Value) async throws -> NewValue
        ) -> Promise<NewValue> { .init() }
        @_disfavoredOverload public func flatMap<NewValue>(
            priority: TaskPriority? = nil, _ transform: @escaping @Sendable (Value) async throws -> Promise<NewValue>
        ) -> Promise<NewValue> { .init() }
    }
#endif

#if EXTRA_THEN_WARNING
    // A deprecated `then` for a closure that returns a promise (`then` drops it): issue 33, measured,
    // not adopted (Docs/TypeCheck.md).
    extension Promise {
        @available(*, deprecated, message: "then drops the promise the closure returns: use flatMap")
        @discardableResult public func then<Inner>(
            on queue: some CallbackQueue = .global(), _ body: @escaping @Sendable (Value) -> Promise<Inner>
        ) -> Promise<Value> { self }
    }
#endif

#if EXTRA_CATCH_WARNING
    // A deprecated `catch` for a closure that returns a value (`catch` does not recover): measured, not
    // adopted.
    extension Promise {
        @available(*, deprecated, message: "catch does not recover: use recover")
        @discardableResult public func `catch`(
            on queue: some CallbackQueue = .global(), includingCancellation: Bool = false,
            _ body: @escaping @Sendable (any Error) -> Value
        ) -> Promise<Value> { self }
    }
#endif

#if EXTRA_MAP_WARNING
    // A deprecated `map` for a closure that returns a promise (a promise of a promise): measured, not
    // adopted.
    extension Promise {
        @available(*, deprecated, message: "this makes a promise of a promise: use flatMap")
        public func map<Inner>(
            on queue: some CallbackQueue = .global(), _ transform: @escaping @Sendable (Value) throws -> Promise<Inner>
        ) -> Promise<Promise<Inner>> { .init() }
    }
#endif
