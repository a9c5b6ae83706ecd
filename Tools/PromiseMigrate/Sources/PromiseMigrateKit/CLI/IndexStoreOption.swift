extension Analysis {
    /// `--index-store` for a command: reads the store at `path` (when given) and prints its notes, or its
    /// error. Returns false when the store cannot be used, and the command should exit with status 1.
    mutating func applyIndexStore(_ path: String?, output: some CommandOutput) -> Bool {
        guard let path else { return true }
        do {
            if let note = try useIndexStore(at: path) { output.err(note) }
            return true
        } catch {
            output.err("error: \(error)\n")
            return false
        }
    }
}
