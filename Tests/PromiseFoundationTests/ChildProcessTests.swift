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
        }
    #endif

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
