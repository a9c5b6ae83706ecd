import CPromiseAtomics
import Dispatch

/// The shared, lock-protected storage behind a `Promise` and its `Resolver`.
///
/// One allocation holds both the state and its lock. Every method takes the lock only to run a
/// `PromiseState` transition (`withLock`, or by hand in `register` and `detach`), then performs the
/// returned action (callbacks, handlers, upstream release) after unlocking, so no user code ever
/// runs under the lock. `isPending` takes no lock: it reads the flags atomically.
/// Thread-safe, but not `Sendable` to the compiler (`ManagedBuffer` subclasses cannot be): it crosses
/// threads inside `Promise`, `Resolver` and `UpstreamLink`, which carry the `@unchecked` conformance.
/// Not final: `LinkCore` (a derived promise holding its step) is a subclass. Its methods are final.
@usableFromInline class PromiseCore<Value: Sendable>: LockedStorage<PromiseState<Value>> {
    @usableFromInline typealias Callback = PromiseState<Value>.Callback

    #if DEBUG
        deinit {
            // A tracked promise frees its registry slot. (Release builds, where promises are rarely
            // tracked, make tracked ones `TrackedPromiseCore`s, so an untracked deinit checks nothing.)
            leaveRegistryIfTracked()
            let leak = withLock { state in
                state.isPending && state.observerCount > 0 ? (state.observerCount, state.origin) : nil
            }
            if let leak { PendingPromiseDiagnostics.report(observers: leak.0, origin: leak.1) }
        }
    #endif

    /// Frees this promise's registry slot, if it has one (from a deinit, which has the object to
    /// itself): reads the ticket at its fixed offset, without the lock and without the type metadata
    /// that going through the generic header would look up.
    @usableFromInline final func leaveRegistryIfTracked() {
        let object = unsafeBitCast(self, to: UnsafeRawPointer.self)
        let offset = Self.registryOffset
        let list = object.load(fromByteOffset: offset, as: UInt16.self)
        if list != 0 {
            ThreadPromiseList.forget(list: list, slot: object.load(fromByteOffset: offset + 2, as: UInt32.self))
        }
    }

    /// Where the header lies in the object: after the object header (metadata pointer and reference
    /// counts, two words), aligned for the header, whose alignment is its widest field's.
    /// Constant on 64-bit platforms, where a generic deinit (every link's) read `Value`'s alignment
    /// from its metadata, 2–3 % of a link's time (issue 37): the object header is 16 bytes there,
    /// and the compiler caps every type's alignment at 16.
    @inlinable static var headerOffset: Int {
        let objectHeader = 2 * MemoryLayout<Int>.size
        #if _pointerBitWidth(_64)
            return objectHeader
        #else
            // (No `max`: a generic call costs a debug build more than this whole computation.)
            // Alignments are powers of two: rounding up to one is the larger of the two.
            let valueAlignment = MemoryLayout<Value>.alignment
            return valueAlignment > objectHeader ? valueAlignment : objectHeader
        #endif
    }

    /// Where `PromiseState.registryList` lies in the object (`registrySlot` follows 2 bytes later):
    /// after `nextID` and `linkStepHeld`. From `headerOffset`, like `LinkCore.stepHeldOffset`.
    @inlinable static var registryOffset: Int { headerOffset + MemoryLayout<UInt64>.size + 2 }

    /// Whether the registry ticket is where the deinit reads it (a test checks it for several value
    /// types; an assert here would build a key path for every promise a debug build makes).
    @inlinable final var registryTicketAtFixedOffset: Bool {
        let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        typealias State = PromiseState<Value>
        return withUnsafeMutablePointerToHeader { UnsafeRawPointer($0) == object + Self.headerOffset }
            && Self.registryOffset == Self.headerOffset + MemoryLayout<State>.offset(of: \.registryList)!
            && MemoryLayout<State>.offset(of: \.registrySlot) == MemoryLayout<State>.offset(of: \.registryList)! + 2
    }

    /// Records where this promise was made (debug builds; nothing in release).
    @inlinable @inline(__always)
    final func record(file: StaticString, line: UInt) {
        #if DEBUG
            withLock { $0.origin = PromiseOrigin(file: file, line: line) }
        #endif
    }

    /// Lets a derived promise report the origin of the chain it hangs from (debug builds).
    @inlinable @inline(__always)
    final func inheritOrigin<U>(from upstream: PromiseCore<U>) {
        #if DEBUG
            let origin = upstream.withLock { $0.origin }
            withLock { $0.origin = origin }
        #endif
    }

