#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A header guarded by a `pthread_mutex_t` stored in the same allocation.
///
/// `pthread_mutex_t` (not `Synchronization.Mutex`): on Linux TSan cannot see `Mutex`'s futex and
/// reports false races, and `Mutex` degrades badly under contention with Swift 6.3.
/// The first element is the mutex; a subclass may ask for more room after it (`LinkCore` keeps its
/// step there) and owns what it puts in it.
@usableFromInline class LockedStorage<Header>: ManagedBuffer<Header, pthread_mutex_t> {
    /// Allocates the storage with `header`, an initialized mutex, and at least `extraBytes` of
    /// uninitialized room after it, aligned like the mutex.
    @inlinable final class func makeStorage(extraBytes: Int = 0, makingHeader makeHeader: () -> Header) -> Self {
        let stride = MemoryLayout<pthread_mutex_t>.stride
        let buffer = create(minimumCapacity: 1 + (extraBytes + stride - 1) / stride) { _ in makeHeader() }
        let storage = unsafeDowncast(buffer, to: Self.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            #if !(os(Linux) && canImport(Glibc))
                // glibc's PTHREAD_MUTEX_INITIALIZER is all zeros, which the line above wrote: a call
                // per promise saved. Elsewhere initialize it: Darwin's initializer has a signature, and
                // on FreeBSD and OpenBSD (whose C module is also Glibc) a mutex is a pointer to memory
                // that init or the first lock allocates and only destroy frees.
                let rc = pthread_mutex_init(mutex, nil)
                precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
            #endif
        }
        return storage
    }

    deinit {
        #if !(os(Linux) && canImport(Glibc))
            // glibc's destroy only checks that the mutex is unlocked and frees nothing: skipped there,
            // a call per promise saved, like the initialization. Everywhere else it frees.
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                _ = mutex.deinitialize(count: 1)
            }
        #endif
    }

    /// The room after the mutex (see `makeStorage(extraBytes:makingHeader:)`).
    @inlinable @inline(__always)
    final var extraRoom: UnsafeMutableRawPointer {
        withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + 1) }
    }

    /// Runs `body` with the header while holding the lock. `body` must never call user code.
    @inlinable @inline(__always)
    final func withLock<R>(_ body: (inout Header) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { header, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&header.pointee)
        }
    }
}

/// A lock-protected value for the library's own bookkeeping (combinators, timers).
// @unchecked: `storage`'s header is only read or written inside `withLock`, under its mutex.
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
