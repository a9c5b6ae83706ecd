import Foundation
import PromiseAsync
import PromiseFoundation
import PromiseTestSupport
import Testing

/// `Process.promise(running:)`, with `/bin/sh`.
@Suite struct ProcessPromiseTests {
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
        let marker = markerFile()
        defer { try? FileManager.default.removeItem(at: marker) }
        // The shell writes its pid, then becomes `sleep` (same pid): the process to terminate.
        let running = Process.promise(
            running: shell, arguments: ["-c", "\(writePID("$$", to: marker)); exec sleep 3600"])
        let pid = try #require(await pid(writtenTo: marker))
        running.cancel()
        #expect(await running.result.error?.isCancellation == true)
        #expect(await ended(pid), "the process was terminated, not left sleeping")
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

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func withoutInputTheProcessReadsDevNullNotOurs() async throws {
        let cat = try await Process.promise(running: URL(fileURLWithPath: "/bin/cat")).value
        #expect(cat.standardOutput.isEmpty, "cat read an empty input and ended")
        // Whatever this process's own input is (a terminal, a pipe), the child's is /dev/null.
        let check = try await Process.promise(
            running: shell, arguments: ["-c", "if [ /dev/stdin -ef /dev/null ]; then echo null; else echo other; fi"]
        ).value
        #expect(check.text == "null")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func inputReachesTheProcessAndIsThenClosed() async throws {
        let cat = URL(fileURLWithPath: "/bin/cat")
        #expect(try await Process.promise(running: cat, input: Data("hello\n".utf8)).value.text == "hello")
        #expect(try await Process.promise(running: cat, input: Data()).value.standardOutput.isEmpty)
        // 1 MiB each way is far more than a pipe holds: writing and reading must take turns.
        let large = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) })
        let echoed = try await Process.promise(running: cat, input: large).value
        #expect(echoed.standardOutput == large)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aProcessThatStopsReadingItsInputStillSettles() async throws {
        // The shell reads none of it and exits: our writes then fail (EPIPE), and SIGPIPE, which by
        // default ends the whole process, must not reach this one.
        let large = Data(repeating: 7, count: 1 << 20)
        let output = try await Process.promise(running: shell, arguments: ["-c", "exit 0"], input: large).value
        #expect(output.standardOutput.isEmpty)
        let failed = await Process.promise(running: shell, arguments: ["-c", "head -c 3; exit 4"], input: large).result
        let error = try #require(failed.error as? ProcessExitError)
        #expect(error.status == 4)
        #expect(error.standardOutput == Data([7, 7, 7]))
    }

    @Test(
        .enabled(if: openFileDescriptorCount() != nil, "counts /proc/self/fd"),
        .timeLimit(.minutes(TestScale.minutes(1))))
    func runningManyProcessesLeaksNoFileDescriptors() async throws {
        let runs = TestScale.size(quick: 2000, full: 2000, minimum: 200)
        let before = try #require(openFileDescriptorCount())
        for run in 0..<runs {
            let output = try await Process.promise(running: shell, arguments: ["-c", "echo \(run)"]).value
            #expect(output.text == "\(run)")
        }
        for _ in 0..<(runs / 10) {  // failed launches close what they opened too
            _ = await Process.promise(running: URL(fileURLWithPath: "/nonexistent/tool")).result
        }
        // A leak is two or three per run; other tests running meanwhile hold a few for a moment.
        let grown = await descriptorGrowth(since: before, settlingBelow: 100)
        #expect(grown < 100, "\(grown) more descriptors open after \(runs) runs")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func processesStartedTogetherDoNotHoldEachOthersPipes() async throws {
        // Long-running processes spawned while short ones are: had one inherited a short one's output
        // pipe, that short one's output would not end before the long one (the time limit ends it).
        let sleepers = Recorder<Promise<ProcessOutput>>()
        defer { sleepers.elements.forEach { $0.cancel() } }
        let runs = TestScale.size(quick: 200, full: 1000, minimum: 40)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for run in 0..<runs {
                if run % 10 == 0 {
                    group.addTask {
                        sleepers.append(Process.promise(running: shell, arguments: ["-c", "exec sleep 3600"]))
                    }
                }
                group.addTask {
                    let output = try await Process.promise(running: shell, arguments: ["-c", "echo \(run)"]).value
                    #expect(output.text == "\(run)")
                }
            }
            try await group.waitForAll()
        }
    }
}