    /// Allocates a core whose state `makeState` builds in place.
    @inlinable static func make(_ makeState: () -> PromiseState<Value>) -> PromiseCore<Value> {
        makeStorage(makingHeader: makeState)
    }

    /// A pending core, recorded for `PendingPromises` while tracking is on.
    @inlinable static func pending(neededQueue: DispatchQueue? = nil) -> PromiseCore<Value> {
        #if DEBUG
            let core = make { PromiseState(neededQueue: neededQueue) }
            PromiseRegistry.track(core)
            return core
        #else
            // One check of the flag (see `makeTrackable`).
            guard PromiseRegistry.isTracking else { return make { PromiseState(neededQueue: neededQueue) } }
            let core = TrackedPromiseCore<Value>.makeStorage { PromiseState(neededQueue: neededQueue) }
            PromiseRegistry.record(core, isLink: false)
            return core
        #endif
    }

    /// A pending core not recorded yet: the caller links it to its upstream, then records it with
    /// `PromiseRegistry.track(_:isLink:)`.
    @inlinable static func pendingLink(neededQueue: DispatchQueue?) -> PromiseCore<Value> {
        makeTrackable { PromiseState(neededQueue: neededQueue, linked: true) }
    }

    /// A core `PromiseRegistry.track` may record. Debug builds: a plain core (its deinit checks for a
    /// ticket). Release builds: a `TrackedPromiseCore` while tracking is on, else a plain core, whose
    /// deinit then has nothing to check. (A second generic class costs a debug build a metadata
    /// lookup per promise, more than the deinit's check; a release build the other way round.)
    @inlinable @inline(__always)
    static func makeTrackable(_ makeState: () -> PromiseState<Value>) -> PromiseCore<Value> {
        #if DEBUG
            make(makeState)
        #else
            PromiseRegistry.isTracking
                ? TrackedPromiseCore<Value>.makeStorage(makingHeader: makeState) : make(makeState)
        #endif
    }

    @inlinable static func settled(_ result: Result<Value, any Error>) -> PromiseCore<Value> {
        make { PromiseState(result: result) }
    }

    @inlinable final var result: Result<Value, any Error>? { withLock { $0.result } }

    /// Whether not settled yet: one atomic load, no lock (a side-effect step asks before its body,
    /// a queued step before it runs). Exact: a settle sets the flag before it unlocks, so whoever
    /// takes the lock after a settle and then asks sees it.
    @inlinable final var isPending: Bool { c_promise_load_flags(flags) & PromiseFlags.settled == 0 }

    /// Whether this promise may wait on a queue or on other promises: pending, and it may have had some
    /// (`PromiseFlags.mayDepend`). One atomic load, no lock: when false, `wait()`'s walk need not
    /// lock it to ask `dependencies()`.
    @inlinable final var mayDependOnOthers: Bool { c_promise_load_flags(flags) == PromiseFlags.mayDepend }

