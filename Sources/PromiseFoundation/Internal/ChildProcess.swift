#if os(macOS) || os(Linux)
    import Dispatch
    import Promises

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A child process that leads a process group of its own (its group id is its pid), with the one
    /// lock that orders signalling the group against reaping the child.
    ///
    /// Once the child is reaped its pid, and with it the group id, may be given to an unrelated
    /// process, so nothing may signal after that: `terminate`, the SIGKILL that follows it and
    /// `waitForExit`'s reap take the same lock, and `State.reaped` says which came first.
    final class ChildProcess: Sendable {
        /// How the child ended.
        enum Termination: Equatable {
            case exited(status: Int32)
            case signalled(signal: Int32)

            /// Decodes a `waitpid` status of a child that ended (the `WIFEXITED`/`WTERMSIG` macros,
            /// which Swift does not import; the encoding is the same on Linux and Darwin).
            init(waitStatus: Int32) {
                let signal = waitStatus & 0x7f
                self = signal == 0 ? .exited(status: (waitStatus >> 8) & 0xff) : .signalled(signal: signal)
            }
        }

        private struct State {
            /// Set once the child was reaped: from then on its pid may name another process.
            var reaped = false
            /// Set by the first `terminate`, which sent SIGTERM.
            var terminating = false
            /// When the group gets SIGKILL after SIGTERM (nil for a grace period of `.never`).
            var killDeadline: DispatchTime?
            /// Set once the group got SIGKILL.
            var killed = false
        }

        /// The child's pid, which is also its process group's id.
        let id: pid_t
        private let state = LockedBox(State())

        init(id: pid_t) { self.id = id }

        /// Sends SIGTERM to the child's process group, and SIGKILL `gracePeriod` later to whatever in it
        /// is still there (`.never`: no SIGKILL). Does nothing after the first call, or once the child
        /// was reaped.
        func terminate(gracePeriod: DispatchTimeInterval) {
            let deadline: DispatchTime? = gracePeriod == .never ? nil : .now() + gracePeriod
            let started = state.withLock { state -> Bool in
                guard !state.terminating, !state.reaped else { return false }
                state.terminating = true
                state.killDeadline = deadline
                kill(-id, SIGTERM)
                kill(-id, SIGCONT)  // a stopped process acts on SIGTERM only once it runs again
                return true
            }
            guard started, let deadline else { return }
            DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in killGroup() }
        }

        private func killGroup() {
            state.withLock { state in
                guard !state.reaped, !state.killed else { return }
                state.killed = true
                kill(-id, SIGKILL)
            }
        }

        /// Blocks until the child has exited, then reaps it; nil when it was reaped elsewhere (a
        /// `waitpid(-1, …)` in this process, or SIGCHLD set to SIG_IGN), so its status is lost. Call it
        /// once the child's pipes reached their end, so the group id stays reserved (the unreaped child
        /// holds it) while `terminate` may still signal the group.
        func waitForExit() -> Termination? {
            // Waits for the exit without reaping: the zombie keeps the pid, and so the group id.
            var info = siginfo_t()
            while waitid(P_PID, id_t(id), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            while true {
                let next = state.withLock { state -> (killAt: DispatchTime?, reaped: Termination?) in
                    // After a cancellation the rest of the group gets SIGKILL at the deadline: keep the
                    // group id reserved until then.
                    if state.terminating, !state.killed, let deadline = state.killDeadline {
                        return (deadline, nil)
                    }
                    // WNOHANG: nothing blocks under the lock, which `terminate` takes (the wait above has
                    // seen the exit, unless it failed, and then the loop below waits outside the lock).
                    var status: Int32 = 0
                    var result: pid_t
                    repeat { result = waitpid(id, &status, WNOHANG) } while result == -1 && errno == EINTR
                    if result == 0 { return (.now() + .milliseconds(10), nil) }  // still running
                    state.reaped = true
                    return (nil, result == id ? Termination(waitStatus: status) : nil)
                }
                guard let killAt = next.killAt else { return next.reaped }
                _ = DispatchSemaphore(value: 0).wait(timeout: killAt)
                if state.withLock({ $0.terminating && !$0.killed && $0.killDeadline.map { $0 <= .now() } == true }) {
                    killGroup()
                }
            }
        }
    }
#endif
