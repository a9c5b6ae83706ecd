import Foundation

extension Codebase {
    /// Whether `function` runs on an actor: `@MainActor` itself or through its type, or an actor's
    /// instance method. `nonisolated` opts out of the type's isolation; an actor's static methods have
    /// none, a global actor's type keeps it for them.
    func isolatedToAnActor(_ function: FunctionRecord) -> Bool {
        let context = function.context
        let nonisolated = function.otherModifiers.contains { $0.hasPrefix("nonisolated") }
        let isActor = context.typeKind == "actor" || records(of: context.typePath).contains { $0.kind == "actor" }
        return function.attributes.contains("@MainActor")
            || (!nonisolated && context.typeAttributes.contains("@MainActor"))
            || (!nonisolated && !function.isStatic && isActor)
    }
}

extension FunctionConverter {
    /// Whether Swift 6 accepts the wrapper's `Task`, which takes the handler, `self` and the parameters it
    /// passes on across to the new task: each must be `Sendable`, unless the function is isolated to an
    /// actor (the `Task` then inherits it). Where it does not, the old function keeps its body, and the async
    /// version goes beside it: a wrapper over a handler that is not `@Sendable` would not compile in Swift 6
    /// ("passing closure as a 'sending' parameter risks causing data races").
    func wrapperIsSendable(_ function: FunctionRecord, handler: HandlerInfo, kept: [Int]) -> Bool {
        let context = function.context
        if codebase.isolatedToAnActor(function) { return true }
        func isSendableClosure(_ parameter: ParameterRecord) -> Bool {
            Self.isSendableClosureType(parameter.typeSource)
        }
        guard handler.indexes.allSatisfy({ isSendableClosure(function.parameters[$0]) }) else { return false }
        if !context.typePath.isEmpty, !function.isStatic, !codebase.isSendableType(path: context.typePath) {
            return false
        }
        let generics = Set(function.genericParameterNames.filter { Self.constrainsSendable($0, in: function) })
        // The type's own generic parameters and associated types are not known to be Sendable, whatever
        // other type of the codebase shares their names.
        let simple = context.typePath.split(separator: ".").last.map(String.init) ?? ""
        let unknown = Set(function.genericParameterNames).subtracting(generics).union(
            simple.isEmpty ? [] : codebase.types(named: simple).flatMap(\.genericParameterNames))
        return kept.allSatisfy { index in
            let parameter = function.parameters[index]
            if case .function = parameter.type.withoutOptional.withoutAttributes { return isSendableClosure(parameter) }
            let type = codebase.aliases.expand(parameter.type, in: context.typePath)
            return type.referencedNames.isDisjoint(with: unknown) && isKnownSendable(type, generics: generics)
        }
    }

    /// Whether a closure parameter's type, as written, is `@Sendable` itself (`@escaping @Sendable (…)`,
    /// `(@Sendable (…) -> Void)?`): not a closure it takes, nor a comment.
    public static func isSendableClosureType(_ source: String) -> Bool {
        let text = source.replacing(/\/\*.*?\*\//, with: " ").replacing(/\/\/[^\n]*/, with: " ")
        guard let leading = text.firstMatch(of: /^\s*\(?\s*((?:@\w+(?:\([^)]*\))?\s*)*)/) else { return false }
        return leading.output.1.contains(/@Sendable\b/)
    }

    /// Whether the declaration constrains generic parameter `name` to `Sendable` itself (`<T: Sendable>`,
    /// `where T: Sendable & Codable`), not only a name that contains the word or another parameter.
    static func constrainsSendable(_ name: String, in function: FunctionRecord) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let constraint = "(^|[<,\\s])\(escaped)\\s*:[^,>]*\\bSendable\\b"
        return [function.genericParameterClause, function.genericWhereClause].contains { text in
            guard let text else { return false }
            return text.range(of: constraint, options: .regularExpression) != nil
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
    /// the codebase that says so, a protocol that refines `Sendable`, or a generic parameter in `generics`.
    /// Anything else (`Any`, `AnyObject`, `NSMutableArray`, another module's type, a struct whose members
    /// the tool does not read) is not known.
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
            if generics.contains(name) { return true }
            // A qualified name (`Outer.Config`) is known only through the declarations of that path.
            if name.contains(".") {
                let records = codebase.records(of: name).filter { $0.kind != "extension" }
                return !records.isEmpty && records.allSatisfy(\.declaresSendable)
            }
            // A type of the codebase of that name (its own `Calendar`, or one of two nested `Config`s) is
            // known Sendable only where every declaration of the name says so; a struct's members are not
            // read, so one that is not public is not taken as Sendable either.
            let declarations = codebase.types(named: simple).filter { $0.kind != "extension" }
            if !declarations.isEmpty {
                return declarations.allSatisfy { record in
                    record.declaresSendable || (record.kind == "protocol" && record.inheritedTypes.contains("Sendable"))
                }
            }
            return Self.sendableTypes.contains(simple)
        }
    }
}
