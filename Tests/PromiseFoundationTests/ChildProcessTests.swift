import Foundation
import PromiseAsync
import PromiseTestSupport
import Testing

@testable import PromiseFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `ChildProcess` rests on: the C library functions it looks up, and the signal state a child
/// starts with.
@Suite struct ChildProcessTests {
    #if os(Linux)
        @Test func theCLibraryFunctionsSwiftDoesNotImportAreFound() {
            #expect(GNULibC.pipe2 != nil)
            #expect(GNULibC.addChdir != nil)
            #expect(GNULibC.addCloseFrom != nil, "glibc 2.34 or later")
        }

        /// A descriptor this process opened without close-on-exec does not reach the child.
        @Test(.timeLimit(.minutes(TestScale.minutes(1))))
        func aChildGetsNoDescriptorButItsOwnThree() async throws {
            let open = Glibc.open("/dev/null", O_RDONLY)  // no O_CLOEXEC: inherited unless closed
            try #require(open > 2)
            defer { close(open) }
            let check = try await Process.promise(
                running: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "if [ -e /proc/self/fd/\(open) ]; then echo open; else echo closed; fi"]
            ).value
            #expect(check.text == "closed")
        }
    #endif

    /// This process's standard input is a pipe with text in it for the test's length (a runner that
    /// gives tests /dev/null, as CI does, would hide a child that inherits it): the child reads none
    /// of it. Other tests' children meanwhile get /dev/null as well, so swapping it is harmless.
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aChildNeverReadsThisProcesssInput() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let saved = dup(0)
        dup2(ends[0], 0)
        close(ends[0])
        _ = "parent input\n".withCString { write(ends[1], $0, strlen($0)) }
        close(ends[1])
        defer {
            dup2(saved, 0)
            close(saved)
        }
        let output = try await Process.promise(running: URL(fileURLWithPath: "/bin/cat")).value
        #expect(output.standardOutput.isEmpty, "cat read /dev/null, not this process's input")
    }

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads /proc/PID/status"),
        .timeLimit(.minutes(TestScale.minutes(1))))
    func aChildStartsWithNoSignalBlocked() async throws {
        // Started from a thread that blocks SIGPIPE, as a server's threads often do: the child must
        // not inherit that, or writing to a closed pipe would leave it running instead of ending it.
        let promise = await onThread {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            return Process.promise(running: URL(fileURLWithPath: "/bin/cat"), arguments: ["/proc/self/status"])
        }
        let status = try await promise.value.text
        let blocked = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
        let mask = try #require(
            blocked.flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) })
        #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0)
    }
}
