#if os(macOS) || os(Linux)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// An error number from a system call that failed while a child was being started.
    struct SystemCallError: Error {
        let errorNumber: Int32
        init(_ errorNumber: Int32 = errno) { self.errorNumber = errorNumber }
    }

    /// A pipe for a child's standard stream. Both ends are close-on-exec from the start, so a child
    /// that another thread spawns meanwhile does not inherit them (an inherited write end would keep
    /// our read from ever seeing its end), and above 2, so the spawn's `dup2` onto 0, 1 and 2 never
    /// meets one of them.
    struct ProcessPipe {
        let readEnd: Int32
        let writeEnd: Int32

        static func make() throws(SystemCallError) -> ProcessPipe {
            var ends: [Int32] = [-1, -1]
            #if os(Linux)
                if let pipe2 = GNULibC.pipe2 {
                    guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SystemCallError() }
                } else {
                    try makeThenMarkCloseOnExec(&ends)
                }
            #else
                // Darwin has no pipe2. The window before fcntl only matters to spawners that do not
                // close what they do not name; ours sets POSIX_SPAWN_CLOEXEC_DEFAULT.
                try makeThenMarkCloseOnExec(&ends)
            #endif
            do {
                ends[0] = try aboveStandardStreams(ends[0])
                ends[1] = try aboveStandardStreams(ends[1])
            } catch {
                for end in ends { close(end) }
                throw error
            }
            return ProcessPipe(readEnd: ends[0], writeEnd: ends[1])
        }

        private static func makeThenMarkCloseOnExec(_ ends: inout [Int32]) throws(SystemCallError) {
            guard pipe(&ends) == 0 else { throw SystemCallError() }
            for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
                let error = SystemCallError()
                for end in ends { close(end) }
                throw error
            }
        }

        /// `fd`, or (closing `fd`) a close-on-exec copy of it at 3 or above when it has a standard
        /// stream's number, which happens when the parent had closed that stream.
        private static func aboveStandardStreams(_ fd: Int32) throws(SystemCallError) -> Int32 {
            guard fd <= 2 else { return fd }
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else { throw SystemCallError() }
            close(fd)
            return copy
        }
    }
#endif
