import Foundation
import PromiseTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Helpers for the Process.promise tests: pids that a shell writes down, and whether they ended.

/// The shell, which every process test runs.
let shell = URL(fileURLWithPath: "/bin/sh")

/// A fresh path in the temporary directory for a shell to write a pid to (nothing is there yet).
func markerFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("pid-\(UUID().uuidString)")
}

/// Shell code that writes `variable` (such as `$$` or `$!`) to `marker` in one step (written aside,
/// then renamed), so a reader never sees it half written.
func writePID(_ variable: String, to marker: URL) -> String {
    "echo \(variable) > '\(marker.path).tmp'; mv '\(marker.path).tmp' '\(marker.path)'"
}

/// How long a test waits for a process event before it reports a failure: half its time limit, so a
/// regression fails the test rather than hang the run (the time limit cannot end a blocked thread).
private let eventWait = Double(TestScale.minutes(1)) * 30

/// Polls `probe` on a thread of its own until it answers, or `eventWait` passed (nil then).
private func pollOnThread<T: Sendable>(_ probe: @escaping @Sendable () -> T?) async -> T? {
    await onThread {
        let deadline = Date(timeIntervalSinceNow: eventWait)
        while Date() < deadline {
            if let answer = probe() { return answer }
            usleep(1_000)
        }
        return nil
    }
}

/// The pid in `marker`, once a shell wrote it; nil if none came.
func pid(writtenTo marker: URL) async -> pid_t? {
    await pollOnThread {
        (try? String(contentsOf: marker, encoding: .utf8)).flatMap {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// Whether process `pid` ended within the wait.
func ended(_ pid: pid_t) async -> Bool {
    await pollOnThread { hasEnded(pid) ? true : nil } ?? false
}

/// Whether process `pid` has ended: it is gone, or it is a zombie that nobody reaped yet (a
/// grandchild's new parent, in a container, may never reap it).
func hasEnded(_ pid: pid_t) -> Bool {
    if kill(pid, 0) != 0 { return true }
    // "PID (NAME) STATE …", where NAME may hold spaces and parentheses: the state follows the last ')'.
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let nameEnd = stat.lastIndex(of: ")")
    else { return false }
    return stat[nameEnd...].dropFirst().trimmingCharacters(in: .whitespaces).first == "Z"
}

/// The number of file descriptors open in this process, where /proc says (Linux); nil elsewhere.
func openFileDescriptorCount() -> Int? {
    try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
}

/// How many more file descriptors are open than `before`: the first count below `limit`, so that
/// descriptors other tests hold for a moment (their pipes, their sockets) have time to close, or the
/// count when the wait ends.
func descriptorGrowth(since before: Int, settlingBelow limit: Int) async -> Int {
    let growth: @Sendable () -> Int = { (openFileDescriptorCount() ?? before) - before }
    return await pollOnThread { growth() < limit ? growth() : nil } ?? growth()
}
