#if os(macOS) || os(Linux)
    import Dispatch
    import Foundation
    import Promises

    extension Process {
        /// Runs `executable` with `arguments`, collecting its standard output and error; fulfills when
        /// it exits with status 0, rejects with ``ProcessExitError`` when it exits otherwise or a signal
        /// ends it, and with ``ProcessLaunchError`` when it cannot start. PMKFoundation's
        /// `Process.launch(.promise)`.
        ///
        /// ```swift
        /// let branch = Process.promise(running: URL(fileURLWithPath: "/usr/bin/git"),
        ///                              arguments: ["rev-parse", "--abbrev-ref", "HEAD"])
        ///     .map(\.text)
        /// let sorted = Process.promise(running: URL(fileURLWithPath: "/usr/bin/sort"), input: Data("b\na\n".utf8))
        /// ```
        ///
        /// The process reads `input` from its standard input, which is then closed (if it exits without
        /// reading it all, the rest is dropped); with no `input` it reads `/dev/null`, never this
        /// process's input. `environment` replaces this process's environment (nil passes it on);
        /// `currentDirectory` is where it starts (nil: this process's). It starts with no signal
        /// blocked and SIGPIPE at its default action, whatever this process does with them.
        ///
        /// No `Process` object is made: the process is started with `posix_spawn`, and a thread of its
        /// own (the work blocks, so not one of Dispatch's shared threads) moves its input and output and
        /// waits for its exit. The output is collected until every holder of the output pipes has
        /// closed them, as a shell's `$(…)` does: a background process the child started and left
        /// running with that output keeps the promise pending until it exits or closes it.
        ///
        /// Cancelling the promise rejects it with `CancellationError` at once, as for every promise,
        /// and terminates the process with everything it started: the process leads a process group of
        /// its own, the whole group gets SIGTERM, and whatever in it is still running
        /// `terminationGracePeriod` later gets SIGKILL (`.never`: no SIGKILL). A descendant that left
        /// the group (`setsid`, `setpgid`) is not reached. Being in a group of its own, the process does
        /// not get the signals a terminal sends to its foreground group (Ctrl-C) either.
        ///
        /// A negative `terminationGracePeriod` rejects with `PromiseError.invalidArgument` and starts
        /// nothing.
        public static func promise(
            running executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
            currentDirectory: URL? = nil, input: Data? = nil, terminationGracePeriod: DispatchTimeInterval = .seconds(5)
        ) -> Promise<ProcessOutput> {
            if terminationGracePeriod.isBelowZero {
                return Promise(
                    error: PromiseError.invalidArgument(
                        "terminationGracePeriod must not be negative (got \(terminationGracePeriod))"))
            }
            return Promise { resolver in
                let (child, ends) = try ChildProcess.spawn(
                    executable: executable, arguments: arguments, environment: environment,
                    currentDirectory: currentDirectory, takesInput: input != nil)
                resolver.onCancel { child.terminate(gracePeriod: terminationGracePeriod) }
                let thread = Thread {
                    let collected = PipePump.run(ends, input: input ?? Data())
                    // Reaped only now that the pipes are closed: see `ChildProcess.waitForExit`.
                    resolver.resolve(outcome(of: child.waitForExit(), collected))
                }
                thread.name = "Process.promise \(child.id)"
                thread.start()
            }
        }

        private static func outcome(
            of termination: ChildProcess.Termination?, _ collected: (output: Data, error: Data)
        ) -> Result<ProcessOutput, any Error> {
            switch termination {
            case .exited(status: 0):
                return .success(ProcessOutput(standardOutput: collected.output, standardError: collected.error))
            case .exited(let status):
                return .failure(
                    ProcessExitError(
                        status: status, wasSignalled: false, standardOutput: collected.output,
                        standardError: collected.error))
            case .signalled(let signal):
                return .failure(
                    ProcessExitError(
                        status: signal, wasSignalled: true, standardOutput: collected.output,
                        standardError: collected.error))
            case nil:  // something else in this process reaped the child: its status is gone
                return .failure(POSIXError(.ECHILD))
            }
        }
    }

    extension DispatchTimeInterval {
        fileprivate var isBelowZero: Bool {
            switch self {
            case .seconds(let value), .milliseconds(let value), .microseconds(let value), .nanoseconds(let value):
                return value < 0
            case .never: return false
            @unknown default: return false
            }
        }
    }
#endif
