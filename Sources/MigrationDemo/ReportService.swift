import Dispatch
import Foundation
import PromiseAsync
import Promises

// The migration half done: one service whose internals are promises over the legacy APIs, offered to
// old completion-handler callers and to new async callers at the same time.

struct Report: Sendable {
    let lines: Int
    let generatorStatus: Int32
}

/// Wrapped legacy APIs (step 1 of Migration.md).
enum Wrapped {
    static func readFile(_ path: String) -> Promise<Data> {
        Promise { resolver in LegacyFileReader.read(path: path, completion: resolver.resolve) }
    }

    /// A child process; cancelling the promise terminates it.
    static func run(_ arguments: [String]) -> Promise<Int32> {
        Promise { resolver in
            let process = try LegacyProcessRunner.run(arguments) { resolver.fulfill($0) }
            resolver.onCancel {
                print("  onCancel: killing process \(process.processIdentifier)")
                // SIGKILL, not terminate(): a child spawned from a dispatch thread inherits its
                // blocked signal mask, so SIGTERM may never arrive.
                kill(process.processIdentifier, SIGKILL)
            }
        }
    }

    static func sleep(milliseconds: Int) -> Promise<Void> {
        Promise { resolver in
            // DispatchSource is thread-safe but not marked Sendable: say so once, here.
            nonisolated(unsafe) let timer = LegacyTimer.after(milliseconds: milliseconds) { resolver.fulfill() }
            resolver.onCancel { timer.cancel() }
        }
    }

    static func quota(for user: String) -> Promise<Int> {
        Promise { resolver in LegacyQuota.remaining(user: user, completion: resolver.resolve) }
    }
}

final class ReportService: Sendable {
    /// The promise-based implementation.
    func report(for path: String) -> Promise<Report> {
        Promise.all(Wrapped.readFile(path), Wrapped.run(["true"]))
            .map { data, status in
                Report(lines: data.split(separator: UInt8(ascii: "\n")).count, generatorStatus: status)
            }
    }

    /// Old callers keep their completion handler.
    func report(for path: String, completion: @escaping @Sendable (Result<Report, any Error>) -> Void) {
        report(for: path).whenComplete(completion)
    }

    /// New callers use async/await.
    func report(for path: String) async throws -> Report {
        try await report(for: path).value
    }
}
