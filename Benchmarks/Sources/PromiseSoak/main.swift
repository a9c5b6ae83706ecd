// A soak: millions of promise lifecycles (chains, cancellation, broken resolvers, combinators,
// timeouts, awaits) on several threads at once, with resident memory measured after each batch. It
// fails (exit 1) if memory grows between the first and the last batch by more than the budget: a
// leak of even a few bytes a cycle shows up over millions of cycles.
//
//     swift run -c release --package-path Benchmarks PromiseSoak [--cycles N] [--threads T]
import Dispatch
import Foundation
import PromiseAsync

struct SoakError: Error {}

func argument(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return Int(arguments[index + 1]) ?? value
}

let cycles = argument("--cycles", default: 2_000_000)
let threads = argument("--threads", default: max(ProcessInfo.processInfo.activeProcessorCount, 2))
let batches = 10
let budget = 8 << 20  // bytes resident memory may grow by between the first and the last batch

/// Resident memory of the process (Linux; 0 elsewhere).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// One lifecycle of each kind the library has.
func cycle(_ index: Int) {
    // A chain settled through inline operators.
    let (head, resolver) = Promise<Int>.pending()
    head.map(on: .inline) { $0 + 1 }
        .flatMap(on: .inline) { Promise($0 * 2) }
        .validate(on: .inline) { $0 >= 0 }
        .recover(on: .inline) { _ in 0 }
        .then(on: .inline) { _ in }
    resolver.fulfill(index)

    // A cancelled chain: the cancellation travels upstream to the producer.
    let (source, sourceResolver) = Promise<Int>.pending()
    sourceResolver.onCancel {}
    source.map(on: .inline) { $0 }.cancel()

    // A resolver dropped unsettled: the promise rejects with brokenPromise.
    Promise<Int> { _ in }.catch(on: .inline) { _ in }

    // Combinators over settled and pending inputs.
    let (late, lateResolver) = Promise<Int>.pending()
    Promise.all([Promise(1), late]).always(on: .inline) {}
    Promise.race([late, Promise(2)]).then(on: .inline) { _ in }
    lateResolver.fulfill(3)

    if index % 64 == 0 {
        // Timers and a queue hop, less often: they cost a thread wake-up.
        let (slow, _) = Promise<Int>.pending()
        _ = slow.timeout(.seconds(60))  // dropped at once: the timer must let go of it
        let done = DispatchSemaphore(value: 0)
        Promise(on: .global()) { index }.always(on: .inline) { done.signal() }
        done.wait()
    }
}

/// Awaits from Tasks, some cancelled before the promise settles.
func awaitCycles(_ count: Int) async {
    for index in 0..<count {
        let (promise, resolver) = Promise<Int>.pending()
        let task = Task { try await promise.value }
        if index % 2 == 0 { task.cancel() }
        resolver.fulfill(index)
        _ = await task.result
    }
}

print("soak: \(cycles) cycles on \(threads) threads, \(batches) batches")
print("batch      cycles   resident")
var resident: [Int] = []
let perBatch = cycles / batches
for batch in 1...batches {
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
        for index in stride(from: worker, to: perBatch, by: threads) { cycle(index) }
    }
    let awaited = DispatchSemaphore(value: 0)
    Task.detached {
        await awaitCycles(perBatch / 100)
        awaited.signal()
    }
    awaited.wait()
    resident.append(residentBytes())
    print(String(format: "%5d  %10d  %6.1f MiB", batch, batch * perBatch, Double(resident.last!) / 1_048_576))
}
guard resident.first! > 0 else {
    print("skipped: resident memory is read from /proc (Linux only)")
    exit(0)
}
let growth = resident.last! - resident.first!
print(
    String(
        format: "resident growth from batch 1 to %d: %.1f KiB (budget %d KiB)", batches, Double(growth) / 1024,
        budget >> 10))
if growth > budget {
    print("FAIL: memory grew during the soak")
    exit(1)
}
print("memory flat")
