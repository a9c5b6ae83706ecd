import Dispatch
import Foundation

/// One contender in a workload: runs `iterations` iterations, blocking (on a thread of its own) or async.
enum Body {
    case blocking(@Sendable (Int) throws -> Void)
    case async(@Sendable (Int) async throws -> Void)
    /// Runs on `threads` threads at once, each given `(thread index, its share of the iterations)`.
    case threaded(threads: Int, @Sendable (Int, Int) -> Void)
}

struct Contender {
    let name: String
    let body: Body
    /// Scales the workload's iterations for a contender that is orders of magnitude slower.
    var iterationScale: Double = 1
}

struct Workload {
    let name: String
    /// Iterations per measurement.
    let iterations: Int
    /// Operations per iteration (links in a chain, elements in an `all`); results are per operation.
    let operationsPerIteration: Int
    let contenders: [Contender]

    /// Iterations of one measurement of `contender`.
    func iterations(of contender: Contender, scale: Double) -> Int {
        max(1, Int(Double(iterations) * scale * contender.iterationScale))
    }
}

/// One long-lived thread for every blocking measurement: a fresh thread per run would measure its
/// cold malloc arena and stack instead of the code under test.
final class BenchmarkThread: @unchecked Sendable {  // `jobs` is guarded by `lock`
    static let shared = BenchmarkThread()
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var jobs: [@Sendable () -> Void] = []

    private init() {
        let thread = Thread { [self] in
            while true {
                ready.wait()
                let job = lock.withLock { jobs.removeFirst() }
                job()
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            lock.withLock { jobs.append { continuation.resume(returning: body()) } }
            ready.signal()
        }
    }
}

/// Runs a blocking body on the benchmark thread without blocking the caller's thread.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await BenchmarkThread.shared.run(body)
}

/// Nanoseconds one call of `body` takes for `iterations` iterations.
func measure(_ body: Body, iterations: Int) async throws -> Double {
    switch body {
    case .blocking(let run):
        let result = await onThread { () -> Result<UInt64, any Error> in
            Result {
                let start = DispatchTime.now().uptimeNanoseconds
                try run(iterations)
                return DispatchTime.now().uptimeNanoseconds - start
            }
        }
        return Double(try result.get())
    case .async(let run):
        let start = DispatchTime.now().uptimeNanoseconds
        try await run(iterations)
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    case .threaded(let threads, let run):
        let share = max(1, iterations / threads)
        return await onThread {
            let gang = ThreadGang.of(threads)
            let start = DispatchTime.now().uptimeNanoseconds
            gang.run { thread in run(thread, share) }
            return Double(DispatchTime.now().uptimeNanoseconds - start)
        }
    }
}

/// Median ns per operation for each contender, from `repetitions` interleaved runs after a warm-up, in an
/// order that has each contender follow each other one nearly evenly (`ContenderOrder`).
/// With `printingSamples`, each repetition's time goes to standard error with the contender that ran
/// just before it: `sample WORKLOAD|CONTENDER|PREDECESSOR|NS` (a predecessor can move a cross-thread
/// contender by 10 %, and a median over two such groups lands on either).
func run(
    _ workload: Workload, repetitions: Int, scale: Double, printingSamples: Bool
) async throws -> [String: Double] {
    func iterations(_ contender: Contender) -> Int { workload.iterations(of: contender, scale: scale) }
    for contender in workload.contenders {
        _ = try await measure(contender.body, iterations: max(1, iterations(contender) / 4))
    }
    var samples: [String: [Double]] = [:]
    // After the warm-up, which ran them in the list's order.
    var previous = workload.contenders.indices.last
    var order = ContenderOrder(count: workload.contenders.count, after: previous)
    // Printed after the loop: a write between measurements would wake the reader on this 2-vCPU VM.
    var sampleLines = ""
    for _ in 0..<repetitions {
        for index in order.next() {
            let contender = workload.contenders[index]
            let iterations = iterations(contender)
            let total = try await measure(contender.body, iterations: iterations)
            let sample = total / Double(iterations * workload.operationsPerIteration)
            samples[contender.name, default: []].append(sample)
            if printingSamples, let previous {
                let predecessor = workload.contenders[previous].name
                sampleLines += "sample \(workload.name)|\(contender.name)|\(predecessor)|\(sample)\n"
            }
            previous = index
        }
    }
    if !sampleLines.isEmpty { FileHandle.standardError.write(sampleLines.data(using: .utf8)!) }
    return samples.mapValues { values in values.sorted()[values.count / 2] }
}
