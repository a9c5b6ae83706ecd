import Dispatch
import Foundation

/// Decides whether blocking the current thread until a promise settles could never end.
///
/// It walks the promise's pending dependencies (its upstream links, transitively) and refuses when
/// - the caller is inside a Swift Task (blocking starves the cooperative pool);
/// - this thread still has to deliver something a dependency needs: settles queued behind the
///   current inline callback, or a callback of a settle whose delivery is on this thread's stack;
/// - a dependency's work is scheduled on the queue this thread is running (or a queue it targets;
///   the main queue on the main thread);
/// - this thread runs work of a global queue and a dependency needs any queue: the pool grows slowly
///   past its core-count width (about a thread a second on Linux), so blocked pool threads stall or
///   deadlock the work that would wake them.
/// What it cannot see: work the library was not told about (a legacy API hopping to the main queue
/// internally), and a queue that targets the queue this thread runs (Dispatch has no API to read a
/// queue's target).
@usableFromInline enum DeadlockCheck {
    /// Bounds the walk up a dependency graph (a million-link chain is not walked to the end).
    private static let maximumWalk = 100_000

    /// Why blocking here would deadlock whatever the promise: inside a Swift Task. Checked first, even
    /// for a settled promise, so the mistake shows at once.
    @usableFromInline static var reasonInsideTask: String? {
        guard CurrentTask.isRunning else { return nil }
        return "wait() was called inside a Swift Task, where blocking starves the cooperative thread pool; "
            + "use `try await promise.value` instead"
    }

    /// Why waiting on pending `core`, whose dependencies are `first`, would deadlock here; nil if it
    /// is safe. Not generic, so `wait()` runs no unspecialized code.
    @usableFromInline static func reason(
        waitingOn core: AnyObject, _ first: (queue: DispatchQueue?, upstream: UpstreamLinks)
    ) -> String? {
        if Trampoline.hasQueuedWork {
            return "wait() was called inside an inline callback with settles queued behind it on this thread, "
                + "which may be the very ones this promise needs; wait outside the callback, or chain instead"
        }
        // A promise settled by code the library does not schedule (a resolver) needs nothing here.
        if first.queue == nil && first.upstream.count == 0 { return nil }
        lazy var globalQueue = CurrentQueue.globalQueueLabel
        // Collections only where the graph branches: allocating them while the settling thread runs
        // cost about 4 µs of a cross-thread `wait()` (create-map-fulfill-wait-parts).
        var visited: Set<ObjectIdentifier> = []
        var pending: [(queue: DispatchQueue?, upstream: UpstreamLinks)] = []
        var next: (queue: DispatchQueue?, upstream: UpstreamLinks)? = first
        var walked = 0
        while let node = next ?? pending.popLast() {
            next = nil
            if let queue = node.queue {
                if CurrentQueue.isRunning(queue) {
                    return "wait() was called on queue '\(queue.label)', which the promise needs in order to settle"
                }
                if let globalQueue {
                    return "wait() was called on a thread of Dispatch's pool (running '\(globalQueue)') while the "
                        + "promise needs queue '\(queue.label)' to settle; Dispatch adds pool threads slowly, so "
                        + "blocking them can stall or deadlock the process: chain or await instead, or wait on a "
                        + "thread of your own"
                }
            }
            for link in node.upstream where walked < maximumWalk {
                walked += 1
                if link.promise === core {
                    return "the promise waits on itself (a cycle of promises), so it can never settle"
                }
                if Trampoline.isDelivering(ObjectIdentifier(link.promise), before: link.id.raw) {
                    return "wait() was called inside a callback (or cancel handler) of a promise this one depends "
                        + "on, before the callback it needs has run; chain instead of waiting"
                }
                // Locked only if it may depend on others: a resolver's promise, the usual root of a chain,
                // may be settling on another thread right now (2–3 µs of a cross-thread `wait()`, issue 37).
                guard link.promise.mayDependOnOthers, let more = link.promise.dependencies(),
                    more.queue != nil || more.upstream.count > 0
                else { continue }
                // A straight chain is walked without collections; `walked` ends a cycle that avoids `core`.
                if node.upstream.count == 1, pending.isEmpty {
                    next = more
                } else if visited.insert(ObjectIdentifier(link.promise)).inserted {
                    pending.append(more)
                }
            }
        }
        return nil
    }
}
