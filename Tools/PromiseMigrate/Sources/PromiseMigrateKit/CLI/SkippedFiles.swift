extension Analysis {
    /// Prints a warning for each file among `wanted` (canonical paths) that was not read or parsed
    /// (unreadable, binary, not UTF-8, not a regular file, nested too deep): `convert` would otherwise
    /// leave it unconverted and say nothing.
    func warnAboutSkippedFiles(among wanted: Set<String>, to output: some CommandOutput) {
        let skipped: Set<FileDiagnostic.Kind> = [.unreadable, .binary, .notUTF8, .notRegularFile, .nestedTooDeep]
        for diagnostic in diagnostics
        where skipped.contains(diagnostic.kind) && wanted.contains(CanonicalPath.of(diagnostic.path)) {
            output.err("warning: \(diagnostic.path): \(diagnostic.message)\n")
        }
    }
}
