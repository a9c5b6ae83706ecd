import Foundation

/// Where a promise was made, recorded in debug builds only, for `PendingPromiseDiagnostics`.
@usableFromInline struct PromiseOrigin: Sendable {
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt

    @inlinable init(file: StaticString, line: UInt) {
        self.file = file
        self.line = line
    }
}

/// Debug builds report a promise released while still pending with observers attached: those
/// observers can never run, which is always a bug (a lost resolver, a promise never settled).
/// Release builds compile none of this.
package enum PendingPromiseDiagnostics {
    /// Receives each report; stderr by default. Tests replace it.
    package static let reporter = LockedBox<@Sendable (String) -> Void>({ message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    })

    static func report(observers: Int, origin: PromiseOrigin?) {
        let place = origin.map { "created at \($0.file):\($0.line)" } ?? "created by the library"
        let message =
            "Promises: a promise (\(place)) was released while still pending, with \(observers) observer(s) "
            + "that can now never run. Settle every promise, or let its resolver go so it rejects."
        reporter.withLock { $0 }(message)
    }
}