    /// `PromiseState.flags`'s byte in the object (`flagsAtFixedOffset` checks it).
    @inlinable final var flags: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque()) + Self.flagsOffset
    }

    /// After `nextID` and `linkStepHeld`. From `headerOffset`, like `registryOffset`.
    @inlinable static var flagsOffset: Int { headerOffset + MemoryLayout<UInt64>.size + 1 }

    /// Whether the flags are where `flags` points (a test checks it for several value types).
    @inlinable final var flagsAtFixedOffset: Bool {
        let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return withUnsafeMutablePointerToHeader { UnsafeRawPointer($0) == object + Self.headerOffset }
            && MemoryLayout<PromiseState<Value>>.offset(of: \.flags) == MemoryLayout<UInt64>.size + 1
    }

    /// Runs `body`, a transition that settles the promise when it returns true, under the lock, and
    /// then publishes `PromiseFlags.settled` before unlocking. Every transition that can set `result`
    /// goes through here (settle, cancel) or publishes it the same way (`detach`, when it cancels).
    @inlinable @inline(__always)
    final func withSettlingLock(_ body: (inout PromiseState<Value>) -> Bool) -> Bool {
        withUnsafeMutablePointers { header, lock in
            c_promise_lock(lock)
            defer { c_promise_unlock(lock) }
            guard body(&header.pointee) else { return false }
            c_promise_store_flags(flags, PromiseFlags.settled)
            return true
        }
    }

    /// Runs `body`, a transition that gives the promise an upstream when it returns non-nil, under
    /// the lock, and then publishes `PromiseFlags.mayDepend` before unlocking (after `body`, whose
    /// `inout` state covers the flags' byte).
    @inlinable final func withDependingLock<R>(_ body: (inout PromiseState<Value>) -> R?) -> R? {
        withUnsafeMutablePointers { header, lock in
            c_promise_lock(lock)
            defer { c_promise_unlock(lock) }
            guard let added = body(&header.pointee) else { return nil }
            c_promise_add_flags(flags, PromiseFlags.mayDepend)
            return added
        }
    }

    @inlinable final var wasCancelled: Bool { withLock { $0.wasCancelled } }

    /// Settles once; false (and nothing happens) if already settled.
    @discardableResult
    @inlinable final func settle(_ result: Result<Value, any Error>) -> Bool {
        var settled = PromiseState<Value>.Settled()
        var extras: PromiseAttachment?
        guard withSettlingLock({ $0.settle(result, handingOver: &settled, &extras) }) else { return false }
        deliver(settled.callbacks, result)
        return true
    }

    /// Settles once, then releases the promises this one was waiting on: each is cancelled unless
    /// something else still observes it.
    @discardableResult
    @inlinable final func settleReleasingUpstream(_ result: Result<Value, any Error>) -> Bool {
        var settled = PromiseState<Value>.Settled()
        var extras: PromiseAttachment?
        guard withSettlingLock({ $0.settle(result, handingOver: &settled, &extras) }) else { return false }
        deliver(settled.callbacks, result)
        UpstreamLink.release(settled.upstream.array, heldBy: self)
        return true
    }

    /// Cancels if pending: rejects with `CancellationError`, runs the cancel handlers, and releases
    /// the upstream promises (cancelling those nobody else observes).
    @discardableResult
    @inlinable final func cancel() -> Bool {
        var settled = PromiseState<Value>.Settled()
        var extras: PromiseAttachment?
        guard withSettlingLock({ $0.cancel(handingOver: &settled, &extras) }) else { return false }
        finishCancellation(settled, extras)
        return true
    }

    @inlinable final func finishCancellation(_ settled: PromiseState<Value>.Settled, _ extras: PromiseAttachment?) {
        if let extras, extras.hasCancelHandlers {
            Trampoline.current.deliver(cancelHandlersOf: extras, from: self)
        }
        deliver(settled.callbacks, .failure(CancellationError()))
        UpstreamLink.release(settled.upstream.array, heldBy: self)
    }

    /// Calls a settle's callbacks through this thread's trampoline; a lone wake-up skips the delivery
    /// record but not the depth count (see `Trampoline.wake`).
    @inlinable @inline(__always)
    final func deliver(_ callbacks: CallbackList<Value>, _ result: Result<Value, any Error>) {
        if let wakeUp = callbacks.soleWakeUp {
            Trampoline.wake(wakeUp, with: result)
        } else if !callbacks.isEmpty {
            Trampoline.invoke(callbacks, with: result, from: self)
        }
    }

    /// Registers `callback`, or calls it at once if settled (then returns nil). Starts a lazy body.
    @discardableResult
    @inlinable final func observe(_ callback: consuming @escaping Callback) -> CallbackID? {
        if case .registered(let id) = register(callback, linking: nil as PromiseCore<Value>?) { return id }
        return nil
    }

    /// What `register` did with a callback.
    @usableFromInline enum Registration {
        /// `slot` was closed: nothing registered, nothing started, the callback dropped.
        case refused
        /// The promise was settled: the callback was called, or queued on this thread's trampoline.
        case called
        case registered(CallbackID)
    }

    /// The one way a callback gets registered. Under the lock, unless `slot` is closed: registers
    /// `callback` if the promise is pending, and records its id in `slot` or makes this promise
    /// `derived`'s upstream, in the same critical section. After unlocking: starts a lazy body, or
    /// calls `callback` at once if the promise was settled.
    ///
    /// `callback` is consumed into the list (`consume`: `__owned` alone still let the optimizer copy
    /// it in and release the original after unlocking, a retain and a release per registration, of
    /// the link itself for a chain's link). Locked by hand, since a closure capturing `callback`
    /// would copy it too. Optional arguments rather than closures: a debug build calls closures,
    /// even empty ones, through contexts.
    @inlinable @inline(__always)
    final func register<U>(
        _ callback: consuming @escaping Callback, wakingOnly: Bool = false, slot: ObserverSlot? = nil,
        linking derived: PromiseCore<U>? = nil
    ) -> Registration {
        let (state, lock) = withUnsafeMutablePointers { ($0, $1) }
        c_promise_lock(lock)
        if let slot, slot.isClosed {
            c_promise_unlock(lock)
            _fixLifetime(callback)  // dropped only after unlocking: its release may run a deinit
            _fixLifetime(self)  // (the pointers above do not keep the object alive)
            return .refused
        }
        if let result = state.pointee.result {
            c_promise_unlock(lock)
            Trampoline.invoke(callback, with: result)
            return .called
        }
        let id = state.pointee.register(consume callback, wakingOnly: wakingOnly)
        slot?.id = id
        derived?.withUnsafeMutablePointerToHeader { $0.pointee.setUpstream(UpstreamLink(self, id)) }
        let start = state.pointee.takeLazyStart()
        c_promise_unlock(lock)
        _fixLifetime(self)
        start?()
        return .registered(id)
    }

    /// Registers `callback` and records its id in `slot`, unless `slot` was closed first (then false,
    /// and nothing is registered or started); calls it at once if settled. One critical section.
    /// `wakingOnly`: the callback only wakes a waiter (see `CallbackList.soleWakeUp`).
    @inlinable final func observe(
        _ callback: consuming @escaping Callback, in slot: ObserverSlot, wakingOnly: Bool
    ) -> Bool {
        let registration = register(callback, wakingOnly: wakingOnly, slot: slot, linking: nil as PromiseCore<Value>?)
        if case .refused = registration { return false }
        return true
    }

    /// Closes `slot` and takes back its callback (to be called or released after unlocking); nil if
    /// none was registered or it already ran.
    @inlinable final func takeObserver(in slot: ObserverSlot) -> Callback? {
        let detached = withLock { state -> PromiseState<Value>.Detached in
            slot.isClosed = true
            guard let id = slot.id else { return .notRegistered }
            return state.detach(id, cancellingIfUnobserved: false)
        }
        if case .detached(let callback) = detached { return callback }
        return nil
    }

    /// For `wait()`: registers `callback` (which must only wake the waiting thread) if pending and
    /// returns its id with what this promise depends on, all in one critical section (the less a
    /// waiting thread does before it blocks, the sooner it is woken); nil if settled. Does not start a
    /// lazy body: see `startLazyBody()`.
    @inlinable final func observeDependencies(
        _ callback: @escaping Callback
    ) -> (id: CallbackID, queue: DispatchQueue?, upstream: UpstreamLinks, isLazy: Bool)? {
        withLock { state in
            guard state.isPending else { return nil }
            let id = state.register(callback, wakingOnly: true)
            return (id, state.neededQueue, state.held.upstream, state.extras?.hasLazyStart ?? false)
        }
    }

    /// Starts a lazy body, unless an observer already did.
    @inlinable final func startLazyBody() {
        withLock { $0.takeLazyStart() }?()
    }

    /// Registers `callback` for `derived`, a promise no other thread can reach yet, and records this
    /// promise as its upstream in the same critical section. Writing `derived`'s state under *this*
    /// lock is safe: the callback, the only path to `derived`, can run only after a settle that takes
    /// this lock after us. It saves locking `derived` once per link. `derived` must be made `linked`
    /// (`LinkCore.make`, `pendingLink`), so its flags say it depends on others (`PromiseFlagsTests`
    /// checks every operator; an assert here cost a debug build's `map` link 0.8 %).
    @inlinable final func observe<U>(_ callback: consuming @escaping Callback, linking derived: PromiseCore<U>) {
        _ = register(callback, linking: derived)
    }

    /// Takes back callback `id` without cancelling anything; false if it already ran (or was removed).
    /// Never used for a `LinkCore`'s callback: that one is taken back through `UpstreamLink.release`,
    /// which tells the link to release its step.
    @inlinable final func removeObserver(_ id: CallbackID) -> Bool {
        if case .detached = withLock({ $0.detach(id, cancellingIfUnobserved: false) }) { return true }
        return false  // (the removed callback is released here, after unlocking)
    }

    /// Records that this promise waits on `upstream` through callback `id`. If this promise is
    /// already settled, the link is released at once instead.
    @inlinable final func addUpstream<U>(_ upstream: PromiseCore<U>, _ id: CallbackID?) {
        guard let id else { return }
        let link = UpstreamLink(upstream, id)
        if !attachUpstream(link) { UpstreamLink.release([link], heldBy: self) }
    }

    /// Records several upstream links at once; released at once if this promise is already settled.
    @inlinable final func addUpstream(_ links: [UpstreamLink]) {
        guard !links.isEmpty else { return }
        let added: Void? = withDependingLock { state in
            guard state.isPending else { return nil }
            for link in links { _ = state.addUpstream(link) }
            return ()
        }
        if added == nil { UpstreamLink.release(links, heldBy: self) }
    }

    // Work in flight of combinators (bounded `map`, `retry`), kept as upstream links so cancellation
    // and `wait()`'s check reach it. The caller holds its own lock around these, so none releases a
    // link: each hands back what the caller must release or drop after unlocking.

    /// Adds `link` if this promise is pending; false if it settled (the caller releases `link`).
    @inlinable final func attachUpstream(_ link: UpstreamLink) -> Bool {
        withDependingLock { $0.addUpstream(link) ? () : nil } != nil
    }

    /// Takes out a link to `upstream` (which settled), for the caller to drop after unlocking.
    @inlinable final func detachUpstream(of upstream: ObjectIdentifier) -> UpstreamLink? {
        withLock { $0.held.upstream.remove(upstream) }
    }

    /// Makes `link` the only upstream; returns the old links to drop after unlocking, or nil if this
    /// promise settled (the caller releases `link`).
    @inlinable final func exchangeUpstream(with link: UpstreamLink) -> UpstreamLinks? {
        withDependingLock { $0.replaceUpstream(with: link) }
    }

    /// Makes `inner` (observed through callback `id`) this promise's only upstream.
    @inlinable final func replaceUpstream<U>(with inner: PromiseCore<U>, _ id: CallbackID?) {
        guard let id else { return }
        let link = UpstreamLink(inner, id)
        let old = exchangeUpstream(with: link)
        if old == nil { UpstreamLink.release([link], heldBy: self) }
        // `old` (the previous upstream) is released here, after unlocking.
    }

    /// A callback this promise registered upstream was taken back before it ran. A plain promise has
    /// nothing to do; a `LinkCore` releases its step.
    @usableFromInline func upstreamDetached() {}

    /// Whether a step of a chain settles this promise (a `LinkCore`), for diagnostics.
    @usableFromInline var isLink: Bool { false }

    /// Runs `handler` once if this promise is cancelled while pending (at once if it already was).
    @inlinable final func onCancel(_ handler: @escaping @Sendable () -> Void) {
        if withLock({ $0.addCancelHandler(handler) }) { handler() }
    }

    /// Cancels `task` once if this promise is cancelled while pending (at once if it already was).
    @inlinable final func onCancel(cancelling task: Task<Void, Never>) {
        if withLock({ $0.addCancelledTask(task) }) { task.cancel() }
    }
}

