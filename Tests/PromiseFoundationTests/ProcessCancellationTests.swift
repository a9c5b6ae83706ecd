import Foundation
import PromiseAsync
import PromiseFoundation
import PromiseTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cancelling `Process.promise(running:)`: SIGTERM to the process and everything it started, SIGKILL
/// after the grace period.
@Suite struct ProcessCancellationTests {
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func cancellingReachesWhatTheProcessStarted() async throws {
        let marker = markerFile()
        defer { try? FileManager.default.removeItem(at: marker) }
        // A grandchild in the background, holding the output pipes, and the shell waiting for it.
        let running = Process.promise(
            running: shell, arguments: ["-c", "sleep 3600 & \(writePID("$!", to: marker)); wait"])
        let grandchild = try #require(await pid(writtenTo: marker))
        running.cancel()
        #expect(await running.result.error?.isCancellation == true)
        #expect(await ended(grandchild), "the background sleep was terminated with its parent")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aProcessThatIgnoresTerminationIsKilledAfterTheGracePeriod() async throws {
        let marker = markerFile()
        defer { try? FileManager.default.removeItem(at: marker) }
        // The shell ignores SIGTERM, and so does the sleep it starts (an ignored signal stays ignored
        // across exec).
        let running = Process.promise(
            running: shell, arguments: ["-c", "trap '' TERM; \(writePID("$$", to: marker)); sleep 3600"],
            terminationGracePeriod: .milliseconds(200))
        let pid = try #require(await pid(writtenTo: marker))
        let cancelled = ContinuousClock.now
        running.cancel()
        #expect(await running.result.error?.isCancellation == true, "rejected as cancelled")
        #expect(await ended(pid))
        #expect(ContinuousClock.now - cancelled >= .milliseconds(200), "SIGTERM alone did not end it")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aNegativeGracePeriodIsRefused() async {
        let outcome = await Process.promise(
            running: shell, arguments: ["-c", "exit 0"], terminationGracePeriod: .seconds(-1)
        )
        .result
        #expect(
            outcome.error as? PromiseError
                == .invalidArgument("terminationGracePeriod must not be negative (got seconds(-1))"))
    }
}
