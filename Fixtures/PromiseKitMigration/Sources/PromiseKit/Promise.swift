import Dispatch
import Foundation

// A small stand-in for PromiseKit 6's API, written for this fixture: the spellings a PromiseKit
// codebase uses, with PromiseKit's semantics where the fixture's tests can tell (handlers on
// `conf.Q`, `catch` skipping cancellation, `when` failing fast). Not PromiseKit's code.

/// PromiseKit's global configuration: the queues handlers run on (nil: where the promise settled).
public struct PMKConfiguration {
    public var Q: (map: DispatchQueue?, return: DispatchQueue?) = (map: DispatchQueue.main, return: DispatchQueue.main)
}

nonisolated(unsafe) public var conf = PMKConfiguration()

/// PromiseKit's own result type.
public enum Result<T> {
    case fulfilled(T)
    case rejected(Error)

    public var isFulfilled: Bool {
        if case .fulfilled = self { return true }
        return false
    }
}

/// What PromiseKit's generic helpers take: a promise or a guarantee.
public protocol Thenable: AnyObject {
    associatedtype T
    func pipe(to body: @escaping (Result<T>) -> Void)
}

extension Thenable {
    public func map<U>(on queue: DispatchQueue? = conf.Q.map, _ transform: @escaping (T) throws -> U) -> Promise<U> {
        Promise { resolver in
            pipe { result in
                dispatch(queue) {
                    switch result {
                    case .fulfilled(let value):
                        do { resolver.fulfill(try transform(value)) } catch { resolver.reject(error) }
                    case .rejected(let error): resolver.reject(error)
                    }
                }
            }
        }
    }
}

public enum PMKError: Error {
    case cancelled
    case compactMap(Any, Any.Type)
    case badInput
}

extension Error {
    /// Whether the error means cancellation, as PromiseKit defines it.
    public var isCancelled: Bool {
        if let error = self as? PMKError, case .cancelled = error { return true }
        return self is CancellationError
    }
}

/// The state shared by `Promise` and `Guarantee`.
public class Box<T> {
    private let lock = NSLock()
    private var result: Result<T>?
    private var handlers: [(Result<T>) -> Void] = []

    init() {}

    func seal(_ value: Result<T>) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        result = value
        let waiting = handlers
        handlers = []
        lock.unlock()
        for handler in waiting { handler(value) }
    }

    func inspect(_ handler: @escaping (Result<T>) -> Void) {
        lock.lock()
        if let result {
            lock.unlock()
            handler(result)
        } else {
            handlers.append(handler)
            lock.unlock()
        }
    }

    var current: Result<T>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

func dispatch(_ queue: DispatchQueue?, _ body: @escaping () -> Void) {
    nonisolated(unsafe) let body = body  // PromiseKit's handlers are not Sendable either
    if let queue { queue.async { body() } } else { body() }
}

public final class Resolver<T> {
    let box: Box<T>
    init(_ box: Box<T>) { self.box = box }
    public func fulfill(_ value: T) { box.seal(.fulfilled(value)) }
    public func reject(_ error: Error) { box.seal(.rejected(error)) }
    public func resolve(_ value: T?, _ error: Error?) {
        if let error { reject(error) } else if let value { fulfill(value) } else { reject(PMKError.badInput) }
    }
}

extension Resolver where T == Void {
    public func fulfill() { fulfill(()) }
}

public final class Promise<T> {
    let box = Box<T>()

    public init(resolver body: (Resolver<T>) throws -> Void) {
        let resolver = Resolver(box)
        do { try body(resolver) } catch { resolver.reject(error) }
    }

    public init(error: Error) { box.seal(.rejected(error)) }

    init(box result: Result<T>) { box.seal(result) }

    init() {}

    public static func value(_ value: T) -> Promise<T> { Promise(box: .fulfilled(value)) }

    public static func pending() -> (promise: Promise<T>, resolver: Resolver<T>) {
        let promise = Promise<T>()
        return (promise, Resolver(promise.box))
    }