extension PromiseCore: UpstreamPromise {
    @inlinable final func detach(_ id: CallbackID, cancellingIfUnobserved: Bool) -> Detachment {
        let detached = withUnsafeMutablePointers { header, lock in
            c_promise_lock(lock)
            defer { c_promise_unlock(lock) }
            let detached = header.pointee.detach(id, cancellingIfUnobserved: cancellingIfUnobserved)
            // Settled by cancelling: published as `withSettlingLock` does.
            if case .cancelled = detached { c_promise_store_flags(flags, PromiseFlags.settled) }
            return detached
        }
        switch detached {
        case .notRegistered:
            return Detachment(removed: false)
        case .detached:
            return Detachment(removed: true)
        case .cancelled(var settled, let extras, _):
            let upstream = settled.upstream.array
            settled.upstream = .none
            finishCancellation(settled, extras)
            return Detachment(removed: true, upstream: upstream)
        }
    }

    @inlinable final func dependencies() -> (queue: DispatchQueue?, upstream: UpstreamLinks)? {
        withLock { state in
            state.isPending ? (state.neededQueue, state.held.upstream) : nil
        }
    }
}

#if !DEBUG
    /// A promise made while tracking is on, in a release build: its deinit leaves the registry. (A
    /// `LinkCore` does in its own deinit; in debug builds `PromiseCore`'s deinit does for every core.)
    @usableFromInline final class TrackedPromiseCore<Value: Sendable>: PromiseCore<Value> {
        deinit {
            leaveRegistryIfTracked()
        }
    }
#endif
