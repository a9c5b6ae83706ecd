import Foundation
import PromiseAsync
import PromiseFoundation
import PromiseTestSupport
import Testing

/// A process that cannot start rejects with `ProcessLaunchError`, which says what and why.
@Suite struct ProcessLaunchErrorTests {
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aMissingExecutableIsNamed() async throws {
        let tool = URL(fileURLWithPath: "/nonexistent/tool")
        let error = try #require(await Process.promise(running: tool).result.error as? ProcessLaunchError)
        #expect(error.executable == tool)
        #expect(error.currentDirectory == nil)
        #expect(error.code == .ENOENT)
        #expect(error.description == "Could not start /nonexistent/tool: No such file or directory")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aMissingDirectoryIsNamed() async throws {
        let directory = URL(fileURLWithPath: "/nonexistent/directory")
        let outcome = await Process.promise(running: shell, arguments: ["-c", "exit 0"], currentDirectory: directory)
            .result
        let error = try #require(outcome.error as? ProcessLaunchError)
        #expect(error.executable == shell)
        #expect(error.currentDirectory == directory)
        #expect(error.code == .ENOENT)
        #expect(error.description == "Could not start /bin/sh in /nonexistent/directory: No such file or directory")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aFileThatIsNotExecutableIsRefused() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("#!/bin/sh\n".utf8).write(to: file)  // written with mode 0644: not executable
        let error = try #require(await Process.promise(running: file).result.error as? ProcessLaunchError)
        #expect(error.code == .EACCES)
        #expect(error.currentDirectory == nil)
    }
}
