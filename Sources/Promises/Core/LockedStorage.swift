import CPromiseAtomics

/// A header guarded by a lock stored in the same allocation.
///
/// The lock is `c_promise_lock_t` (`Sources/CPromiseAtomics`): a futex word on Linux and an
/// `os_unfair_lock` on Darwin, 4 bytes where a `pthread_mutex_t` is 40 and 64, and cheaper to take.
/// Not `Synchronization.Mutex`: on Linux TSan cannot see its futex and reports false races, and with
/// Swift 6.3.1 it slows by orders of magnitude under contention.
/// The first element is the lock; a subclass may ask for more room after it (`LinkCore` keeps its
/// step there) and owns what it puts in it.
@usableFromInline class LockedStorage<Header>: ManagedBuffer<Header, c_promise_lock_t> {
    /// Allocates the storage with `header`, an initialized lock, and at least `extraBytes` of
    /// uninitialized room after it, aligned like the lock.
    @inlinable final class func makeStorage(extraBytes: Int = 0, makingHeader makeHeader: () -> Header) -> Self {
        let stride = MemoryLayout<c_promise_lock_t>.stride
        let buffer = create(minimumCapacity: 1 + (extraBytes + stride - 1) / stride) { _ in makeHeader() }
        let storage = unsafeDowncast(buffer, to: Self.self)
        storage.withUnsafeMutablePointerToElements { lock in
            lock.initialize(to: c_promise_lock_t())
            #if !(os(Linux) || canImport(Darwin))
                // Zeros are an unlocked lock on Linux and Darwin, where init does nothing (skipped,
                // so a debug build makes no call). Elsewhere the lock is a `pthread_mutex_t`, which
                // init may allocate for.
                c_promise_lock_init(lock)
            #endif
        }
        return storage
    }

    deinit {
        #if !(os(Linux) || canImport(Darwin))
            // Nothing to free on Linux and Darwin; a `pthread_mutex_t` elsewhere.
            withUnsafeMutablePointerToElements { lock in
                c_promise_lock_destroy(lock)
                _ = lock.deinitialize(count: 1)
            }
        #endif
    }

    /// The room after the lock (see `makeStorage(extraBytes:makingHeader:)`).
    @inlinable @inline(__always)
    final var extraRoom: UnsafeMutableRawPointer {
        withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + 1) }
    }

    /// Runs `body` with the header while holding the lock. `body` must never call user code.
    @inlinable @inline(__always)
    final func withLock<R>(_ body: (inout Header) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { header, lock in
            c_promise_lock(lock)
            defer { c_promise_unlock(lock) }
            return try body(&header.pointee)
        }
    }
}

/// A lock-protected value for the library's own bookkeeping (combinators, timers).
// @unchecked: `storage`'s header is only read or written inside `withLock`, under its lock.
// (`ManagedBuffer` subclasses cannot conform to `Sendable` themselves.)
@usableFromInline package struct LockedBox<Value>: @unchecked Sendable {
    @usableFromInline final class Storage: LockedStorage<Value> {}
    @usableFromInline let storage: Storage

    @inlinable init(storage: Storage) {
        self.storage = storage
    }

    @inlinable package init(_ value: Value) {
        storage = .makeStorage { value }
    }

    @inlinable package static func make(_ value: Value) -> LockedBox<Value> { LockedBox(value) }

    @inlinable @inline(__always)
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R { try storage.withLock(body) }
}
