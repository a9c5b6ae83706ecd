import Foundation

extension ConvertOptions {
    /// Whether every path given (and the context) is there; prints an error for each that is not. A
    /// mistyped path would otherwise convert nothing, and say nothing.
    func pathsExist(reportingTo output: some CommandOutput) -> Bool {
        let missing = (paths + (context.map { [$0] } ?? [])).filter { !FileManager.default.fileExists(atPath: $0) }
        for path in missing { output.err("error: \(path): no such file or folder\n") }
        return missing.isEmpty
    }
}
