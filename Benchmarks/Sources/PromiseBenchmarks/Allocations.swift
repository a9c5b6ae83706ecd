import Foundation
import MallocInterposerSwift

/// Which `malloc` each process of the benchmark runs on (Linux).
///
/// The program links the malloc interposer that counts allocations, and a linked interposer's
/// `malloc` and `free` stand in for glibc's even when it is not counting: about 75 instructions an
/// allocation, which flattered the contender that allocates less by 2–3 % (Docs/Performance.md,
/// "The contenders' order"). So the program re-executes itself with glibc preloaded, in front of the
/// interposer, and times there; the counts come from a child process with the interposer preloaded.
enum Allocations {
    static let environmentKey = "PROMISE_BENCHMARKS_MALLOC"
    /// The workloads whose allocations are counted.
    static let counted: Set<String> = ["create-map-fulfill-wait", "then-link-pending", "then-link-resolved"]

    /// Re-executes this program with glibc's `malloc` in front of the interposer, unless
    /// `PROMISE_BENCHMARKS_MALLOC` is already set (the re-executed program, the counting child, or
    /// `Benchmarks/instructions.sh`, where valgrind would not follow a re-execution). Preloads of the
    /// caller's own (another `malloc`, say) stay in front. If the re-execution fails, it says so and
    /// the program times on the interposer's `malloc`.
    static func useGlibcMalloc() {
        #if os(Linux)
            guard ProcessInfo.processInfo.environment[environmentKey] == nil else { return }
            let preloaded = ProcessInfo.processInfo.environment["LD_PRELOAD"]
            setenv(environmentKey, "glibc", 1)
            setenv("LD_PRELOAD", (preloaded.map { $0 + " " } ?? "") + "libc.so.6", 1)
            let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
            execv("/proc/self/exe", arguments)
            let reason = String(cString: strerror(errno))
            if let preloaded { setenv("LD_PRELOAD", preloaded, 1) } else { unsetenv("LD_PRELOAD") }
            FileHandle.standardError.write(
                "re-execution failed (\(reason)): timing on the allocation counter's malloc\n".data(using: .utf8)!)
        #endif
    }

    /// Whether this is the child process that counts (it prints the counts and runs nothing else).
    static var isCountingProcess: Bool { ProcessInfo.processInfo.environment[environmentKey] == "counter" }

    /// The counts of the `counted` workloads among `workloads`, from a child process with the
    /// interposer preloaded; none where the interposer is not built next to this program, or where
    /// the child fails (it says so on standard error: the times are kept).
    static func countInChildProcess(
        for workloads: [Workload]
    ) -> [(name: String, unit: String, results: [String: Double])] {
        #if os(Linux)
            guard workloads.contains(where: { counted.contains($0.name) }) else { return [] }
            let executable = URL(fileURLWithPath: "/proc/self/exe")
            let library = executable.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("libMallocInterposerSwift.so")
            guard FileManager.default.fileExists(atPath: library.path) else { return [] }
            do {
                return try count(running: executable, preloading: library)
            } catch {
                FileHandle.standardError.write("allocation counts unavailable: \(error)\n".data(using: .utf8)!)
                return []
            }
        #else
            return []
        #endif
    }

    private static func count(
        running executable: URL, preloading library: URL
    ) throws -> [(name: String, unit: String, results: [String: Double])] {
        let child = Process()
        child.executableURL = executable
        child.arguments = Array(CommandLine.arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = "counter"
        // In front of everything, so that it sees every allocation.
        environment["LD_PRELOAD"] = library.path
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationReason == .exit, child.terminationStatus == 0 else {
            throw CountingFailed(reason: "the child ended with \(child.terminationReason) \(child.terminationStatus)")
        }
        guard let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw CountingFailed(reason: "the child printed no list of counts")
        }
        return try entries.map { entry in
            guard let name = entry["name"] as? String, let results = entry["results"] as? [String: Double] else {
                throw CountingFailed(reason: "the child printed an entry without a name and counts: \(entry)")
            }
            return (name, "allocs", results)
        }
    }

    /// In the counting process: allocations per operation of each contender of the `counted`
    /// workloads, as JSON on standard output.
    static func printCounts(_ workloads: [Workload], scale: Double) async throws {
        var entries: [[String: Any]] = []
        for workload in workloads where counted.contains(workload.name) {
            var results: [String: Double] = [:]
            for contender in workload.contenders {
                let iterations = max(1, Int(Double(workload.iterations) * scale / 4))
                _ = try await measure(contender.body, iterations: iterations)  // one-time allocations
                MallocInterposerSwift.reset()
                MallocInterposerSwift.hook()
                _ = try await measure(contender.body, iterations: iterations)
                MallocInterposerSwift.unhook()
                let count = MallocInterposerSwift.getStatistics().mallocCount
                results[contender.name] = Double(count) / Double(iterations * workload.operationsPerIteration)
            }
            if !results.isEmpty { entries.append(["name": workload.name + "-allocs", "results": results]) }
        }
        FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: entries))
    }

    struct CountingFailed: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
