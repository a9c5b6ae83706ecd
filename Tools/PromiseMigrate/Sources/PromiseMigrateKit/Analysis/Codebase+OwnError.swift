/// Where `Error` is not Swift's: the generated code says `any Error` and reads a handler's `Error` as
/// untyped.
extension Codebase {
    /// A type or typealias of the codebase named `Error` that `function`'s body sees instead of
    /// `Swift.Error` (`Repo.Error`, nested in its type, an enclosing type or a superclass; or a top-level
    /// one), by its path; nil when `Error` there is Swift's.
    func ownErrorType(visibleFrom function: FunctionRecord) -> String? {
        let declared =
            types(named: "Error").filter { $0.kind != "extension" && !$0.isLocal }.map(\.path)
            + aliases.paths(named: "Error")
        guard !declared.isEmpty else { return nil }  // most codebases: no type family to walk
        var scopes: Set<String> = []
        for owner in function.context.typePath.split(separator: ".").map(String.init) {
            scopes.formUnion(family(of: owner))
        }
        return declared.first { path in
            let parent = path.split(separator: ".").dropLast()
            return parent.last.map { scopes.contains(String($0)) } ?? true
        }
    }
}
