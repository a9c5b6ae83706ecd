import Dispatch

/// The state machine of one promise. Every method runs under the core's lock and returns what the
/// caller must do after unlocking (run callbacks, cancel handlers, release upstream); none calls out.
///
/// Invariants: once `result` is set it never changes, and `held` and `extras` are empty (a settled
/// promise holds its result and, harmlessly, the queue it needed).
@usableFromInline struct PromiseState<Value: Sendable> {
    @usableFromInline typealias Callback = CallbackList<Value>.Callback
    @usableFromInline typealias CancelHandler = @Sendable () -> Void

    /// The first stored property, so the header's address (which ThreadSanitizer takes for every
    /// locked access to the state) is never that of `linkStepHeld`.
    @usableFromInline var nextID: UInt64 = 0
    /// Whether a `LinkCore` still holds its step. Read and written only by the step's owner, without
    /// the lock, through a raw pointer to its byte (see `LinkCore.stepHeld`): so no method here may
    /// write it or assign the whole state (`self = …`), which would race with the owner. A test reads
    /// this file to hold that; the setter is file-private, so only the initializer can set it. It must
    /// stay the second stored property, right after `nextID`: the link's deinit reads it at a fixed
    /// offset, without the type metadata a generic deinit would look up.
    @usableFromInline fileprivate(set) var linkStepHeld = false
    /// `PromiseFlags`, for reading without the lock (`PromiseCore.isPending`, `mayDependOnOthers`):
    /// after the initializer, written only by `PromiseCore` (`withSettlingLock(_:)`, `detach` when it
    /// cancels, and where it adds an upstream), atomically, under the lock, and read only atomically.
    /// Like `linkStepHeld`, no method here may write it or assign the whole state. Third, in the byte
    /// alignment leaves after `linkStepHeld`, at a fixed offset (`PromiseCore.flagsOffset`).
    @usableFromInline fileprivate(set) var flags: UInt8 = 0
    /// Where `PromiseRegistry` keeps this promise (`registryList` 0: untracked). Written once, before
    /// any other thread reads it, and read by the deinit, at fixed offsets (`PromiseCore.registryOffset`)
    /// and never through the state: they fit in the room alignment leaves before `result`.
    @usableFromInline var registryList: UInt16 = 0
    @usableFromInline var registrySlot: UInt32 = 0
    @usableFromInline var result: Result<Value, any Error>?
    @usableFromInline var wasCancelled = false
    /// What only a pending promise holds, in one struct so settling moves it out in one step.
    @usableFromInline var held = Settled()
    /// A Task to cancel with the promise, or cancel handlers and a lazy body; handed over on settling,
    /// like `held`.
    @usableFromInline var extras: PromiseAttachment?
    /// The queue the pending work that settles this promise runs on (for `wait()`'s deadlock check).
    /// Kept once settled (nothing reads it then; the queue is released with the promise), so settling
    /// has one reference less to move.
    @usableFromInline var neededQueue: DispatchQueue?
    #if DEBUG
        /// Where the promise (or the head of its chain) was made, for `PendingPromiseDiagnostics`.
        @usableFromInline var origin: PromiseOrigin?
    #endif

    /// `linked`: the promise is about to get its upstream (`PromiseState.setUpstream`), which, unlike
    /// the other ways of adding one, does not mark `flags` itself.
    @inlinable init(
        result: Result<Value, any Error>? = nil, neededQueue: DispatchQueue? = nil, linkStepHeld: Bool = false,
        linked: Bool = false
    ) {
        self.result = result
        self.neededQueue = neededQueue
        self.linkStepHeld = linkStepHeld
        if result != nil {
            flags = PromiseFlags.settled
        } else if linked || neededQueue != nil {
            flags = PromiseFlags.mayDepend
        }
    }

    @inlinable init(lazyStart: @escaping @Sendable () -> Void, neededQueue: DispatchQueue?) {
        extras = .extras(PromiseExtras(lazyStart: lazyStart))
        self.neededQueue = neededQueue
        if neededQueue != nil { flags = PromiseFlags.mayDepend }
    }

