#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each thread's tracked promises: a table of slots per thread, each the address of a live promise
/// (not retained) or a link in the chain of free slots. A promise's deinit frees its slot, so a table
/// holds exactly the live promises, and gives its memory back once they are all gone.
///
/// A list is plain memory reached through a pointer, not an object: recording a promise then retains
/// nothing and checks no exclusivity, which in a debug build cost more than the rest. A list, once
/// made, lives as long as the process (about 100 bytes): when its thread has exited and its last
/// promise is gone it retires, and the next new thread takes it over with its number, so a report
/// may hold a list's address at any time.
///
/// The lock is recursive: a report reads the promises under it and briefly retains each, and if the
/// owner let go meanwhile, the report's release is the last one and the promise's deinit frees its
/// slot on the reporting thread, under the same lock. (A promise whose deinit already started, and
/// waits for this lock to free its slot, is still whole while the report holds it: retaining and
/// releasing an object in its deinit is as safe as the deinit's own uses of `self`.)
@usableFromInline enum ThreadPromiseList {
    /// One list. Every field but `mutex` is read and written only under `mutex` (`number` too, though it
    /// never changes: see `record`).
    struct List {
        let number: UInt16
        let mutex: UnsafeMutablePointer<pthread_mutex_t>
        /// Slot `i`: a promise's address (its low bits: `linkBit`), or `(next free + 1) << 1 | freeBit`.
        var slots: UnsafeMutablePointer<UInt>? = nil
        var capacity = 0
        /// Slots in use or on the free chain; the rest of the capacity is untouched.
        var used = 0
        var firstFree = -1
        var live = 0
        var threadExited = false
        /// Reports walking the slots now: while any does, the table is not given back.
        var walking = 0
    }

    typealias ListPointer = UnsafeMutablePointer<List>

    private static let freeBit: UInt = 1
    private static let linkBit: UInt = 2
    private static let addressMask: UInt = ~(freeBit | linkBit)
    /// Slots a list keeps when it has no promise left (2 KiB).
    private static let smallTable = 256

    /// Puts `promise` in a slot of this thread's list and writes where, as `PromiseState.registryList`
    /// and `registrySlot`, at `offset` in the promise (no other thread writes those bytes, and a
    /// linked promise's other threads touch only its other fields, under its lock). Leaves the promise
    /// untracked when no list or slot can be had (65,535 lists, 2³² slots).
    ///
    /// One function with the lock written out, here and in `forget`: in a debug build each call, and
    /// each closure, costs more than the work itself.
    @usableFromInline static func record(_ promise: AnyObject, isLink: Bool, ticketAt offset: Int) {
        let list: ListPointer
        if let pointer = pthread_getspecific(key) {
            list = pointer.assumingMemoryBound(to: List.self)
        } else {
            guard let made = makeCurrent() else { return }
            list = made
        }
        // `unsafeBitCast` rather than `Unmanaged`: it is transparent, inlined even in a debug build.
        let object = unsafeBitCast(promise, to: UnsafeMutableRawPointer.self)
        pthread_mutex_lock(list.pointee.mutex)
        let slot: Int
        if list.pointee.firstFree >= 0 {
            slot = list.pointee.firstFree
            list.pointee.firstFree = Int(list.pointee.slots![slot] >> 1) - 1
        } else {
            guard list.pointee.used < Int(UInt32.max) else {
                pthread_mutex_unlock(list.pointee.mutex)
                return
            }
            if list.pointee.used == list.pointee.capacity { grow(list) }
            slot = list.pointee.used
            list.pointee.used += 1
        }
        list.pointee.slots![slot] = UInt(bitPattern: object) | (isLink ? linkBit : 0)
        list.pointee.live += 1
        // Read under the lock: ThreadSanitizer takes a locked write of any field for one of the whole
        // struct, which starts with `number`.
        let number = list.pointee.number
        pthread_mutex_unlock(list.pointee.mutex)
        object.storeBytes(of: number, toByteOffset: offset, as: UInt16.self)
        object.storeBytes(of: UInt32(truncatingIfNeeded: slot), toByteOffset: offset + 2, as: UInt32.self)
    }

    private static func grow(_ list: ListPointer) {
        let larger = max(64, list.pointee.capacity * 2)
        let moved = UnsafeMutablePointer<UInt>.allocate(capacity: larger)
        if let slots = list.pointee.slots {
            moved.update(from: slots, count: list.pointee.used)
            slots.deallocate()
        }
        list.pointee.slots = moved
        list.pointee.capacity = larger
    }

    /// Frees `slot` of list `number` (its promise is being deinitialized). Retires the list with its
    /// last promise once its thread has exited.
    static func forget(list number: UInt16, slot: UInt32) {
        let list = table[Int(number)]!
        pthread_mutex_lock(list.pointee.mutex)
        list.pointee.slots![Int(slot)] = UInt(list.pointee.firstFree + 1) << 1 | freeBit
        list.pointee.firstFree = Int(slot)
        list.pointee.live -= 1
        let isLast = list.pointee.live == 0
        let retiring = isLast && list.pointee.threadExited
        // (The test before the call: a thread making one promise at a time gets here with each one.)
        if retiring || (isLast && list.pointee.capacity > smallTable) { giveBackTable(list) }
        pthread_mutex_unlock(list.pointee.mutex)
        if retiring { retire(list) }
    }

