extension FunctionConverter {
    /// Whether Swift 6 accepts the wrapper's `Task`, which takes the handler, `self` and the parameters it
    /// passes on across to the new task: each must be `Sendable`, unless the function is isolated to an
    /// actor (the `Task` then inherits it). Where it does not, the old function keeps its body, and the async
    /// version goes beside it: a wrapper over a handler that is not `@Sendable` would not compile in Swift 6
    /// ("passing closure as a 'sending' parameter risks causing data races").
    func wrapperIsSendable(_ function: FunctionRecord, handler: HandlerInfo, kept: [Int]) -> Bool {
        let context = function.context
        // `nonisolated` opts out of the type's isolation; an actor's static methods have none, a global
        // actor's type keeps it for them.
        let nonisolated = function.otherModifiers.contains { $0.hasPrefix("nonisolated") }
        let isActor =
            context.typeKind == "actor" || codebase.records(of: context.typePath).contains { $0.kind == "actor" }
        if function.attributes.contains("@MainActor")
            || (!nonisolated && context.typeAttributes.contains("@MainActor"))
            || (!nonisolated && !function.isStatic && isActor)
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
        let sendableGenerics =
            (function.genericParameterClause ?? "").contains("Sendable")
            || (function.genericWhereClause ?? "").contains("Sendable")
        return kept.allSatisfy { index in
            let parameter = function.parameters[index]
            if case .function = parameter.type.withoutOptional.withoutAttributes { return isSendableClosure(parameter) }
            return isKnownSendable(parameter.type, generics: sendableGenerics ? generics : [])
        }
    }

    /// The platform's value types that are `Sendable` (collections of them are).
    static let sendableTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "String", "Substring", "Character", "URL", "URLRequest", "Data", "Date", "UUID", "TimeInterval",
        "Decimal", "Duration", "CGFloat", "CGSize", "CGPoint", "CGRect", "Array", "Dictionary", "Set", "Optional",
        "Result", "Error", "DispatchQueue", "DispatchQoS", "DispatchTimeInterval", "Locale", "TimeZone", "Calendar",
        "IndexPath", "IndexSet", "Never", "Void",
    ]

    /// Whether `type` is surely `Sendable`: the platform's value types and collections of them, a type of
    /// the codebase that says so (or a struct or enum that is not public, which Swift infers it for, as
    /// `Codebase.nonSendableType` takes it), a protocol that refines `Sendable`, or a generic parameter in
    /// `generics`. Anything else (`Any`, `AnyObject`, `NSMutableArray`, another module's type) is not known.
    func isKnownSendable(_ type: TypeRef, generics: Set<String>) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped): return isKnownSendable(wrapped, generics: generics)
        case .dictionary(let key, let value):
            return isKnownSendable(key, generics: generics) && isKnownSendable(value, generics: generics)
        case .tuple(let elements): return elements.allSatisfy { isKnownSendable($0, generics: generics) }
        case .existential(let inner): return isKnownSendable(inner, generics: generics)
        case .function, .other: return false
        case .named(let name, let arguments):
            guard arguments.allSatisfy({ isKnownSendable($0, generics: generics) }) else { return false }
            let simple = type.simpleName ?? name
            if generics.contains(name) || Self.sendableTypes.contains(simple) { return true }
            let records = codebase.types(named: simple)
            if records.contains(where: \.declaresSendable) { return true }
            if records.contains(where: { $0.kind == "protocol" && $0.inheritedTypes.contains("Sendable") }) {
                return true
            }
            return records.contains { record in
                ["struct", "enum"].contains(record.kind) && record.accessLevel != "public"
                    && record.accessLevel != "open"
            } && codebase.nonSendableType(in: type, genericNames: generics) == nil
        }
    }
}
