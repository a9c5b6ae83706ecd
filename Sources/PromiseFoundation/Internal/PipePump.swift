#if os(macOS) || os(Linux)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Moves bytes between this process and a child's pipes, on the calling thread, which it blocks: it
    /// writes `input` to the child's standard input while it reads the standard output and error, so
    /// that neither side ever waits on a full pipe.
    enum PipePump {
        /// Runs until both outputs reach their end (every holder of their write ends closed them: the
        /// child and whatever inherited them), then returns what they carried. Closes all three ends.
        ///
        /// A child that stops reading (it exited, or closed its input) ends the writing: the rest of
        /// `input` is dropped. Input not yet written when the outputs end is dropped too.
        static func run(_ ends: ChildProcess.ParentEnds, input: Data) -> (output: Data, error: Data) {
            #if os(Linux)
                // A write to a pipe nobody reads raises SIGPIPE in the writing thread, and by default that
                // ends the whole process. Blocked here (this thread only, and it ends after this), the
                // write fails with EPIPE instead. Darwin uses F_SETNOSIGPIPE on the descriptor.
                if ends.input != nil {
                    var pipeSignal = sigset_t()
                    sigemptyset(&pipeSignal)
                    sigaddset(&pipeSignal, SIGPIPE)
                    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                }
            #endif
            var output = Data()
            var error = Data()
            var inputEnd = ends.input
            var outputEnd: Int32? = ends.output
            var errorEnd: Int32? = ends.error
            var written = 0
            if let end = inputEnd, input.isEmpty {
                close(end)
                inputEnd = nil
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
            defer { buffer.deallocate() }

            // One table for every round: output, error, input; a closed end's -1 makes poll skip it.
            var polled = [Int16(POLLIN), Int16(POLLIN), Int16(POLLOUT)].map { pollfd(fd: -1, events: $0, revents: 0) }
            while outputEnd != nil || errorEnd != nil {
                (polled[0].fd, polled[1].fd, polled[2].fd) = (outputEnd ?? -1, errorEnd ?? -1, inputEnd ?? -1)
                for index in polled.indices { polled[index].revents = 0 }
                guard poll(&polled, nfds_t(polled.count), -1) > 0 else {
                    if errno == EINTR || errno == EAGAIN { continue }
                    if errno == ENOMEM {  // no room for the poll table just now: try again
                        usleep(1_000)
                        continue
                    }
                    preconditionFailure("poll failed on a child's pipes: errno \(errno)")
                }
                if polled[0].revents != 0, let end = outputEnd, !drain(end, into: &output, using: buffer) {
                    outputEnd = nil
                }
                if polled[1].revents != 0, let end = errorEnd, !drain(end, into: &error, using: buffer) {
                    errorEnd = nil
                }
                if polled[2].revents != 0, let end = inputEnd, !feed(input, from: &written, to: end) {
                    inputEnd = nil
                }
            }
            if let inputEnd { close(inputEnd) }
            return (output, error)
        }

        /// Reads what `fd` has into `data`; false (having closed `fd`) at its end.
        private static func drain(_ fd: Int32, into data: inout Data, using buffer: UnsafeMutableRawBufferPointer)
            -> Bool
        {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count > 0 {
                data.append(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
                return true
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
            close(fd)  // the end, or an error no retry will cure
            return false
        }

        /// Writes what of `input` the pipe takes, from `written` on; false (having closed `fd`) once all
        /// is written or the child stopped reading.
        private static func feed(_ input: Data, from written: inout Int, to fd: Int32) -> Bool {
            let count = input.withUnsafeBytes { bytes in
                write(fd, bytes.baseAddress! + written, min(bytes.count - written, 65_536))
            }
            if count > 0 { written += count }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
            if count >= 0 && written < input.count { return true }
            close(fd)  // all written, or EPIPE: the child stopped reading
            return false
        }
    }
#endif
