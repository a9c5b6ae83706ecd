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
///
/// Each thread records the promises it makes in a list of its own (`ThreadPromiseList`), under a lock
/// of its own, so tracking adds no lock that unrelated threads share (which would also hide real races
/// from ThreadSanitizer). A promise keeps its list's number and its slot in its state, and its deinit
/// clears the slot: no weak references, nothing kept alive, nothing left behind once it is gone, and
/// no scan of other threads' lists when a thread starts or exits.
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

    /// Records a pending promise, if tracking is on. A promise a step settles (`isLink`) is recorded
    /// once it is linked to its upstream: before that, a report would read the upstream link that
    /// `observe(_:linking:)` writes under the upstream's lock, not this promise's.
    @inlinable @inline(__always)
    static func track<Value>(_ promise: PromiseCore<Value>, isLink: Bool = false) {
        if isTracking { record(promise, isLink: isLink) }
    }

    /// Records a pending promise (tracking is on).
    @inlinable @inline(__always)
    static func record<Value>(_ promise: PromiseCore<Value>, isLink: Bool) {
        // `type(of:)`: the metadata from the object, where naming `PromiseCore<Value>` looks it up.
        ThreadPromiseList.record(promise, isLink: isLink, ticketAt: type(of: promise).registryOffset)
    }

    /// A snapshot of every tracked promise still pending, in the order each thread made them.
    static func pendingSnapshots() -> [(id: ObjectIdentifier, snapshot: PromiseSnapshot)] {
        // One report at a time: a report may free a promise (see `ThreadPromiseList.forEachPromise`),
        // whose deinit takes another list's lock, so two reports could take two lists' locks in turn.
        reporting.withLock { reports in
            reports += 1
            var pending: [(id: ObjectIdentifier, snapshot: PromiseSnapshot)] = []
            for list in ThreadPromiseList.allLists() {
                ThreadPromiseList.forEachPromise(in: list) { promise, isLink in
                    let snapshot = promise.snapshot(isLink: isLink)
                    if case .pending = snapshot.state { pending.append((ObjectIdentifier(promise), snapshot)) }
                }
            }
            return pending
        }
    }

    /// Reports so far. (Not `Void`: ThreadSanitizer takes an access to an empty header for one to the
    /// object's start, which every call reads.)
    private static let reporting = LockedBox(0)
}
