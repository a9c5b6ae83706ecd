#if os(macOS) || os(Linux)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    extension ChildProcess {
        /// The parent's ends of a child's standard streams, owned by the caller of `spawn`, who closes them.
        struct ParentEnds {
            /// The write end of the child's standard input; nil when the child reads /dev/null.
            let input: Int32?
            /// The read end of the child's standard output.
            let output: Int32
            /// The read end of the child's standard error.
            let error: Int32
        }

        /// Starts `executable` with `posix_spawn` in a process group of its own, its standard output
        /// and error on pipes, and its standard input on a pipe when `takesInput`, else /dev/null.
        /// The child starts with no signal blocked and SIGPIPE at its default action, whatever this
        /// process does with them; `environment` nil passes on this process's environment.
        ///
        /// On failure every descriptor made here is closed again.
        static func spawn(
            executable: URL, arguments: [String], environment: [String: String]?, currentDirectory: URL?,
            takesInput: Bool
        ) throws(ProcessLaunchError) -> (ChildProcess, ParentEnds) {
            var pipes: [ProcessPipe] = []
            do throws(SystemCallError) {
                for _ in 0..<(takesInput ? 3 : 2) { pipes.append(try ProcessPipe.make()) }
            } catch {
                for pipe in pipes {
                    close(pipe.readEnd)
                    close(pipe.writeEnd)
                }
                throw ProcessLaunchError(executable: executable, errorNumber: error.errorNumber)
            }
            let (output, error, input) = (pipes[0], pipes[1], takesInput ? pipes[2] : nil)
            var pid: pid_t = 0
            let result = spawn(
                &pid, executable: executable, arguments: arguments, environment: environment,
                currentDirectory: currentDirectory, input: input?.readEnd, output: output.writeEnd,
                error: error.writeEnd)
            // The child has its own copies of these ends (or there is no child): the parent's go.
            for end in [output.writeEnd, error.writeEnd] + (input.map { [$0.readEnd] } ?? []) { close(end) }
            guard result == 0, pid > 0 else {
                for end in [output.readEnd, error.readEnd] + (input.map { [$0.writeEnd] } ?? []) { close(end) }
                // posix_spawn says what failed, not where: a directory it could not enter is named.
                if let currentDirectory, let problem = unenterable(currentDirectory) {
                    throw ProcessLaunchError(
                        executable: executable, currentDirectory: currentDirectory, errorNumber: problem)
                }
                throw ProcessLaunchError(executable: executable, errorNumber: result == 0 ? ECHILD : result)
            }
            if let input { prepareForWriting(input.writeEnd) }
            return (
                ChildProcess(id: pid), ParentEnds(input: input?.writeEnd, output: output.readEnd, error: error.readEnd)
            )
        }

        /// `posix_spawn` with the file actions and attributes `spawn(executable:…)` describes; returns
        /// 0 or an error number.
        private static func spawn(
            _ pid: inout pid_t, executable: URL, arguments: [String], environment: [String: String]?,
            currentDirectory: URL?, input: Int32?, output: Int32, error: Int32
        ) -> Int32 {
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t? = nil
                var attributes: posix_spawnattr_t? = nil
            #else
                var actions = posix_spawn_file_actions_t()
                var attributes = posix_spawnattr_t()
            #endif
            // These return their error number; they do not set errno.
            let actionsMade = posix_spawn_file_actions_init(&actions)
            guard actionsMade == 0 else { return actionsMade }
            defer { posix_spawn_file_actions_destroy(&actions) }
            let attributesMade = posix_spawnattr_init(&attributes)
            guard attributesMade == 0 else { return attributesMade }
            defer { posix_spawnattr_destroy(&attributes) }

            var result: Int32 = 0
            if let currentDirectory {
                result = currentDirectory.withUnsafeFileSystemRepresentation { path in
                    guard let path else { return ENOENT }  // not a file URL: nowhere to go
                    return addChdir(&actions, path)
                }
            }
            if result == 0 {
                result =
                    if let input {
                        posix_spawn_file_actions_adddup2(&actions, input, 0)
                    } else {
                        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                    }
            }
            if result == 0 { result = posix_spawn_file_actions_adddup2(&actions, output, 1) }
            if result == 0 { result = posix_spawn_file_actions_adddup2(&actions, error, 2) }
            if result == 0 { result = closeTheRest(&actions) }
            if result == 0 { result = setAttributes(&attributes) }
            guard result == 0 else { return result }

            let path = executable.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } } ?? ""
            return withCStrings([path] + arguments) { argv in
                if let environment {
                    return withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                        posix_spawn(&pid, path, &actions, &attributes, argv, envp)
                    }
                }
                #if canImport(Darwin)
                    return posix_spawn(&pid, path, &actions, &attributes, argv, _NSGetEnviron().pointee)
                #else
                    return posix_spawn(&pid, path, &actions, &attributes, argv, environ)
                #endif
            }
        }

        #if canImport(Darwin)
            private typealias Attributes = posix_spawnattr_t?
            private typealias FileActions = posix_spawn_file_actions_t?
        #else
            private typealias Attributes = posix_spawnattr_t
            private typealias FileActions = posix_spawn_file_actions_t
        #endif

        /// A process group of its own (so cancelling reaches its descendants), no blocked signals, and
        /// SIGPIPE and SIGTERM at their default actions: a parent that blocks or ignores SIGPIPE (many
        /// servers do) must not pass that on, and one that ignores SIGTERM would make a child that
        /// cancelling cannot end before the SIGKILL. Other ignored signals (SIGHUP under `nohup`) are
        /// passed on.
        private static func setAttributes(_ attributes: inout Attributes) -> Int32 {
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            sigaddset(&pipeSignal, SIGTERM)
            var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
            #if canImport(Darwin)
                flags |= POSIX_SPAWN_CLOEXEC_DEFAULT  // the child gets 0, 1 and 2, nothing else
            #endif
            var result = posix_spawnattr_setpgroup(&attributes, 0)
            if result == 0 { result = posix_spawnattr_setsigmask(&attributes, &noSignals) }
            if result == 0 { result = posix_spawnattr_setsigdefault(&attributes, &pipeSignal) }
            if result == 0 { result = posix_spawnattr_setflags(&attributes, Int16(flags)) }
            return result
        }

        /// The child gets 0, 1 and 2 and no other descriptor of this process, as Foundation's `Process`
        /// did: one left open (a listening socket, another child's pipe) would stay open as long as the
        /// child runs. Darwin does this with `POSIX_SPAWN_CLOEXEC_DEFAULT`; glibc 2.34 and later with
        /// `addclosefrom_np`; before that each descriptor open now is closed by name (one opened by
        /// another thread meanwhile may still reach the child).
        private static func closeTheRest(_ actions: inout FileActions) -> Int32 {
            #if canImport(Darwin)
                return 0
            #else
                if let closeFrom = GNULibC.addCloseFrom { return closeFrom(&actions, 3) }
                guard let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 0 }
                for fd in open.compactMap(Int32.init) where fd > 2 {
                    // (The directory's own descriptor is gone by now: closing it fails with EBADF, harmlessly,
                    // in the child, and posix_spawn ignores a failed close.)
                    let result = posix_spawn_file_actions_addclose(&actions, fd)
                    if result != 0 { return result }
                }
                return 0
            #endif
        }

        /// Adds a `chdir` to `path` before the exec.
        private static func addChdir(_ actions: inout FileActions, _ path: UnsafePointer<CChar>?) -> Int32 {
            #if canImport(Darwin)
                return posix_spawn_file_actions_addchdir_np(&actions, path)
            #else
                // Changing this process's directory around the spawn would race every other thread.
                guard let addChdir = GNULibC.addChdir else { return ENOSYS }
                return addChdir(&actions, path)
            #endif
        }

        /// Non-blocking, so one thread can serve all three pipes, and (on Darwin) without SIGPIPE: a
        /// write after the child stopped reading fails with EPIPE. On Linux the writing thread blocks
        /// SIGPIPE instead (`PipePump`).
        private static func prepareForWriting(_ fd: Int32) {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
                _ = fcntl(fd, F_SETNOSIGPIPE, 1)
            #endif
        }

        /// The error number that keeps a process from entering `directory`, or nil when it can.
        private static func unenterable(_ directory: URL) -> Int32? {
            directory.withUnsafeFileSystemRepresentation { path -> Int32? in
                guard let path else { return ENOENT }
                var info = stat()
                guard stat(path, &info) == 0 else { return errno }
                guard info.st_mode & S_IFMT == S_IFDIR else { return ENOTDIR }
                return access(path, X_OK) == 0 ? nil : errno
            }
        }

        /// Runs `body` with `strings` as a nil-terminated array of C strings.
        private static func withCStrings<T>(
            _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T
        ) -> T {
            let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
            defer { for pointer in pointers { free(pointer) } }
            return body(pointers)
        }
    }
#endif
