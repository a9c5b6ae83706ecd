import Foundation
import PromiseAsync
import PromiseFoundation
import PromiseTestSupport
import Testing

/// `Process.promise(running:)`, with `/bin/sh`.
@Suite struct ProcessPromiseTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aZeroExitFulfillsWithBothOutputs() async throws {
        let output = try await Process.promise(running: shell, arguments: ["-c", "echo out; echo err >&2"]).value
        #expect(output.text == "out")
        #expect(String(decoding: output.standardError, as: UTF8.self) == "err\n")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aNonZeroExitRejectsWithTheStatusAndTheOutput() async {
        let outcome = await Process.promise(running: shell, arguments: ["-c", "echo partial; echo broken >&2; exit 3"])
            .result
        let error = try? #require(outcome.error as? ProcessExitError)
        #expect(error?.status == 3)
        #expect(error?.wasSignalled == false)
        #expect(error.map { String(decoding: $0.standardOutput, as: UTF8.self) } == "partial\n")
        #expect(error?.description == "The process exited with status 3: broken\n")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func largeOutputDoesNotBlockTheProcess() async throws {
        // 1 MB is far more than a pipe's buffer: the process would block if nobody read while it ran.
        let output = try await Process.promise(running: shell, arguments: ["-c", "head -c 1000000 /dev/zero"]).value
        #expect(output.standardOutput.count == 1_000_000)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aMissingExecutableRejectsWithTheLaunchError() async {
        let outcome = await Process.promise(running: URL(fileURLWithPath: "/nonexistent/tool")).result
        #expect(outcome.error != nil)
        #expect(!(outcome.error is ProcessExitError))
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func cancellingThePromiseTerminatesTheProcess() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("pid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        // The shell writes its pid, then becomes `sleep` (same pid): the process to terminate.
        let running = Process.promise(
            running: shell,
            arguments: [
                "-c", "echo $$ > '\(marker.path).tmp'; mv '\(marker.path).tmp' '\(marker.path)'; exec sleep 3600",
            ])
        let pid = await onThread { () -> pid_t in
            while true {  // waits for the event (the file), bounded by the time limit
                if let text = try? String(contentsOf: marker, encoding: .utf8),
                    let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
                {
                    return pid
                }
                usleep(1_000)
            }
        }
        running.cancel()
        #expect(await running.result.error?.isCancellation == true)
        await onThread {
            while kill(pid, 0) == 0 { usleep(1_000) }  // until the process is gone (the time limit bounds it)
        }
        #expect(kill(pid, 0) != 0, "the process was terminated, not left sleeping")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func environmentAndDirectoryReachTheProcess() async throws {
        let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let output = try await Process.promise(
            running: shell, arguments: ["-c", "echo $GREETING; pwd"], environment: ["GREETING": "hej"],
            currentDirectory: directory
        ).value
        #expect(output.text == "hej\n\(directory.path)")
    }
}
