import Dispatch

/// Where a promise runs the closures you hand its operators.
///
/// Every operator takes `on queue:`. Pass any `DispatchQueue` (`.main`, `.global()`, your own), or
/// `.inline` to run a cheap closure on the thread that settles the promise, with no queue hop.
/// The default everywhere is `.global()`, which works in any process, including servers, command-line
/// tools and tests that have no main run loop; `.main` is always an explicit choice.
///
/// ```swift
/// fetchUser()
///     .map(on: .inline) { $0.name }           // cheap: no hop
///     .then(on: .main) { self.title = $0 }    // UI work: explicit, and main-actor isolated
/// ```
public protocol CallbackQueue: Sendable {
    /// Runs `work` on this queue, asynchronously or right away.
    ///
    /// Run what you are given. A queue that drops work instead must release it outside its own
    /// locks: work released unrun rejects its promise with `PromiseError.brokenPromise` at once, on
    /// the releasing thread, and that promise's callbacks run there (and may schedule more work).
    @inlinable func schedule(_ work: @escaping @Sendable () -> Void)

    /// The dispatch queue the work lands on, if any. `wait()` uses it to refuse a wait that would
    /// block the very queue the promise needs.
    @inlinable var dispatchQueue: DispatchQueue? { get }
}

extension DispatchQueue: CallbackQueue {
    /// Submits `work` with `async`.
    @inlinable public func schedule(_ work: @escaping @Sendable () -> Void) {
        async(execute: work)
    }

    /// This queue.
    @inlinable public var dispatchQueue: DispatchQueue? { self }
}

/// Runs work on the thread that settles the promise (or attaches the callback, if already settled).
///
/// Keep inline closures short and non-blocking: they run on the settling thread before `fulfill`
/// returns. Inline settles nest up to 32 deep; deeper ones run on the same thread right after the
/// outermost callback returns, so long inline chains never grow the stack.
public struct InlineCallbackQueue: CallbackQueue {
    /// Creates the inline queue; prefer `.inline` at call sites.
    @inlinable public init() {}

    /// Runs `work` now.
    @inline(__always)
    public func schedule(_ work: @escaping @Sendable () -> Void) { work() }

    /// Nil: inline work needs no queue.
    @inlinable public var dispatchQueue: DispatchQueue? { nil }
}

extension CallbackQueue where Self == InlineCallbackQueue {
    /// Runs the closure on the settling thread, with no queue hop.
    @inlinable public static var inline: InlineCallbackQueue { InlineCallbackQueue() }
}

extension CallbackQueue where Self == DispatchQueue {
    /// A global concurrent queue: the default for every operator.
    @inlinable public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        DispatchQueue.global(qos: qos)
    }
}

/// The main queue, as the operators' `on: .main`: closures passed with it are `@MainActor`, so UI code
/// can touch main-actor state (`self.title = $0` in a `@MainActor` view model) in any language mode.
/// The operators with such closures: `then`, `catch`, `always`, `whenComplete`, `map`, `compactMap`,
/// `flatMap`, `recover`, `flatMapError`, `mapError` and `validate`. Elsewhere (`Promise(on: .main)`, `reduce`) the
/// closure is an ordinary `@Sendable` one; to make a promise from main-actor work, write
/// `Promise { … }` (PromiseAsync), whose operation inherits the caller's actor.
///
/// Its work runs only where something drives the main queue (an app's run loop, `dispatchMain()`, or
/// `RunLoop.main.run(…)`); a server or command-line tool that does neither never runs it.
///
/// ```swift
/// @MainActor final class ProfileViewModel {
///     var title = ""
///     func load() {
///         fetchProfile().then(on: .main) { self.title = $0.name }
///     }
/// }
/// ```
public struct MainCallbackQueue: CallbackQueue {
    /// Creates the main queue; prefer `.main` at call sites.
    @inlinable public init() {}

    /// Submits `work` to `DispatchQueue.main`.
    @inlinable public func schedule(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async(execute: work)
    }

    /// `DispatchQueue.main`.
    @inlinable public var dispatchQueue: DispatchQueue? { DispatchQueue.main }
}

extension CallbackQueue where Self == MainCallbackQueue {
    /// The main queue; closures passed with it are `@MainActor`. See `MainCallbackQueue`.
    @inlinable public static var main: MainCallbackQueue { MainCallbackQueue() }
}
