import Dispatch
import Foundation
import Promises

extension Process {
    /// Runs `executable` with `arguments`, collecting its standard output and error; fulfills when it
    /// exits with status 0 and rejects with ``ProcessExitError`` otherwise, or with the error that kept
    /// it from starting. Cancelling the promise terminates the process. PMKFoundation's
    /// `Process.launch(.promise)`.
    ///
    /// ```swift
    /// let branch = Process.promise(running: URL(fileURLWithPath: "/usr/bin/git"),
    ///                              arguments: ["rev-parse", "--abbrev-ref", "HEAD"])
    ///     .map(\.text)
    /// ```
    public static func promise(
        running executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
        currentDirectory: URL? = nil
    ) -> Promise<ProcessOutput> {
        Promise { resolver in
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            if let environment { process.environment = environment }
            if let currentDirectory { process.currentDirectoryURL = currentDirectory }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            // Both pipes are read to their end while the process runs, so that a full pipe never
            // blocks it; the promise settles once it has exited and both are read. The reads block,
            // so each has a thread of its own rather than one of Dispatch's shared pool.
            let reads = DispatchGroup()
            let collected = OutputCollector()
            for (pipe, isError) in [(output, false), (errors, true)] {
                let handle = pipe.fileHandleForReading
                reads.enter()
                Thread {
                    collected.store(handle.readDataToEndOfFile(), isError: isError)
                    reads.leave()
                }.start()
            }
            process.terminationHandler = { process in
                // swift-corelibs-foundation never frees a Process that ran: let go of this closure,
                // and with it the promise and the output, so only Foundation's own objects stay.
                process.terminationHandler = nil
                let status = process.terminationStatus
                let signalled = process.terminationReason == .uncaughtSignal
                reads.notify(queue: .global()) {
                    let (out, err) = collected.both
                    if status == 0 && !signalled {
                        resolver.fulfill(ProcessOutput(standardOutput: out, standardError: err))
                    } else {
                        resolver.reject(
                            ProcessExitError(
                                status: status, wasSignalled: signalled, standardOutput: out, standardError: err))
                    }
                }
            }
            do {
                try process.run()
            } catch {
                // Nothing will write to the pipes: close them so that the reads end.
                try? output.fileHandleForWriting.close()
                try? errors.fileHandleForWriting.close()
                throw error
            }
            let running = SendableProcess(process)
            resolver.onCancel { running.terminate() }
        }
    }
}

/// The two outputs, written once each by the reading threads.
private final class OutputCollector: Sendable {
    private let box = LockedBox((Data(), Data()))

    func store(_ data: Data, isError: Bool) {
        box.withLock { if isError { $0.1 = data } else { $0.0 = data } }
    }

    var both: (Data, Data) { box.withLock { $0 } }
}

// @unchecked: only `terminate()` is called through it, which Foundation documents as callable from
// any thread; the process object itself is not otherwise shared.
private struct SendableProcess: @unchecked Sendable {
    let process: Process
    init(_ process: Process) { self.process = process }
    func terminate() { if process.isRunning { process.terminate() } }
}
