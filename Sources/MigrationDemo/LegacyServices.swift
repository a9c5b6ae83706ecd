import Dispatch
import Foundation

// The "before" half of the migration: completion-handler code on real platform callback APIs.

/// Reads a file with DispatchIO and calls back with the bytes or an error.
enum LegacyFileReader {
    static func read(path: String, completion: @escaping @Sendable (Data?, (any Error)?) -> Void) {
        let queue = DispatchQueue(label: "demo.file")
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            completion(nil, POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
            return
        }
        let channel = DispatchIO(type: .stream, fileDescriptor: fd, queue: queue) { _ in close(fd) }
        let collected = Collected()
        channel.read(offset: 0, length: Int.max, queue: queue) { done, chunk, error in
            if let chunk { collected.append(chunk) }
            guard done else { return }
            channel.close()
            if error != 0 {
                completion(nil, POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO))
            } else {
                completion(collected.data, nil)
            }
        }
    }

    /// Bytes gathered by one read; only touched on the read's serial queue.
    private final class Collected: @unchecked Sendable {  // confined to the DispatchIO queue
        var data = Data()
        func append(_ chunk: DispatchData) { data.append(contentsOf: chunk) }
    }
}

/// Runs a child process and reports its exit status through `terminationHandler`.
enum LegacyProcessRunner {
    /// Starts `arguments` and returns the process, so the caller may terminate it.
    @discardableResult
    static func run(_ arguments: [String], completion: @escaping @Sendable (Int32) -> Void) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.terminationHandler = { completion($0.terminationStatus) }
        try process.run()
        return process
    }
}

/// Fires a completion handler after a delay, from a DispatchSource timer.
enum LegacyTimer {
    static func after(milliseconds: Int, completion: @escaping @Sendable () -> Void) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(milliseconds))
        timer.setEventHandler {
            timer.cancel()
            completion()
        }
        timer.resume()
        return timer
    }
}

/// A legacy API with a bug: on one path it drops its completion handler without calling it.
enum LegacyQuota {
    static func remaining(user: String, completion: @escaping @Sendable (Int?, (any Error)?) -> Void) {
        guard user != "guest" else { return }  // bug: never calls back for guests
        DispatchQueue.global().async { completion(42, nil) }
    }
}
