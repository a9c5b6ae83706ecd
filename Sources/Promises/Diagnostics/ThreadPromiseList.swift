#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thread's tracked promises: a table of slots, each the address of a live promise (not retained)
/// or a link in the chain of free slots. A promise's deinit frees its slot, so the table holds exactly
/// the live promises, and it gives its memory back once they are all gone.
///
/// The lock is recursive: a report reads the promises under it and briefly retains each, and if the
/// owner let go meanwhile, the report's release is the last one and the promise's deinit frees its
/// slot on the reporting thread, under the same lock. (A promise whose deinit already started, and
/// waits for this lock to free its slot, is still whole while the report holds it: retaining and
/// releasing an object in its deinit is as safe as the deinit's own uses of `self`.)
// @unchecked: every stored property but `number` is read and written only under `mutex`; `number`
// is immutable.
@usableFromInline final class ThreadPromiseList: @unchecked Sendable {
    let number: UInt16
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Slot `i`: a promise's address (its low bits: `linkBit`), or `(next free slot + 1) << 1 | freeBit`.
    // Unchecked exclusivity: the mutex already excludes; in a debug build the dynamic checks cost more
    // than the rest of recording a promise.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt>? = nil
    @exclusivity(unchecked) private var capacity = 0
    /// Slots in use or on the free chain; the rest of the capacity is untouched.
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var firstFree = -1
    @exclusivity(unchecked) private var live = 0
    @exclusivity(unchecked) private var threadExited = false
    /// Reports walking the slots now: while any does, the table is not given back.
    @exclusivity(unchecked) private var walking = 0

    private static let freeBit: UInt = 1
    private static let linkBit: UInt = 2
    private static let addressMask: UInt = ~(freeBit | linkBit)
    /// Slots a list keeps when it has no promise left (2 KiB).
    private static let smallTable = 256

    private init(number: UInt16) {
        self.number = number
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let rc = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
    }

    deinit {
        slots?.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Puts `promise` in a slot of this thread's list and writes where, as `PromiseState.registryList`
    /// and `registrySlot`, at `offset` in the promise (no other thread writes those bytes, and a
    /// linked promise's other threads touch only its other fields, under its lock). Leaves the promise
    /// untracked when no list or slot can be had (65,535 lists, 2³² slots).
    ///
    /// One function with the lock written out, here and in `forget`: in a debug build each call, and
    /// each closure, costs more than the work itself.
    @usableFromInline static func record(_ promise: AnyObject, isLink: Bool, ticketAt offset: Int) {
        // `unsafeBitCast` rather than `Unmanaged`: it is transparent, inlined even in a debug build.
        let list: ThreadPromiseList
        if let pointer = pthread_getspecific(key) {
            list = unsafeBitCast(pointer, to: ThreadPromiseList.self)
        } else {
            guard let made = makeCurrent() else { return }
            list = made
        }
        let object = unsafeBitCast(promise, to: UnsafeMutableRawPointer.self)
        pthread_mutex_lock(list.mutex)
        let slot: Int
        if list.firstFree >= 0 {
            slot = list.firstFree
            list.firstFree = Int(list.slots![slot] >> 1) - 1
        } else {
            guard list.used < Int(UInt32.max) else {
                pthread_mutex_unlock(list.mutex)
                return
            }
            if list.used == list.capacity { list.grow() }
            slot = list.used
            list.used += 1
        }
        list.slots![slot] = UInt(bitPattern: object) | (isLink ? linkBit : 0)
        list.live += 1
        pthread_mutex_unlock(list.mutex)
        object.storeBytes(of: list.number, toByteOffset: offset, as: UInt16.self)
        object.storeBytes(of: UInt32(truncatingIfNeeded: slot), toByteOffset: offset + 2, as: UInt32.self)
    }

    private func grow() {
        let larger = max(64, capacity * 2)
        let moved = UnsafeMutablePointer<UInt>.allocate(capacity: larger)
        if let slots {
            moved.update(from: slots, count: used)
            slots.deallocate()
        }
        slots = moved
        capacity = larger
    }

    /// Frees `slot` of list `number` (its promise is being deinitialized). Retires the list with its
    /// last promise once its thread has exited.
    static func forget(list number: UInt16, slot: UInt32) {
        let list = unsafeBitCast(table[Int(number)], to: ThreadPromiseList.self)
        pthread_mutex_lock(list.mutex)
        list.slots![Int(slot)] = UInt(list.firstFree + 1) << 1 | freeBit
        list.firstFree = Int(slot)
        list.live -= 1
        let isLast = list.live == 0
        if isLast && list.capacity > smallTable { list.giveBackTable() }
        let retiring = isLast && list.threadExited
        pthread_mutex_unlock(list.mutex)
        if retiring { retire(list) }
    }

    /// With no promise left, a large table goes (unless a report is walking it); a small one stays, so
    /// a thread that makes one promise at a time does not allocate a table for each.
    private func giveBackTable() {
        guard walking == 0, capacity > Self.smallTable else { return }
        slots?.deallocate()
        slots = nil
        capacity = 0
        used = 0
        firstFree = -1
    }

    /// Calls `body` with each live promise, under the lock, in the order the slots were first used.
    /// `body` may free promises (slots of this list among them) or make new ones: the table is read
    /// afresh at each step, and not given back until the walk ends.
    func forEachPromise(_ body: (any InspectablePromise, _ isLink: Bool) -> Void) {
        locked {
            walking += 1
            var index = 0
            while index < used {
                let bits = slots![index]
                index += 1
                guard bits & Self.freeBit == 0, let address = UnsafeRawPointer(bitPattern: bits & Self.addressMask)
                else { continue }
                let object = Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue()
                if let promise = object as? any InspectablePromise { body(promise, bits & Self.linkBit != 0) }
            }
            walking -= 1
            if live == 0 { giveBackTable() }
        }
    }

    // MARK: The lists of all threads

    /// Lists by number (0 is never used), each retained once by this table; a number is reused once
    /// its list retires. Read without a lock by a promise's deinit: the entry was written before any
    /// promise got that number, and stays until the last of them is gone.
    // nonisolated(unsafe): entries are written under `numbers`' lock, read as the comment above says.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<UnsafeMutableRawPointer?> = {
        let count = Int(UInt16.max) + 1
        // calloc: zeroed pages the system maps only when touched.
        return calloc(count, MemoryLayout<UnsafeMutableRawPointer?>.stride)!
            .bindMemory(to: UnsafeMutableRawPointer?.self, capacity: count)
    }()

