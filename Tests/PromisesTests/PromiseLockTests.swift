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

    @Test(.timeLimit(.minutes(TestScale.minutes(1)))) func threadsIncrementingUnderItLoseNoIncrement() async {
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
        /// The futex path: a second thread marks the held lock contended and sleeps in the kernel,
        /// and the unlock must wake it. Waits on both events (the mark, and the thread's state in
        /// `/proc`), not on time; the lock is taken and released on one thread. (Its own waits are
        /// bounded at 30 s each: the time limit leaves them room under the thread sanitizer on a busy
        /// machine, where one run took 154 s.)
        @Test(.timeLimit(.minutes(TestScale.minutes(3)))) func aThreadSleepingOnTheLockIsWokenByTheUnlock() async {
            let box = LockedBox(0)
            let lock = box.storage.withUnsafeMutablePointerToElements { UnsafeSendablePointer($0) }
            let waiterStat = LockedBox<String?>(nil)
            let acquired = DispatchSemaphore(value: 0)
            let outcome = await onThread { () -> (sawItAsleep: Bool, woken: Bool) in
                c_promise_lock(lock.pointer)
                Thread {
                    let task = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
                    waiterStat.withLock { $0 = task.map { "/proc/\($0)/stat" } }
                    box.withLock { $0 += 1 }
                    acquired.signal()
                }.start()
                var sawItAsleep = false
                let deadline = DispatchTime.now() + 30
                while !sawItAsleep && DispatchTime.now() < deadline {
                    sawItAsleep =
                        c_promise_lock_may_have_sleepers(lock.pointer)
                        && waiterStat.withLock { $0 }.map(Self.isSleeping) == true
                    if !sawItAsleep { sched_yield() }
                }
                c_promise_unlock(lock.pointer)
                return (sawItAsleep, acquired.wait(timeout: .now() + 30) == .success)
            }
            #expect(outcome.sawItAsleep)
            #expect(outcome.woken)
            #expect(box.withLock { $0 } == 1)
        }

        /// Whether the thread whose `/proc/…/stat` is at `path` sleeps (state `S`, after the name).
        private static func isSleeping(_ path: String) -> Bool {
            guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
                let nameEnd = stat.lastIndex(of: ")")
            else { return false }
            return stat[stat.index(after: nameEnd)...].trimmingCharacters(in: .whitespaces).hasPrefix("S")
        }
    #endif
}
