import Foundation

/// A process that exited with a non-zero status or was ended by a signal, with its output.
///
/// ```swift
/// do {
///     _ = try await Process.promise(running: git, arguments: ["pull"]).value
/// } catch let error as ProcessExitError {
///     print("git failed (\(error.status)):", String(decoding: error.standardError, as: UTF8.self))
/// }
/// ```
public struct ProcessExitError: Error, CustomStringConvertible, Sendable {
    /// The exit status, or the signal number when ``wasSignalled`` is true.
    public let status: Int32
    /// Whether a signal ended the process (cancelling the promise, a crash) rather than an exit.
    public let wasSignalled: Bool
    /// What the process wrote to its standard output.
    public let standardOutput: Data
    /// What the process wrote to its standard error.
    public let standardError: Data

    /// Describes the exit and the start of the standard error.
    public var description: String {
        let reason = wasSignalled ? "was ended by signal \(status)" : "exited with status \(status)"
        let errorText = String(decoding: standardError.prefix(200), as: UTF8.self)
        return "The process \(reason)" + (errorText.isEmpty ? "." : ": \(errorText)")
    }

    /// Makes the error; the library makes it in `Process.promise(running:…)`.
    public init(status: Int32, wasSignalled: Bool, standardOutput: Data, standardError: Data) {
        self.status = status
        self.wasSignalled = wasSignalled
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// What a process that exited with status 0 wrote.
public struct ProcessOutput: Sendable {
    /// Its standard output.
    public let standardOutput: Data
    /// Its standard error.
    public let standardError: Data

    /// The standard output as UTF-8 text, without a trailing newline.
    public var text: String {
        var text = String(decoding: standardOutput, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
