import Dispatch

/// A one-shot timer that lets go of its handler the moment it fires or is cancelled, so a cancelled
/// `timeout` or `delay` keeps nothing alive until its deadline. (A dispatch source releases its own
/// handler only later, asynchronously, so the handler lives in a slot we clear ourselves.)
// @unchecked: `source` is a DispatchSourceTimer, whose methods libdispatch makes thread-safe;
// `handler` is a LockedBox.
final class OneShotTimer: @unchecked Sendable {
    private let source: any DispatchSourceTimer
    private let handler: LockedBox<(@Sendable () -> Void)?>

    init(after interval: DispatchTimeInterval, handler: @escaping @Sendable () -> Void) {
        let slot = LockedBox.make(Optional(handler))
        self.handler = slot
        source = DispatchSource.makeTimerSource(queue: .global())
        source.schedule(deadline: .now() + interval)
        source.setEventHandler { [source] in
            source.cancel()
            slot.withLock { handler in
                defer { handler = nil }
                return handler
            }?()
        }
        source.resume()
    }

    /// Stops the timer if it has not fired; harmless afterwards.
    func cancel() {
        let released = handler.withLock { handler in
            defer { handler = nil }
            return handler
        }
        source.cancel()
        _ = released  // the handler (and what it captured) goes here, after unlocking
    }
}
