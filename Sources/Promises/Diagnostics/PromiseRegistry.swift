#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The promises made while tracking is on, for `PendingPromises.report()`.
///
/// Tracking is decided once, when the first promise is made: on in debug builds (set
/// `PROMISES_TRACK_PENDING=0` to turn it off), off in release builds unless `PROMISES_TRACK_PENDING=1`.
/// Each thread records the promises it makes in a list of its own, under a lock of its own, so
/// tracking adds no lock that threads share (which would also hide real races from ThreadSanitizer).
/// The lists hold weak references: tracking never keeps a promise alive.
@usableFromInline enum PromiseRegistry {
    @usableFromInline static let isTracking: Bool = {
        let setting = getenv("PROMISES_TRACK_PENDING").map { String(cString: $0) }
        #if DEBUG
            let tracking = setting != "0"
            if tracking, getenv("PROMISES_PENDING_AT_EXIT").map({ String(cString: $0) }) == "1" {
                atexit { PendingPromises.printReportAtExit() }
            }
            return tracking
        #else
            return setting == "1"
        #endif
    }()

    /// Records a pending promise just made, if tracking is on.
    @inlinable @inline(__always)
    static func track<Value>(_ promise: PromiseCore<Value>) {
        if isTracking { record(promise) }
    }

    @usableFromInline static func record(_ promise: any InspectablePromise) {
        ThreadPromiseList.current.append(promise)
    }

    /// A snapshot of every tracked promise still pending, in the order each thread made them. Holds
    /// one promise at a time, for the moment of its snapshot, so a report keeps nothing alive.
    static func pendingSnapshots() -> [(id: ObjectIdentifier, snapshot: PromiseSnapshot)] {
        let lists = ThreadPromiseList.all.withLock { lists in
            lists.removeAll { $0.isAbandoned }
            return lists
        }
        var snapshots: [(id: ObjectIdentifier, snapshot: PromiseSnapshot)] = []
        for list in lists {
            for entry in list.copyEntries() {
                guard let promise = entry.promise else { continue }
                let snapshot = promise.snapshot()
                if case .pending = snapshot.state { snapshots.append((ObjectIdentifier(promise), snapshot)) }
            }
        }
        return snapshots
    }
}

/// One thread's tracked promises.
final class ThreadPromiseList: Sendable {
    struct Entry {
        weak var promise: (any InspectablePromise)?
    }

    struct Entries {
        var items: [Entry] = []
        /// When the list next drops the entries of freed promises: amortized, so memory stays flat.
        var pruneAt = 64
        var threadExited = false
    }

    // Only this thread appends; a report reads it from another thread, hence the lock.
    private let entries = LockedBox(Entries())

    /// Every thread's list, including those of threads that have exited (until their promises are gone).
    static let all = LockedBox<[ThreadPromiseList]>([])

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let list = Unmanaged<ThreadPromiseList>.fromOpaque(pointer).takeRetainedValue()
            list.entries.withLock { $0.threadExited = true }
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    static var current: ThreadPromiseList {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadPromiseList>.fromOpaque(pointer).takeUnretainedValue()
        }
        let list = ThreadPromiseList()
        pthread_setspecific(key, Unmanaged.passRetained(list).toOpaque())
        all.withLock { $0.append(list) }
        return list
    }

    func append(_ promise: any InspectablePromise) {
        entries.withLock { entries in
            entries.items.append(Entry(promise: promise))
            if entries.items.count >= entries.pruneAt {
                entries.items.removeAll { $0.promise == nil }
                entries.pruneAt = max(64, entries.items.count * 2)
            }
        }
    }

    /// A copy of the entries (weak references: it keeps nothing alive).
    func copyEntries() -> [Entry] {
        entries.withLock { $0.items }
    }

    /// Its thread has exited and none of its promises is alive.
    var isAbandoned: Bool {
        entries.withLock { $0.threadExited && $0.items.allSatisfy { $0.promise == nil } }
    }
}
