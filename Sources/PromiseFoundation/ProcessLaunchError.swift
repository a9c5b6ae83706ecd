import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process that could not be started: the executable is missing or not executable, the current
/// directory cannot be entered, or the system ran out of a resource (processes, file descriptors).
///
/// ```swift
/// let outcome = await Process.promise(running: URL(fileURLWithPath: "/nonexistent/tool")).result
/// if case .failure(let error as ProcessLaunchError) = outcome {
///     print(error)  // Could not start /nonexistent/tool: No such file or directory
/// }
/// ```
public struct ProcessLaunchError: Error, CustomStringConvertible, Sendable {
    /// The executable that was to run.
    public let executable: URL
    /// The current directory the process could not enter, when that was what failed; nil when it was
    /// the executable or the system.
    public let currentDirectory: URL?
    /// The system's error number (`errno`), such as `ENOENT` or `EACCES`.
    public let errorNumber: Int32

    /// ``errorNumber`` as a `POSIXErrorCode`, nil for a number the type has no case for.
    public var code: POSIXErrorCode? { POSIXErrorCode(rawValue: errorNumber) }

    /// Names the executable (and the directory, when it was the cause) and the system's reason:
    /// "Could not start /nonexistent/tool: No such file or directory".
    public var description: String {
        let reason = String(cString: strerror(errorNumber))
        if let currentDirectory {
            return "Could not start \(executable.path) in \(currentDirectory.path): \(reason)"
        }
        return "Could not start \(executable.path): \(reason)"
    }

    /// Makes the error; the library makes it in `Process.promise(running:…)`.
    public init(executable: URL, currentDirectory: URL? = nil, errorNumber: Int32) {
        self.executable = executable
        self.currentDirectory = currentDirectory
        self.errorNumber = errorNumber
    }
}
