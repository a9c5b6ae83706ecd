import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private struct RaceProbe: Sendable {}
private struct HeldStep: Sendable {}
private struct Cleanup: Sendable {}

/// Holds the work it is given until `release()`: a queue that has not got round to a step yet. It
/// names no dispatch queue, so the report cannot say the step waits for one.
private final class HeldQueue: CallbackQueue, @unchecked Sendable {  // @unchecked: `work` is guarded by `lock`.
    private let lock = NSLock()
    private var work: [@Sendable () -> Void] = []
    func schedule(_ work: @escaping @Sendable () -> Void) { lock.withLock { self.work.append(work) } }
    var dispatchQueue: DispatchQueue? { nil }
    func release() { for work in lock.withLock({ self.work }) { work() } }
}

/// Runs `body` on a thread of its own and waits until that thread has exited.
private func onExitingThread(_ body: @escaping @Sendable () -> Void) {
    final class Box {
        let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
        let rc = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, box)
    #else
        let rc = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, box)
    #endif
    precondition(rc == 0)
    pthread_join(thread, nil)
}

/// The registry behind `PendingPromises`: a promise's slot goes with it, lists go with their threads,
/// and a report can run while chains are built.
@Suite struct PromiseRegistryTests {
    private func ticketIsInPlace<Value: Sendable>(_ value: Value) -> Bool {
        let (head, resolver) = Promise<Value>.pending()
        defer { resolver.fulfill(value) }
        return head.core.registryTicketAtFixedOffset && head.map(on: .inline) { $0 }.core.registryTicketAtFixedOffset
    }

    @Test func theTicketIsWhereTheDeinitReadsIt() {
        #expect(ticketIsInPlace(1))
        #expect(ticketIsInPlace(UInt8(1)))
        #expect(ticketIsInPlace("text"))
        #expect(ticketIsInPlace(SIMD4<Float>(1, 2, 3, 4)), "a 16-byte-aligned value")
        #expect(ticketIsInPlace(SIMD16<Double>(repeating: 1)))
        #expect(ticketIsInPlace(()))
    }

    /// Freed promises leave nothing behind: their slots are free, and a large table is given back.
    @Test(.enabled(if: PendingPromises.isTracking, "tracking is on in debug builds"))
    func freedPromisesGiveTheirMemoryBack() async {
        let count = TestScale.size(quick: 100_000, full: 1_000_000, minimum: 10_000)
        let counts = await onThread { () -> (alive: (live: Int, capacity: Int)?, freed: (live: Int, capacity: Int)?) in
            var alive: (live: Int, capacity: Int)?
            do {
                let promises = (0..<count).map { _ in Promise<Int>.pending() }
                alive = ThreadPromiseList.currentCounts
                for (index, (_, resolver)) in promises.enumerated() { resolver.fulfill(index) }
            }
            return (alive, ThreadPromiseList.currentCounts)
        }
        #expect((counts.alive?.live ?? 0) >= count, "every promise was tracked while alive")
        #expect(counts.freed?.live == 0, "no slot outlives its promise")
        #expect((counts.freed?.capacity ?? .max) <= 256, "the table went back with the promises")
    }

    /// A thread's list goes when the thread has exited and its last promise is gone, so thread churn
    /// leaves no lists behind for anyone to scan.
    @Test(.enabled(if: PendingPromises.isTracking, "tracking is on in debug builds"))
    func listsOfExitedThreadsGoWithTheirLastPromise() async {
        let threads = TestScale.size(quick: 500, full: 2_000, minimum: 100)
        let before = ThreadPromiseList.listsInUse
        let kept = await onThread { () -> Int in
            let promises = Recorder<Promise<Int>>()
            for _ in 0..<threads { onExitingThread { promises.append(Promise<Int>.pending().promise) } }
            return ThreadPromiseList.listsInUse - before
        }
        // Other tests' threads come and go meanwhile: the margins allow for them.
        #expect(kept >= threads - 50, "an exited thread's list stays while its promise lives")
        #expect(ThreadPromiseList.listsInUse <= before + 50, "and goes with it")
        for _ in 0..<threads { onExitingThread { _ = Promise<Int>.pending() } }
        #expect(ThreadPromiseList.listsInUse <= before + 50, "a thread whose promises died first leaves at its exit")
    }

    /// Chains built on one thread while another reports in a loop: each link is registered only once
    /// linked, so the report never reads a link's state while its upstream writes it (ThreadSanitizer
    /// checks this in CI), and promises freed during a report are let go safely.
    @Test(.enabled(if: PendingPromises.isTracking, "tracking is on in debug builds"))
    func reportsRaceChainsBeingBuiltSafely() async {
        let chains = TestScale.size(quick: 20_000, full: 100_000, minimum: 2_000)
        let done = Counter()
        async let reports = onThread { () -> Int in
            var reports = 0
            repeat {
                let report = PendingPromises.report()
                precondition(report.hasSuffix("pending promises") || report.contains(" pending promise"))
                reports += 1
            } while done.value == 0 || reports < 2
            return reports
        }
        await onThread {
            for index in 0..<chains {
                let (head, resolver) = Promise<RaceProbe>.pending()
                let link = head.map(on: .inline) { $0 }.always(on: .inline) {}
                resolver.fulfill(RaceProbe())
                precondition(link.currentResult != nil || index < 0)
            }
            _ = done.increment()
        }
        #expect(await reports >= 2)
        #expect(!PendingPromises.report().contains("RaceProbe"), "every chain settled and left")
    }

    /// A link whose upstream has settled but whose step has not run yet says so; a promise made by
    /// `always` is drawn as a chain link, not as made at its chain head's creation site.
    @Test(.enabled(if: PendingPromises.isTracking, "tracking is on in debug builds"))
    func theReportDescribesLinksOfSettledUpstreamsAndAlways() throws {
        let queue = HeldQueue()
        let (head, resolver) = Promise<HeldStep>.pending()
        let step = head.map(on: queue) { $0 }
        let (cleanupHead, cleanupResolver) = Promise<Cleanup>.pending()
        let cleanup = cleanupHead.always(on: .inline) {}
        resolver.fulfill(HeldStep())
        let lines = PendingPromises.report().split(separator: "\n")
        let stepLine = try #require(lines.first { $0.contains("Promise<HeldStep>") })
        #expect(stepLine.contains("a chain link"))
        #expect(stepLine.contains("its upstream settled: its step runs next"))
        let cleanupLine = try #require(lines.first { $0.contains("Promise<Cleanup>") && $0.contains("waits on") })
        #expect(cleanupLine.contains("a chain link"))
        #expect(!cleanupLine.contains("created at"))
        queue.release()
        cleanupResolver.fulfill(Cleanup())
        #expect(step.currentResult != nil && cleanup.currentResult != nil)
    }
}
