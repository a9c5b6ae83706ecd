import Foundation
import MallocInterposerSwift

/// Counts allocations when the malloc interposer is preloaded (the program re-executes itself with
/// `LD_PRELOAD` on Linux to arrange that).
enum Allocations {
    static let environmentKey = "PROMISE_BENCHMARKS_PRELOADED"

    /// Re-executes this program with the interposer preloaded, if it sits next to the executable.
    static func preloadIfPossible() {
        #if os(Linux)
            guard ProcessInfo.processInfo.environment[environmentKey] == nil else { return }
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let library = executable.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so")
            guard FileManager.default.fileExists(atPath: library.path) else { return }
            setenv(environmentKey, "1", 1)
            setenv("LD_PRELOAD", library.path, 1)
            let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
            execv(executable.path, arguments)
        #endif
    }

    static var isCounting: Bool { ProcessInfo.processInfo.environment[environmentKey] != nil }

    /// Allocations per operation made while `body` runs `iterations` iterations.
    static func count(iterations: Int, operationsPerIteration: Int, _ body: Body) async throws -> Double? {
        guard isCounting else { return nil }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        _ = try await measure(body, iterations: iterations)
        MallocInterposerSwift.unhook()
        let statistics = MallocInterposerSwift.getStatistics()
        return Double(statistics.mallocCount) / Double(iterations * operationsPerIteration)
    }
}