    /// With no promise left, the table goes: whole once the thread has exited, else if larger than a
    /// small one (unless a report is walking it). Under the list's lock.
    private static func giveBackTable(_ list: ListPointer) {
        let keeping = list.pointee.threadExited ? 0 : smallTable
        guard list.pointee.walking == 0, list.pointee.capacity > keeping else { return }
        list.pointee.slots?.deallocate()
        list.pointee.slots = nil
        list.pointee.capacity = 0
        list.pointee.used = 0
        list.pointee.firstFree = -1
    }

    /// Calls `body` with each live promise of `list`, under its lock, in the order the slots were
    /// first used. `body` may free promises (slots of this list among them) or make new ones: the table
    /// is read afresh at each step, and not given back until the walk ends.
    ///
    /// Where the report's brief reference is a promise's last, its deinit, and what that releases,
    /// run here, under this lock and the report's: a deinit of the user's that waits for another
    /// thread making promises on this list, or asks for a report itself, would deadlock. Deinits that
    /// block or report are rare enough to leave to that; a report that retained nothing would need
    /// every promise type's snapshot without a reference, which Swift does not give for a generic
    /// class without one.
    static func forEachPromise(in list: ListPointer, _ body: (any InspectablePromise, _ isLink: Bool) -> Void) {
        pthread_mutex_lock(list.pointee.mutex)
        list.pointee.walking += 1
        var index = 0
        while index < list.pointee.used {
            let bits = list.pointee.slots![index]
            index += 1
            guard bits & freeBit == 0, let address = UnsafeRawPointer(bitPattern: bits & addressMask) else { continue }
            let object = Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue()
            if let promise = object as? any InspectablePromise { body(promise, bits & linkBit != 0) }
        }
        list.pointee.walking -= 1
        if list.pointee.live == 0 { giveBackTable(list) }
        pthread_mutex_unlock(list.pointee.mutex)
    }

    // MARK: The lists of all threads

    /// Lists by number (0 is never used). An entry is written once, when its list is made, before any
    /// promise gets that number; read without a lock by a promise's deinit.
    // nonisolated(unsafe): entries are written under `numbers`' lock, read as the comment above says.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<ListPointer?> = {
        let count = Int(UInt16.max) + 1
        // calloc: zeroed pages the system maps only when touched.
        return calloc(count, MemoryLayout<ListPointer?>.stride)!.bindMemory(to: ListPointer?.self, capacity: count)
    }()

    private struct Numbers {
        /// Every list made so far has a number below this (for the report's walk).
        var limit = 1
        /// Retired lists, for new threads to take over.
        var retired: [UInt16] = []
    }

    private static let numbers = LockedBox(Numbers())

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let list = pointer.assumingMemoryBound(to: List.self)
            pthread_mutex_lock(list.pointee.mutex)
            list.pointee.threadExited = true
            let isLast = list.pointee.live == 0
            if isLast { giveBackTable(list) }
            pthread_mutex_unlock(list.pointee.mutex)
            if isLast { retire(list) }
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    /// A list for this thread, which has none yet: a retired one, or a new one; nil when all 65,535
    /// numbers are taken.
    private static func makeCurrent() -> ListPointer? {
        let list = numbers.withLock { numbers -> ListPointer? in
            if let number = numbers.retired.popLast() { return table[Int(number)] }
            guard numbers.limit <= Int(UInt16.max) else { return nil }
            let list = ListPointer.allocate(capacity: 1)
            list.initialize(to: List(number: UInt16(numbers.limit), mutex: makeRecursiveMutex()))
            table[numbers.limit] = list
            numbers.limit += 1
            return list
        }
        guard let list else { return nil }
        pthread_mutex_lock(list.pointee.mutex)
        list.pointee.threadExited = false
        pthread_mutex_unlock(list.pointee.mutex)
        pthread_setspecific(key, list)
        return list
    }

    private static func makeRecursiveMutex() -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let rc = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
        return mutex
    }

    /// Hands a list whose thread has exited and whose last promise is gone to the next new thread.
    private static func retire(_ list: ListPointer) {
        pthread_mutex_lock(list.pointee.mutex)
        let number = list.pointee.number
        pthread_mutex_unlock(list.pointee.mutex)
        numbers.withLock { $0.retired.append(number) }
    }

    /// Every list made so far (retired ones included: they are empty).
    static func allLists() -> [ListPointer] {
        numbers.withLock { numbers in (1..<numbers.limit).compactMap { table[$0] } }
    }

    /// This thread's list's live promises and slots (nil if it has no list), for tests.
    static var currentCounts: (live: Int, capacity: Int)? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let list = pointer.assumingMemoryBound(to: List.self)
        pthread_mutex_lock(list.pointee.mutex)
        defer { pthread_mutex_unlock(list.pointee.mutex) }
        return (list.pointee.live, list.pointee.capacity)
    }

    /// How many lists are in use (threads alive that made promises, and exited threads whose promises
    /// are still alive), for tests.
    static var listsInUse: Int {
        numbers.withLock { $0.limit - 1 - $0.retired.count }
    }
}
