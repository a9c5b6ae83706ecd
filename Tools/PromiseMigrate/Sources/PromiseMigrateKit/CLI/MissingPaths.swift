import Foundation

extension ConvertOptions {
    /// Whether every path given (and the context) is there; prints an error for each that is not. A
    /// mistyped path would otherwise convert nothing, and say nothing.
    func pathsExist(reportingTo output: some CommandOutput) -> Bool {
        let missing = (paths + (context.map { [$0] } ?? [])).filter { !FileManager.default.fileExists(atPath: $0) }
        for path in missing {
            var info = stat()
            let isLink = lstat(path, &info) == 0
            output.err("error: \(path): \(isLink ? "symbolic link to nothing" : "no such file or folder")\n")
        }
        return missing.isEmpty
    }
}
