import CPromiseAtomics
import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

/// The lock in every promise (`c_promise_lock_t`): mutual exclusion under contention, and a thread
/// that sleeps on it is woken by the unlock.
@Suite struct PromiseLockTests {
    /// The lock's address, for the threads of one test (`box` keeps the lock alive meanwhile).
    struct UnsafeSendablePointer: @unchecked Sendable {  // @unchecked: only handed to the C lock calls
        let pointer: UnsafeMutablePointer<c_promise_lock_t>

        init(_ pointer: UnsafeMutablePointer<c_promise_lock_t>) {
            self.pointer = pointer
        }
    }

    @Test func itIsFourBytesOnLinuxAndDarwin() {
        #if os(Linux) || canImport(Darwin)
            #expect(MemoryLayout<c_promise_lock_t>.size == 4)
        #endif
    }

    @Test func threadsIncrementingUnderItLoseNoIncrement() async {
        let threads = 4
        let increments = TestScale.size(quick: 20_000, full: 200_000)
        let counter = LockedBox(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    await onThread {
                        for _ in 0..<increments { counter.withLock { $0 += 1 } }
                    }
                }
            }
        }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    #if os(Linux)
        /// The futex path: a second thread marks the held lock contended before it sleeps, and the
        /// unlock must wake it. Waits on the mark, not on time.
        @Test func aThreadSleepingOnTheLockIsWokenByTheUnlock() async {
            let box = LockedBox(0)
            let lock = box.storage.withUnsafeMutablePointerToElements { UnsafeSendablePointer($0) }
            let acquired = DispatchSemaphore(value: 0)
            c_promise_lock(lock.pointer)
            let waiter = Thread {
                box.withLock { $0 += 1 }
                acquired.signal()
            }
            waiter.start()
            await onThread {
                while !c_promise_lock_may_have_sleepers(lock.pointer) { sched_yield() }
            }
            c_promise_unlock(lock.pointer)
            // A bound, not a guess: a lost wake-up fails here instead of hanging the run.
            #expect(await onThread { acquired.wait(timeout: .now() + 60) } == .success)
            #expect(box.withLock { $0 } == 1)
        }
    #endif
}