    @inlinable var isPending: Bool { result == nil }
    @inlinable var observerCount: Int { held.callbacks.count }

    // MARK: Settling

    /// What a settled promise lets go of (with `extras`), moved out under the lock and released after
    /// unlocking: releasing a closure can run a deinit, and no user code may run under the lock.
    /// At most three references: with more, the compiler destroys the struct through run-time
    /// metadata, which costs more than the rest of a settle.
    @usableFromInline struct Settled {
        @usableFromInline var callbacks = CallbackList<Value>()
        @usableFromInline var upstream = UpstreamLinks.none

        @inlinable init() {}
    }

    /// Settles if pending, swapping what it held into `settled` (which must be empty); false if already
    /// settled. An `inout` rather than an optional return: the optional's destroy went through
    /// run-time metadata on every settle.
    @inlinable mutating func settle(
        _ newResult: Result<Value, any Error>, handingOver settled: inout Settled, _ extras: inout PromiseAttachment?
    ) -> Bool {
        guard result == nil else { return false }
        result = newResult
        swap(&held, &settled)
        swap(&self.extras, &extras)
        return true
    }

    /// Cancels if pending, like `settle(_:handingOver:_:)` with `CancellationError`.
    @inlinable mutating func cancel(handingOver settled: inout Settled, _ extras: inout PromiseAttachment?) -> Bool {
        guard settle(.failure(CancellationError()), handingOver: &settled, &extras) else { return false }
        wasCancelled = true
        return true
    }

    // MARK: Observing

    /// Appends `callback` to a pending promise's callbacks; `wakingOnly` marks one that only wakes a
    /// waiter (see `CallbackList.soleWakeUp`).
    @inlinable mutating func register(_ callback: __owned @escaping Callback, wakingOnly: Bool = false) -> CallbackID {
        nextID &+= 2
        let id = wakingOnly ? nextID | CallbackList<Value>.wakeUpBit : nextID
        held.callbacks.append(callback, id: id)
        return CallbackID(raw: id)
    }

    /// The body of a lazy promise, the first time it is asked for.
    @inlinable mutating func takeLazyStart() -> (@Sendable () -> Void)? {
        guard case .extras(let extras)? = extras, let start = extras.lazyStart else { return nil }
        extras.lazyStart = nil
        return start
    }

    /// The outcome of a detach; the removed callback travels out to be released after unlocking.
    @usableFromInline enum Detached {
        case notRegistered
        case detached(Callback)
        /// Detaching left nobody observing, so the promise was cancelled.
        case cancelled(Settled, PromiseAttachment?, Callback)
    }

    @inlinable mutating func detach(_ id: CallbackID, cancellingIfUnobserved: Bool) -> Detached {
        guard result == nil, let removed = held.callbacks.remove(id: id.raw) else { return .notRegistered }
        guard cancellingIfUnobserved, held.callbacks.isEmpty else { return .detached(removed) }
        var settled = Settled()
        var extras: PromiseAttachment?
        _ = cancel(handingOver: &settled, &extras)
        return .cancelled(settled, extras, removed)
    }

    // MARK: Dependencies

    /// Records a promise this one waits on; false if already settled (the caller releases the link).
    @inlinable mutating func addUpstream(_ link: UpstreamLink) -> Bool {
        guard result == nil else { return false }
        held.upstream.append(link)
        return true
    }

    /// Sets the only upstream of a promise that is not yet shared (see `PromiseCore.observe(_:linking:)`),
    /// made `linked`, so its flags already say it depends on others.
    @inlinable mutating func setUpstream(_ link: UpstreamLink) {
        held.upstream = .one(link)
    }

    /// Replaces the upstream (a `flatMap` moving from its source to the inner promise); its work queue
    /// is done. Returns the old links, for the caller to drop after unlocking (they may hold the last
    /// reference to a settled promise and its value); nil if already settled.
    @inlinable mutating func replaceUpstream(with link: UpstreamLink) -> UpstreamLinks? {
        guard result == nil else { return nil }
        var old = UpstreamLinks.one(link)
        swap(&old, &held.upstream)
        neededQueue = nil
        return old
    }

