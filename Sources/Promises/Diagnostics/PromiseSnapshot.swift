import Dispatch

/// What one promise looks like at a moment, read under its lock and described after unlocking: what
/// `print`, `dump`, LLDB and the pending-promise report show.
@usableFromInline package struct PromiseSnapshot {
    package enum State {
        case pending
        case fulfilled(Any)
        case rejected(any Error)
        case cancelled
    }

    /// `Promise<Int>`.
    package let typeName: String
    package let state: State
    /// Whether a step of a chain (`map`, `flatMap`, …) settles it.
    package let isLink: Bool
    /// Where it (or the head of its chain) was made: debug builds only.
    package let origin: String?
    /// Pending: the promises it waits on.
    package let upstream: [ObjectIdentifier]
    /// Pending: callbacks registered, and how many of them only wake an awaiting Task or `wait()`.
    package let observers: Int
    package let wakeUps: Int
    /// Pending: the queue the work that settles it runs on, if the library scheduled that work.
    package let neededQueue: String?
    /// Pending: a lazy body that no observer has started yet.
    package let isLazy: Bool
}

/// A promise whose snapshot can be taken without knowing its value type.
@usableFromInline package protocol InspectablePromise: AnyObject {
    /// `isLink`: the registry knows a step settles it, though it is not a `LinkCore` (`always`).
    func snapshot(isLink: Bool) -> PromiseSnapshot
}

extension PromiseCore: InspectablePromise {
    @usableFromInline package final func snapshot() -> PromiseSnapshot {
        snapshot(isLink: false)
    }

    @usableFromInline package final func snapshot(isLink recordedAsLink: Bool) -> PromiseSnapshot {
        typealias Raw = (
            result: Result<Value, any Error>?, cancelled: Bool, origin: PromiseOrigin?, upstream: [ObjectIdentifier],
            observers: Int, wakeUps: Int, queue: DispatchQueue?, lazy: Bool
        )
        let raw = withLock { state -> Raw in
            var wakeUps = 0
            state.held.callbacks.forEachLive { id, _ in
                if id & CallbackList<Value>.wakeUpBit != 0 { wakeUps += 1 }
            }
            #if DEBUG
                let origin = state.origin
            #else
                let origin: PromiseOrigin? = nil
            #endif
            return (
                state.result, state.wasCancelled, origin, state.upstreamLinks.map { ObjectIdentifier($0.promise) },
                state.observerCount, wakeUps, state.neededQueue, state.extras?.hasLazyStart ?? false
            )
        }
        let state: PromiseSnapshot.State
        switch raw.result {
        case nil: state = .pending
        case .success(let value): state = .fulfilled(value)
        case .failure(let error): state = raw.cancelled || error is CancellationError ? .cancelled : .rejected(error)
        }
        return PromiseSnapshot(
            typeName: "Promise<\(Value.self)>", state: state, isLink: isLink || recordedAsLink,
            origin: raw.origin.map { "\($0.file):\($0.line)" }, upstream: raw.upstream, observers: raw.observers,
            wakeUps: raw.wakeUps, neededQueue: raw.queue?.label, isLazy: raw.lazy)
    }
}
