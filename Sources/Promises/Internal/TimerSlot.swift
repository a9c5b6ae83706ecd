import Dispatch

/// Holds the timer of an operation that can be cancelled before or after the timer is started.
/// Once cancelled, it cancels the current timer and refuses new ones.
struct TimerSlot: Sendable {
    private struct State {
        var timer: OneShotTimer?
        var isCancelled = false
    }

    private let state = LockedBox.make(State())

    /// Starts a timer for `handler`, unless the slot was cancelled.
    func start(after interval: DispatchTimeInterval, _ handler: @escaping @Sendable () -> Void) {
        let timer = OneShotTimer(after: interval, handler: handler)
        let keep = state.withLock { state -> Bool in
            guard !state.isCancelled else { return false }
            state.timer = timer
            return true
        }
        if !keep { timer.cancel() }
    }

    /// Cancels the running timer, if any, and every later `start`.
    func cancel() {
        state.withLock { state -> OneShotTimer? in
            state.isCancelled = true
            defer { state.timer = nil }
            return state.timer
        }?.cancel()
    }
}
