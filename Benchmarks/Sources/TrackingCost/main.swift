// What pending-promise tracking (`PendingPromises`) costs, measured where users pay for it: a debug
// build. Each workload runs in a child process of its own, with `PROMISES_TRACK_PENDING=0` and `=1`
// alternately (tracking is decided once per process), and the table gives the ratio of the medians.
//
//     swift run --package-path Benchmarks TrackingCost [--repetitions N] [--scale F]
//
// Workloads (sizes at --scale 1):
// - pending-fulfill: 1,000,000 × `Promise.pending()` then `fulfill`, each freed at once.
// - pending-map: 1,000,000 × a pending promise, `map(on: .inline)` attached, then `fulfill`.
// - thread-churn: 8,000 threads one after another, each making one promise that outlives it.
// - freed-rss: resident memory after 1,000,000 promises, all alive at once, were settled and freed.
// - live-rss: resident memory with 1,000,000 pending promises alive (what tracking adds to each).
import Dispatch
import Foundation
import Promises

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// Resident memory, after handing freed heap pages back to the system (glibc keeps them otherwise).
func residentMiB() -> Double {
    #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: Trim.self)(0) }
    #endif
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Keeps promises alive past their threads (thread-churn, live-rss).
final class Keeper: @unchecked Sendable {  // @unchecked: `promises` is only touched under `lock`.
    let lock = NSLock()
    var promises: [Promise<Int>] = []
    func keep(_ promise: Promise<Int>) { lock.withLock { promises.append(promise) } }
}

/// Runs `name` in this process and prints "seconds resident-MiB".
func runChild(_ name: String, scale: Double) {
    let count = Int(1_000_000 * scale)
    let start = now()
    var measured: Double? = nil
    switch name {
    case "pending-fulfill":
        for index in 0..<count {
            let (_, resolver) = Promise<Int>.pending()
            resolver.fulfill(index)
        }
    case "pending-map":
        for index in 0..<count {
            let (promise, resolver) = Promise<Int>.pending()
            _ = promise.map(on: .inline) { $0 + 1 }
            resolver.fulfill(index)
        }
    case "thread-churn":
        let keeper = Keeper()
        for _ in 0..<Int(8_000 * scale) {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(keeper).toOpaque()
            let rc = pthread_create(
                &thread, nil,
                { raw in
                    let keeper = Unmanaged<Keeper>.fromOpaque(raw!).takeRetainedValue()
                    keeper.keep(Promise<Int>.pending().promise)
                    return nil
                }, box)
            precondition(rc == 0)
            pthread_join(thread, nil)
        }
        withExtendedLifetime(keeper) {}
    case "freed-rss":
        // All alive at once, then settled and freed: what stays is what tracking failed to give back.
        do {
            var promises: [(Promise<Int>, Resolver<Int>)] = []
            promises.reserveCapacity(count)
            for _ in 0..<count { promises.append(Promise<Int>.pending()) }
            for (index, (_, resolver)) in promises.enumerated() { resolver.fulfill(index) }
        }
        measured = residentMiB()
    case "live-rss":
        let keeper = Keeper()
        keeper.promises.reserveCapacity(count)
        let before = residentMiB()
        var resolvers: [Resolver<Int>] = []
        resolvers.reserveCapacity(count)
        for _ in 0..<count {
            let (promise, resolver) = Promise<Int>.pending()
            keeper.promises.append(promise)
            resolvers.append(resolver)
        }
        measured = residentMiB() - before
        withExtendedLifetime((keeper, resolvers)) {}
    default:
        fatalError("unknown workload \(name)")
    }
    let seconds = now() - start
    print(seconds, measured ?? residentMiB())
}

struct Sample {
    var seconds: Double
    var mib: Double
}

func spawn(_ name: String, tracking: Bool, scale: Double) -> Sample {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--child", name, "--scale", String(scale)]
    var environment = ProcessInfo.processInfo.environment
    environment["PROMISES_TRACK_PENDING"] = tracking ? "1" : "0"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try! process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    precondition(fields.count == 2 && process.terminationStatus == 0, "child \(name) failed")
    return Sample(seconds: fields[0], mib: fields[1])
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let scale = argument("--scale").flatMap(Double.init) ?? 1
if let child = argument("--child") {
    runChild(child, scale: scale)
    exit(0)
}
let repetitions = argument("--repetitions").flatMap(Int.init) ?? 3
#if DEBUG
    let build = "debug"
#else
    let build = "release"
#endif
print("tracking cost, \(build) build, median of \(repetitions), scale \(scale), off and on interleaved")
print("workload          | off            | on             | on ÷ off")
print("----------------- | -------------- | -------------- | --------")
for name in ["pending-fulfill", "pending-map", "thread-churn", "freed-rss", "live-rss"] {
    var off: [Sample] = []
    var on: [Sample] = []
    for _ in 0..<repetitions {
        off.append(spawn(name, tracking: false, scale: scale))
        on.append(spawn(name, tracking: true, scale: scale))
    }
    let isMemory = name.hasSuffix("rss")
    let pick: (Sample) -> Double = isMemory ? { $0.mib } : { $0.seconds }
    let (a, b) = (median(off.map(pick)), median(on.map(pick)))
    let unit = isMemory ? "MiB" : "s"
    print(
        name.padding(toLength: 17, withPad: " ", startingAt: 0),
        String(
            format: "| %10.2f %@ | %10.2f %@ | %.2fx", a, unit.padding(toLength: 3, withPad: " ", startingAt: 0),
            b, unit.padding(toLength: 3, withPad: " ", startingAt: 0), b / a))
}
