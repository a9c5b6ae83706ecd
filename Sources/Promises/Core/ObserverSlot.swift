/// Where an observer that another thread may withdraw (an awaiting Task and its cancellation
/// handler) keeps the id of its callback. Both sides go through the lock of the promise observed, so
/// registering, withdrawing and settling are decided there, and no lock of its own is needed.
/// Not generic: a generic class's metadata is looked up at run time on every allocation.
// @unchecked: `id` and `isClosed` are only read or written under the observed promise's lock (`withLock`,
// or `PromiseCore.register`, which locks it by hand).
@usableFromInline package final class ObserverSlot: @unchecked Sendable {
    /// The registered callback's id; nil until registered (or when the promise was already settled).
    @exclusivity(unchecked) @usableFromInline var id: CallbackID?
    /// Withdrawn: a callback not yet registered never will be.
    @exclusivity(unchecked) @usableFromInline var isClosed = false

    @inlinable package init() {}
}
