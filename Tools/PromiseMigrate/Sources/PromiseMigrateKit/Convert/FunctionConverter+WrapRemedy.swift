/// What a protocol's default implementation can do instead of converting: `wrap` the requirement.
extension FunctionConverter {
    /// The advice for a default implementation of `requirement`: `wrap` gives the requirement a facade
    /// that reaches every conformer, when `wrap` would plan one for it (it refuses non-Sendable values,
    /// `Any`, and the second of two overloads that differ only in their handler), else why not.
    func wrapRemedy(for requirement: FunctionKey) -> String {
        let file = codebase.files[requirement.file].path
        let record = codebase.function(requirement)
        let owner = record.context.typePath
        let value = codebase.handler(requirement)?.valueType
        let labels = codebase.handler(requirement).map { $0.remainingLabels(of: record) } ?? []
        if codebase.asyncFunctions(named: record.name, labels: labels, typePath: owner).contains(where: { key in
            let facade = codebase.function(key)
            return Codebase.requiresSendableSelf(facade)
                && codebase.sameValueType(facade.returnType, in: owner, value, in: owner)
        }) {
            return "its facade serves only Sendable conformers (`where Self: Sendable`): make `\(owner)` refine "
                + "`Sendable`, or add an async requirement by hand"
        }
        let planner = WrapPlanner(codebase: codebase, fileIndex: requirement.file)
        let (plans, refusals) = planner.plan(types: [record.context.typePath])
        if plans.contains(where: { $0.function.line == record.line && $0.declaresAsyncFacade }) {
            return "`promise-migrate wrap \(file)` gives the requirement an async facade that does (or add an "
                + "async requirement by hand)"
        }
        if let refusal = refusals.first(where: { $0.line == record.line }) {
            return "add an async requirement by hand (`wrap` cannot give it a facade: \(refusal.reason))"
        }
        return "add an async requirement by hand"
    }
}
