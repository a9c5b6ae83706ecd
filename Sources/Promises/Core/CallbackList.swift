/// Identifies one registered callback, so its owner can take it back (cancellation, Task cancellation).
package struct CallbackID: Hashable, Sendable {
    let raw: UInt64
}

/// The callbacks of a pending promise, in registration order.
///
/// The first callback is stored inline (most promises have exactly one observer); the rest go to an
/// array sorted by id. Removal leaves a tombstone and compacts once tombstones outnumber live
/// entries, so attach/detach cycles stay O(log n) and memory stays flat.
struct CallbackList<Value: Sendable> {
    typealias Callback = @Sendable (Result<Value, any Error>) -> Void

    private struct Entry {
        let id: UInt64
        var callback: Callback?
    }

    private var first: Entry?
    private var rest: ContiguousArray<Entry> = []
    private var tombstones = 0
    /// Number of callbacks that have not been removed.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Appends; `id` must be greater than every id appended before.
    mutating func append(_ callback: @escaping Callback, id: UInt64) {
        count += 1
        if first == nil && rest.isEmpty {
            first = Entry(id: id, callback: callback)
        } else {
            rest.append(Entry(id: id, callback: callback))
        }
    }

    /// Removes the callback with `id`; returns whether it was still registered.
    mutating func remove(id: UInt64) -> Bool {
        if let head = first, head.id == id {
            guard head.callback != nil else { return false }
            first!.callback = nil
            count -= 1
            return true
        }
        var low = 0
        var high = rest.count
        while low < high {
            let mid = (low + high) / 2
            if rest[mid].id < id { low = mid + 1 } else { high = mid }
        }
        guard low < rest.count, rest[low].id == id, rest[low].callback != nil else { return false }
        rest[low].callback = nil
        count -= 1
        tombstones += 1
        if tombstones > 16 && tombstones * 2 > rest.count {
            rest.removeAll { $0.callback == nil }
            tombstones = 0
        }
        return true
    }

    /// Calls every live callback in registration order.
    func invokeAll(with result: Result<Value, any Error>) {
        if let callback = first?.callback { callback(result) }
        for entry in rest {
            entry.callback?(result)
        }
    }
}
