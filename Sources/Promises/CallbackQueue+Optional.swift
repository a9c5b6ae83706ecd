import Dispatch

/// An optional dispatch queue: `nil` runs the closure inline, as PromiseKit's `on: nil` did. So code
/// migrated from PromiseKit that takes `on queue: DispatchQueue? = …` passes it straight to `on:`.
///
/// ```swift
/// func decoded(on queue: DispatchQueue? = nil) -> Promise<User> {
///     fetchData().map(on: queue) { try JSONDecoder().decode(User.self, from: $0) }
/// }
/// ```
extension Optional: CallbackQueue where Wrapped == DispatchQueue {
    /// Submits `work` with `async`, or runs it now when there is no queue.
    @inlinable public func schedule(_ work: @escaping @Sendable () -> Void) {
        if let queue = self { queue.async(execute: work) } else { work() }
    }

    /// The queue, if any.
    @inlinable public var dispatchQueue: DispatchQueue? { self }
}
