import Dispatch
import Foundation

/// Long-lived threads that run one job together, started at once and timed until the last one
/// finishes: the multi-thread workloads measure wall time for work split across them.
final class ThreadGang: @unchecked Sendable {  // `job` is written before `start` is signalled, read after
    private static let lock = NSLock()
    nonisolated(unsafe) private static var gangs: [Int: ThreadGang] = [:]

    /// The gang of `count` threads (made once, then reused, so runs do not measure thread creation).
    static func of(_ count: Int) -> ThreadGang {
        lock.withLock {
            if let gang = gangs[count] { return gang }
            let gang = ThreadGang(count)
            gangs[count] = gang
            return gang
        }
    }

    private let starts: [DispatchSemaphore]
    private let finished = DispatchSemaphore(value: 0)
    private var job: (@Sendable (Int) -> Void)?

    private init(_ count: Int) {
        starts = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        for index in 0..<count {
            let thread = Thread { [self] in
                while true {
                    starts[index].wait()
                    job?(index)
                    finished.signal()
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Runs `body(thread)` on every thread of the gang and returns once all have returned.
    func run(_ body: @escaping @Sendable (Int) -> Void) {
        job = body
        for start in starts { start.signal() }
        for _ in starts { finished.wait() }
        job = nil
    }
}