    /// Runs `body` with the outcome on `queue`, into a new promise.
    func chain<U>(on queue: DispatchQueue?, _ body: @escaping (Result<T>, Resolver<U>) throws -> Void) -> Promise<U> {
        let next = Promise<U>()
        let resolver = Resolver(next.box)
        box.inspect { result in
            dispatch(queue) {
                do { try body(result, resolver) } catch { resolver.reject(error) }
            }
        }
        return next
    }

    public func then<U>(
        on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ body: @escaping (T) throws -> Promise<U>
    ) -> Promise<U> {
        chain(on: queue) { result, resolver in
            switch result {
            case .fulfilled(let value): try body(value).box.inspect { resolver.box.seal($0) }
            case .rejected(let error): resolver.reject(error)
            }
        }
    }

    public func then<U>(on queue: DispatchQueue? = conf.Q.map, _ body: @escaping (T) throws -> Guarantee<U>) -> Promise<U> {
        then(on: queue) { value in try body(value).promise }
    }

    public func map<U>(on queue: DispatchQueue? = conf.Q.map, _ transform: @escaping (T) throws -> U) -> Promise<U> {
        chain(on: queue) { result, resolver in
            switch result {
            case .fulfilled(let value): resolver.fulfill(try transform(value))
            case .rejected(let error): resolver.reject(error)
            }
        }
    }

    public func compactMap<U>(on queue: DispatchQueue? = conf.Q.map, _ transform: @escaping (T) throws -> U?) -> Promise<U> {
        map(on: queue) { value in
            guard let mapped = try transform(value) else { throw PMKError.compactMap(value, U.self) }
            return mapped
        }
    }

    public func done(on queue: DispatchQueue? = conf.Q.return, _ body: @escaping (T) throws -> Void) -> Promise<Void> {
        map(on: queue, body)
    }

    public func get(on queue: DispatchQueue? = conf.Q.return, _ body: @escaping (T) throws -> Void) -> Promise<T> {
        map(on: queue) { value in
            try body(value)
            return value
        }
    }

    /// Runs `body` with the outcome; the next step starts after it, with the same outcome.
    public func tap(on queue: DispatchQueue? = conf.Q.map, _ body: @escaping (Result<T>) -> Void) -> Promise<T> {
        chain(on: queue) { result, resolver in
            body(result)
            resolver.box.seal(result)
        }
    }

    public func ensure(on queue: DispatchQueue? = conf.Q.return, _ body: @escaping () -> Void) -> Promise<T> {
        chain(on: queue) { result, resolver in
            body()
            resolver.box.seal(result)
        }
    }

    public func recover(on queue: DispatchQueue? = conf.Q.map, _ body: @escaping (Error) throws -> Promise<T>) -> Promise<T> {
        chain(on: queue) { result, resolver in
            switch result {
            case .fulfilled: resolver.box.seal(result)
            case .rejected(let error): try body(error).box.inspect { resolver.box.seal($0) }
            }
        }
    }

    @discardableResult
    public func `catch`(
        on queue: DispatchQueue? = conf.Q.return, policy: CatchPolicy = .allErrorsExceptCancellation,
        _ body: @escaping (Error) -> Void
    ) -> PMKFinalizer {
        let finalizer = PMKFinalizer()
        box.inspect { result in
            dispatch(queue) {
                if case .rejected(let error) = result, policy == .allErrors || !error.isCancelled { body(error) }
                finalizer.finish()
            }
        }
        return finalizer
    }

    public func cauterize() { self.catch { _ in } }

    public func asVoid() -> Promise<Void> { map(on: nil) { _ in () } }

    /// Blocks until the promise settles.
    public func wait() throws -> T {
        let done = DispatchSemaphore(value: 0)
        box.inspect { _ in done.signal() }
        done.wait()
        switch box.current! {
        case .fulfilled(let value): return value
        case .rejected(let error): throw error
        }
    }

    public var isPending: Bool { box.current == nil }
}

public enum CatchPolicy {
    case allErrors
    case allErrorsExceptCancellation
}

public final class PMKFinalizer {
    private let box = Box<Void>()
    func finish() { box.seal(.fulfilled(())) }
    public func finally(on queue: DispatchQueue? = conf.Q.return, _ body: @escaping () -> Void) {
        box.inspect { _ in dispatch(queue, body) }
    }
}

