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
    /// one promise at a time, for its snapshot, so a report keeps nothing alive (holding them all
    /// until the tree was built kept other work's promises alive for the seconds a large report
    /// takes). The price: a promise freed during the report and one made at its address meanwhile
    /// may both appear, the second dropped as a duplicate.
    static func pendingSnapshots() -> [(id: ObjectIdentifier, snapshot: PromiseSnapshot)] {
        ThreadPromiseList.sweepAbandoned()
        let lists = ThreadPromiseList.all.withLock { $0 }
        var snapshots: [(id: ObjectIdentifier, snapshot: PromiseSnapshot)] = []
        for list in lists {
            for entry in list.copyEntries() {
                guard let promise = entry.promise else { continue }
                let snapshot = promise.snapshot()
                guard case .pending = snapshot.state else { continue }
                snapshots.append((ObjectIdentifier(promise), snapshot))
            }
        }
        return snapshots
    }
}

/// One thread's tracked promises.
///
/// No weak reference is read under a lock: reading one briefly retains the promise, and if that was
/// its last reference it is freed there, running user code (a step's captures, a dropped resolver)
/// that may make promises, which would take these non-recursive locks again.
final class ThreadPromiseList: Sendable {
    struct Entry {
        weak var promise: (any InspectablePromise)?
    }

    struct Entries {
        var items: [Entry] = []
        /// When the list next drops the entries of freed promises: amortized, so memory stays flat.
        var pruneAt = 64
        /// A prune is under way on this thread (a promise it freed made another one): skip nesting.
        var pruning = false
        var threadExited = false
    }

    // Only this thread appends and prunes; a report copies it from another thread, hence the lock.
    private let entries = LockedBox(Entries())

    /// Every thread's list. A list leaves when its thread exits with none of its promises alive, or
    /// later, at the next sweep (a new thread's first promise, or a report).
    static let all = LockedBox<[ThreadPromiseList]>([])

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let list = Unmanaged<ThreadPromiseList>.fromOpaque(pointer).takeRetainedValue()
            list.entries.withLock { $0.threadExited = true }
            list.prune()
            if list.isAbandoned { all.withLock { $0.removeAll { $0 === list } } }
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    static var current: ThreadPromiseList {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadPromiseList>.fromOpaque(pointer).takeUnretainedValue()
        }
        sweepAbandoned()
        let list = ThreadPromiseList()
        pthread_setspecific(key, Unmanaged.passRetained(list).toOpaque())
        all.withLock { $0.append(list) }
        return list
    }

    /// Removes the lists of exited threads whose promises are all gone (checked outside the lock).
    static func sweepAbandoned() {
        let lists = all.withLock { $0 }
        let abandoned = lists.filter(\.isAbandoned).map(ObjectIdentifier.init)
        guard !abandoned.isEmpty else { return }
        let gone = Set(abandoned)
        all.withLock { $0.removeAll { gone.contains(ObjectIdentifier($0)) } }
    }

    func append(_ promise: any InspectablePromise) {
        let due = entries.withLock { entries -> Bool in
            entries.items.append(Entry(promise: promise))
            return entries.items.count >= entries.pruneAt && !entries.pruning
        }
        if due { prune() }
    }

    /// Drops the entries of freed promises: copies them under the lock (copying a weak reference
    /// retains nothing), tests them outside it, and writes back the live ones followed by whatever
    /// this thread appended meanwhile.
    private func prune() {
        let copied = entries.withLock { entries -> [Entry]? in
            guard !entries.pruning else { return nil }
            entries.pruning = true
            return entries.items
        }
        guard let copied else { return }
        let live = copied.filter { $0.promise != nil }
        entries.withLock { entries in
            entries.items = live + entries.items.dropFirst(copied.count)
            entries.pruneAt = max(64, entries.items.count * 2)
            entries.pruning = false
        }
    }

    /// A copy of the entries (weak references: it keeps nothing alive).
    func copyEntries() -> [Entry] {
        entries.withLock { $0.items }
    }

    /// Its thread has exited and none of its promises is alive. Never called under a lock.
    var isAbandoned: Bool {
        let (exited, items) = entries.withLock { ($0.threadExited, $0.items) }
        return exited && items.allSatisfy { $0.promise == nil }
    }
}
