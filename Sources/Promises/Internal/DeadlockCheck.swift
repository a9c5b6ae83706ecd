import Dispatch
import Foundation

/// Decides whether blocking the current thread until a promise settles could never end.
enum DeadlockCheck {
    /// Marks queues with a number, so the current queue can be recognised with `getSpecific`.
    private static let key = DispatchSpecificKey<UInt64>()
    /// Guards the marking of queues, so two waits never give one queue two different marks.
    private static let marks = LockedBox.make(UInt64(0))
    /// Bounds the walk up a dependency graph (a million-link chain is not walked to the end).
    private static let maximumWalk = 100_000

    /// Why waiting on `core` here would deadlock, or nil if it is safe.
    static func reason<Value>(waitingOn core: PromiseCore<Value>) -> String? {
        if withUnsafeCurrentTask(body: { $0 != nil }) {
            return "wait() was called inside a Swift Task, where blocking starves the cooperative thread pool; "
                + "use `try await promise.value` instead"
        }
        guard let first = core.dependencies() else { return nil }
        if Trampoline.hasQueuedWork {
            return "wait() was called inside an inline callback with settles queued behind it on this thread, "
                + "which may be the very ones this promise needs; wait outside the callback, or chain instead"
        }
        var pending: [(queue: DispatchQueue?, upstream: [UpstreamLink])] = [first]
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(core)]
        while let node = pending.popLast() {
            if let queue = node.queue, isCurrent(queue) {
                return "wait() was called on queue '\(queue.label)', which the promise needs in order to settle"
            }
            for link in node.upstream where visited.count < maximumWalk {
                guard visited.insert(ObjectIdentifier(link.promise)).inserted,
                    let next = link.promise.dependencies()
                else { continue }
                pending.append(next)
            }
        }
        return nil
    }

    /// Whether the calling thread is running work of `queue` (or of a queue that targets it).
    /// Global queues are concurrent, so waiting on one never blocks the work it needs.
    private static func isCurrent(_ queue: DispatchQueue) -> Bool {
        if queue.label.hasPrefix("com.apple.root.") { return false }
        if queue.label == DispatchQueue.main.label && Thread.isMainThread { return true }
        let mark = marks.withLock { counter -> UInt64 in
            if let existing = queue.getSpecific(key: key) { return existing }
            counter += 1
            queue.setSpecific(key: key, value: counter)
            return counter
        }
        return DispatchQueue.getSpecific(key: key) == mark
    }
}