public final class Guarantee<T> {
    let promise: Promise<T>

    public init(resolver body: (@escaping (T) -> Void) -> Void) {
        let promise = Promise<T>()
        body { promise.box.seal(.fulfilled($0)) }
        self.promise = promise
    }

    init(_ promise: Promise<T>) { self.promise = promise }

    public static func value(_ value: T) -> Guarantee<T> { Guarantee(Promise.value(value)) }

    public func map<U>(on queue: DispatchQueue? = conf.Q.map, _ transform: @escaping (T) -> U) -> Guarantee<U> {
        Guarantee<U>(promise.map(on: queue, transform))
    }

    public func done(on queue: DispatchQueue? = conf.Q.return, _ body: @escaping (T) -> Void) -> Guarantee<Void> {
        Guarantee<Void>(promise.map(on: queue, body))
    }

    public func then<U>(on queue: DispatchQueue? = conf.Q.map, _ body: @escaping (T) throws -> Promise<U>) -> Promise<U> {
        promise.then(on: queue, body)
    }

    public func wait() -> T { try! promise.wait() }
}

/// Starts a chain with a closure that returns a promise.
public func firstly<U>(execute body: () throws -> Promise<U>) -> Promise<U> {
    do { return try body() } catch { return Promise(error: error) }
}

/// A guarantee fulfilled after `interval`.
public func after(_ interval: DispatchTimeInterval) -> Guarantee<Void> {
    Guarantee { seal in DispatchQueue.global().asyncAfter(deadline: .now() + interval) { seal(()) } }
}

/// All values, in order; the first rejection rejects.
public func when<T>(fulfilled promises: [Promise<T>]) -> Promise<[T]> {
    guard !promises.isEmpty else { return .value([]) }
    let (result, resolver) = Promise<[T]>.pending()
    let lock = NSLock()
    var values = [T?](repeating: nil, count: promises.count)
    var left = promises.count
    for (index, promise) in promises.enumerated() {
        promise.box.inspect { outcome in
            switch outcome {
            case .rejected(let error): resolver.reject(error)
            case .fulfilled(let value):
                lock.lock()
                values[index] = value
                left -= 1
                let finished = left == 0
                lock.unlock()
                if finished { resolver.fulfill(values.map { $0! }) }
            }
        }
    }
    return result
}

/// All of them; the first rejection rejects. PromiseKit's Void overload: a `Promise<Void>`.
public func when(fulfilled promises: [Promise<Void>]) -> Promise<Void> {
    when(fulfilled: promises.map { $0.map(on: nil) { _ in 0 } }).map(on: nil) { _ in () }
}

/// Both values; the first rejection rejects.
public func when<A, B>(fulfilled a: Promise<A>, _ b: Promise<B>) -> Promise<(A, B)> {
    when(fulfilled: [a.map(on: nil) { $0 as Any }, b.map(on: nil) { $0 as Any }]).map(on: nil) { ($0[0] as! A, $0[1] as! B) }
}

/// Every outcome, in order, once all have settled.
public func when<T>(resolved promises: [Promise<T>]) -> Guarantee<[Result<T>]> {
    let wrapped = promises.map { promise in
        Promise<Result<T>> { resolver in promise.box.inspect { resolver.fulfill($0) } }
    }
    return Guarantee(when(fulfilled: wrapped))
}

/// The first to settle.
public func race<T>(_ promises: [Promise<T>]) -> Promise<T> {
    let (result, resolver) = Promise<T>.pending()
    for promise in promises { promise.box.inspect { resolver.box.seal($0) } }
    return result
}

extension Promise: Thenable {
    public func pipe(to body: @escaping (Result<T>) -> Void) { box.inspect(body) }
}

extension Promise where T: Sequence {
    /// Each element transformed.
    public func mapValues<U>(on queue: DispatchQueue? = conf.Q.map, _ transform: @escaping (T.Element) throws -> U) -> Promise<[U]> {
        map(on: queue) { try $0.map(transform) }
    }
}
