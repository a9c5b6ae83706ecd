import Dispatch
import Foundation
import PromiseAsync
import Promises

// `swift run MigrationDemo`: a migration half done, on real callback APIs, step by step.

func step(_ title: String) { print("\n== \(title)") }

/// A legacy synchronous helper that blocks; fine on a plain thread, refused inside a Task. This file's
/// top level awaits, so all of it runs in a Task: here a tool would `try await` instead.
func legacyBlockingQuota(user: String) throws -> Int {
    try Wrapped.quota(for: user).wait(timeout: .seconds(5))
}

let service = ReportService()
let path = CommandLine.arguments.dropFirst().first ?? "/etc/hostname"

step("1. An old completion-handler caller and a new async caller use the same service")
let oldCaller: Result<Report, any Error> = await withCheckedContinuation { continuation in
    service.report(for: path) { continuation.resume(returning: $0) }
}
print(
    "  completion handler:", oldCaller.map { "\($0.lines) line(s) in \(path), generator exited \($0.generatorStatus)" })
let newCaller: Report = try await service.report(for: path)
print("  async/await:       ", "\(newCaller.lines) line(s), generator exited \(newCaller.generatorStatus)")

step("2. A Task cancels an in-flight legacy operation (a child process)")
let running = Task { try await Wrapped.run(["sleep", "30"]).value(cancellingOnTaskCancellation: true) }
try await Wrapped.sleep(milliseconds: 200).value
let started = Date()
running.cancel()
switch await running.result {
case .success(let status): print("  process finished with status \(status) (unexpected)")
case .failure(let error):
    print("  the Task ended with \(type(of: error)) after \(Int(Date().timeIntervalSince(started) * 1000)) ms")
}

step("3. A legacy API drops its completion handler")
switch await Wrapped.quota(for: "guest").result {
case .success(let quota): print("  quota \(quota) (unexpected)")
case .failure(let error): print("  no hang:", error)
}
print("  the same API for a member:", try await Wrapped.quota(for: "ada").value)

step("4. The blocking wait(): fine on a plain thread, refused inside a Task")
let fromThread: String = await withCheckedContinuation { continuation in
    Thread {
        let outcome = Result { try legacyBlockingQuota(user: "ada") }
        continuation.resume(returning: "\(outcome)")
    }.start()
}
print("  on a thread:", fromThread)
do {
    _ = try legacyBlockingQuota(user: "ada")
    print("  at this top level: no error (unexpected)")
} catch {
    print("  at this top level (it awaits, so it runs in a Task):", error)
}

step("5. Timers and timeouts over a DispatchSource")
let outcome = await Wrapped.sleep(milliseconds: 1_000).timeout(.milliseconds(50)).result
print("  a 1 s legacy timer with a 50 ms timeout:", outcome)

print("\nDone.")
