/// Identifies one registered callback, so its owner can take it back (cancellation, Task cancellation).
@usableFromInline package struct CallbackID: Hashable, Sendable {
    @usableFromInline let raw: UInt64

    @inlinable init(raw: UInt64) {
        self.raw = raw
    }
}

/// The callbacks of a pending promise, in registration order.
///
/// The first callback is stored inline (most promises have exactly one observer); the rest go to an
/// array sorted by id. Removal leaves a tombstone and compacts once tombstones outnumber live
/// entries, so attach/detach cycles stay O(log n) and memory stays flat.
@usableFromInline struct CallbackList<Value: Sendable> {
    @usableFromInline typealias Callback = @Sendable (Result<Value, any Error>) -> Void

    @usableFromInline struct Entry {
        @usableFromInline let id: UInt64
        @usableFromInline var callback: Callback?

        @inlinable init(id: UInt64, callback: Callback?) {
            self.id = id
            self.callback = callback
        }
    }

    @inlinable init() {}

    @usableFromInline var first: Entry?
    @usableFromInline var rest: ContiguousArray<Entry> = []
    /// Number of callbacks that have not been removed. (Tombstones are counted from it rather than
    /// stored: with one more field, the compiler destroys a promise's held state through run-time
    /// metadata.)
    @usableFromInline var count = 0

    /// Set in the id of a callback that only wakes a waiter: it resumes a continuation (handing the
    /// Task to its executor, which must not run it inline) or signals a semaphore, so it runs no
    /// closure of the user's, never blocks, and settles no other promise. (Ids step by two, so marked
    /// ids keep registration order; a flag of its own would add a field to every entry.)
    @inlinable static var wakeUpBit: UInt64 { 1 }

    /// The callback, when the only live one only wakes a waiter: a settle may call it without the
    /// trampoline's bookkeeping (the delivery record `wait()`'s deadlock check reads), which a wake-up
    /// does not need. Nil, conservatively, when `first` was removed and the live one is in `rest`.
    @inlinable var soleWakeUp: Callback? {
        guard count == 1, let first, first.id & Self.wakeUpBit != 0 else { return nil }
        return first.callback
    }

    /// Removed entries still in `rest`.
    @inlinable var tombstones: Int { rest.count - (count - (first?.callback == nil ? 0 : 1)) }

    @inlinable var isEmpty: Bool { count == 0 }

    /// Appends; `id` must be greater than every id appended before.
    @inlinable mutating func append(_ callback: __owned @escaping Callback, id: UInt64) {
        count += 1
        if first == nil && rest.isEmpty {
            first = Entry(id: id, callback: callback)
        } else {
            rest.append(Entry(id: id, callback: callback))
        }
    }

    /// Removes the callback with `id` and hands it back (nil if it was not registered), so the caller
    /// can release it after unlocking: releasing a closure can run a deinit, which is user code.
    @inlinable mutating func remove(id: UInt64) -> Callback? {
        if first?.id == id {
            guard let removed = first?.callback else { return nil }
            first!.callback = nil
            count -= 1
            return removed
        }
        var low = 0
        var high = rest.count
        while low < high {
            let mid = (low + high) / 2
            if rest[mid].id < id { low = mid + 1 } else { high = mid }
        }
        guard low < rest.count, rest[low].id == id, let removed = rest[low].callback else { return nil }
        rest[low].callback = nil
        count -= 1
        let tombstones = tombstones
        if tombstones > 16 && tombstones * 2 > rest.count {
            rest.removeAll { $0.callback == nil }
        }
        return removed
    }

    /// Calls `body` with each live callback and its id, in registration order.
    @inlinable @inline(__always)
    func forEachLive(_ body: (UInt64, Callback) -> Void) {
        if let first, let callback = first.callback { body(first.id, callback) }
        for entry in rest {
            guard let callback = entry.callback else { continue }
            body(entry.id, callback)
        }
    }
}