    private struct Numbers {
        /// Every number handed out so far is below this (for the report's walk).
        var limit = 1
        /// Numbers of retired lists, to hand out again.
        var free: [UInt16] = []
    }

    private static let numbers = LockedBox(Numbers())

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let list = Unmanaged<ThreadPromiseList>.fromOpaque(pointer).takeUnretainedValue()
            let isLast = list.locked { () -> Bool in
                list.threadExited = true
                return list.live == 0
            }
            if isLast { retire(list) }
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    /// A list for this thread, which has none yet; nil when all 65,535 numbers are taken.
    private static func makeCurrent() -> ThreadPromiseList? {
        let number = numbers.withLock { numbers -> UInt16? in
            if let reused = numbers.free.popLast() { return reused }
            guard numbers.limit <= Int(UInt16.max) else { return nil }
            defer { numbers.limit += 1 }
            return UInt16(numbers.limit)
        }
        guard let number else { return nil }
        let list = ThreadPromiseList(number: number)
        let retained = Unmanaged.passRetained(list).toOpaque()
        numbers.withLock { _ in table[Int(number)] = retained }
        pthread_setspecific(key, retained)
        return list
    }

    /// Takes a list out of the table once its thread has exited and its last promise is gone.
    private static func retire(_ list: ThreadPromiseList) {
        let pointer = numbers.withLock { numbers -> UnsafeMutableRawPointer? in
            let pointer = table[Int(list.number)]
            table[Int(list.number)] = nil
            numbers.free.append(list.number)
            return pointer
        }
        if let pointer { Unmanaged<ThreadPromiseList>.fromOpaque(pointer).release() }
    }

    /// This thread's list's live promises and slots (nil if it has no list), for tests.
    static var currentCounts: (live: Int, capacity: Int)? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let list = Unmanaged<ThreadPromiseList>.fromOpaque(pointer).takeUnretainedValue()
        return list.locked { (list.live, list.capacity) }
    }

    /// How many lists there are (threads alive that made promises, and exited threads whose promises
    /// are still alive), for tests.
    static var listCount: Int { allLists().count }

    /// Every list now, retained for the caller.
    static func allLists() -> [ThreadPromiseList] {
        numbers.withLock { numbers in
            (1..<numbers.limit).compactMap { number in
                table[number].map { Unmanaged<ThreadPromiseList>.fromOpaque($0).takeUnretainedValue() }
            }
        }
    }
}