    @inlinable var upstreamLinks: [UpstreamLink] { held.upstream.array }

    /// Registers a handler for cancellation; returns true when it must run now (already cancelled).
    @inlinable mutating func addCancelHandler(_ handler: @escaping CancelHandler) -> Bool {
        guard result == nil else { return wasCancelled }
        if case .extras(let extras)? = extras {
            extras.append(handler)
            return false
        }
        // Out of line from now on, an inline Task hook first, so handlers keep registration order.
        let moved = PromiseExtras()
        if case .task(let task)? = extras { moved.append { task.cancel() } }
        moved.append(handler)
        extras = .extras(moved)
        return false
    }

    /// Records `task` to be cancelled with this promise; returns true when it must be cancelled now
    /// (the promise already was). The first such hook is stored inline: no allocation.
    @inlinable mutating func addCancelledTask(_ task: Task<Void, Never>) -> Bool {
        guard result == nil else { return wasCancelled }
        guard extras == nil else { return addCancelHandler { task.cancel() } }
        extras = .task(task)
        return false
    }
}

/// What a promise holds besides its callbacks, which few promises have. A `Promise { … }` has just
/// the Task to cancel with it, stored inline (no object, no closure); anything more goes out of line.
@usableFromInline enum PromiseAttachment {
    /// A Task to cancel with the promise (a `Promise { … }`'s own).
    case task(Task<Void, Never>)
    /// Cancel handlers and a lazy body.
    case extras(PromiseExtras)

    /// Whether a lazy body waits for its first observer.
    @inlinable var hasLazyStart: Bool {
        if case .extras(let extras) = self { return extras.lazyStart != nil }
        return false
    }

    /// Whether cancelling the promise has anything to run.
    @inlinable var hasCancelHandlers: Bool {
        switch self {
        case .task: return true
        case .extras(let extras): return extras.firstCancelHandler != nil
        }
    }

    /// Runs what cancelling the promise runs, in registration order.
    @inlinable func runCancelHandlers() {
        switch self {
        case .task(let task): task.cancel()
        case .extras(let extras): extras.forEachCancelHandler { $0() }
        }
    }
}

/// What few promises hold, out of line: fewer fields make every settle and deinit cheaper.
/// Like the rest of a promise's state, only touched under the core's lock or once moved out of it,
/// so the dynamic exclusivity checks a class's fields get (about 60 instructions each) are off.
@usableFromInline final class PromiseExtras {
    @usableFromInline typealias CancelHandler = @Sendable () -> Void

    /// The first cancel handler inline: most promises that have one have exactly one.
    @exclusivity(unchecked) @usableFromInline var firstCancelHandler: CancelHandler?
    @exclusivity(unchecked) @usableFromInline var moreCancelHandlers: [CancelHandler] = []
    /// The body of a lazy promise, taken by the first observer.
    @exclusivity(unchecked) @usableFromInline var lazyStart: (@Sendable () -> Void)?

    @inlinable init(lazyStart: (@Sendable () -> Void)? = nil) {
        self.lazyStart = lazyStart
    }

    /// Calls `body` with each cancel handler, in registration order.
    @inlinable func forEachCancelHandler(_ body: (CancelHandler) -> Void) {
        guard let firstCancelHandler else { return }
        body(firstCancelHandler)
        for handler in moreCancelHandlers { body(handler) }
    }

    @inlinable func append(_ handler: @escaping CancelHandler) {
        if firstCancelHandler == nil {
            firstCancelHandler = handler
        } else {
            moreCancelHandlers.append(handler)
        }
    }
}

/// The bits of `PromiseState.flags`. Settling replaces them with `settled` alone: a settled promise
/// needs nothing.
@usableFromInline enum PromiseFlags {
    /// `result` is set.
    @_transparent @usableFromInline static var settled: UInt8 { 1 }
    /// The promise may have had a queue or an upstream to wait on (never cleared while pending), so
    /// `wait()`'s walk must lock it to read them. Without it, the walk passes the promise by without
    /// taking its lock, which another thread may be taking to settle it (issue 37).
    @_transparent @usableFromInline static var mayDepend: UInt8 { 2 }
}
