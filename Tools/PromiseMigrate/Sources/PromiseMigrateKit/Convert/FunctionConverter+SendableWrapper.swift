extension FunctionConverter {
    /// Whether Swift 6 accepts the wrapper's `Task`, which takes the handler, `self` and the parameters it
    /// passes on across to the new task: each must be `Sendable`, unless the function is isolated to an
    /// actor (the `Task` then inherits it). Where it does not, the old function keeps its body, and the async
    /// version goes beside it: a wrapper over a handler that is not `@Sendable` would not compile in Swift 6
    /// ("passing closure as a 'sending' parameter risks causing data races").
    func wrapperIsSendable(_ function: FunctionRecord, handler: HandlerInfo, kept: [Int]) -> Bool {
        let context = function.context
        if function.attributes.contains("@MainActor") || context.typeAttributes.contains("@MainActor")
            || context.typeKind == "actor"
            || codebase.records(of: context.typePath).contains(where: { $0.kind == "actor" })
        {
            return true
        }
        func isSendableClosure(_ parameter: ParameterRecord) -> Bool {
            parameter.typeSource.contains("@Sendable")
        }
        guard handler.indexes.allSatisfy({ isSendableClosure(function.parameters[$0]) }) else { return false }
        if !context.typePath.isEmpty, !function.isStatic, !codebase.isSendableType(path: context.typePath) {
            return false
        }
        let generics = Set(function.genericParameterNames)
        return kept.allSatisfy { index in
            let parameter = function.parameters[index]
            if case .function = parameter.type.withoutOptional.withoutAttributes { return isSendableClosure(parameter) }
            // A generic parameter is Sendable only where the declaration says so.
            if !parameter.type.referencedNames.isDisjoint(with: generics) {
                return (function.genericParameterClause ?? "").contains("Sendable")
                    || (function.genericWhereClause ?? "").contains("Sendable")
            }
            return codebase.nonSendableType(in: parameter.type, genericNames: []) == nil
        }
    }
}
