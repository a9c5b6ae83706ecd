import SwiftSyntax

/// A type as written in source, reduced to what handler shapes and generated signatures need.
///
/// Built once per file from the syntax tree, so that later passes (typealias expansion, shape
/// classification, code generation) never re-parse source text.
public indirect enum TypeRef: Hashable, Sendable {
    /// A nominal type or generic parameter: `User`, `Result<T, E>`, `Swift.Result<…>`.
    case named(String, [TypeRef])
    /// `T?` (and `T!`).
    case optional(TypeRef)
    /// `(A, B) async throws -> R`, with the attributes written on it (`escaping`, `Sendable`, `MainActor`).
    case function(parameters: [TypeRef], result: TypeRef, isAsync: Bool, throwsClause: String?, attributes: [String])
    /// `(A, B)`; a tuple of one unlabeled element is reduced to that element when built.
    case tuple([TypeRef])
    /// `[T]`.
    case array(TypeRef)
    /// `[K: V]`.
    case dictionary(TypeRef, TypeRef)
    /// `any P`.
    case existential(TypeRef)
    /// Anything else, kept as written (`some P`, `A & B`, `T.Type`, `inout T`).
    case other(String)

    /// The wrapped type of an optional, else the type itself.
    public var withoutOptional: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The unqualified name of a named type (`Result` for `Swift.Result`), nil for other kinds.
    public var simpleName: String? {
        guard case .named(let name, _) = self else { return nil }
        return name.split(separator: ".").last.map(String.init)
    }

    /// The type with its attributes (`@escaping`, `@Sendable`) removed, at the top level only.
    public var withoutAttributes: TypeRef {
        guard case .function(let parameters, let result, let isAsync, let throwsClause, _) = self else { return self }
        return .function(
            parameters: parameters, result: result, isAsync: isAsync, throwsClause: throwsClause, attributes: [])
    }

    /// The type as a value rather than a parameter: without `@escaping` and `@autoclosure`, which only a
    /// parameter may say (a closure returned, or inside an optional, a tuple or a generic argument,
    /// escapes anyway). A closure's own parameters keep theirs: `(@escaping () -> Void) -> Void` is a value.
    public var asValue: TypeRef {
        switch self {
        case .named(let name, let arguments): return .named(name, arguments.map(\.asValue))
        case .optional(let wrapped): return .optional(wrapped.asValue)
        case .function(let parameters, let result, let isAsync, let throwsClause, let attributes):
            return .function(
                parameters: parameters, result: result.asValue, isAsync: isAsync, throwsClause: throwsClause,
                attributes: attributes.filter { $0 != "escaping" && $0 != "autoclosure" })
        case .tuple(let elements): return .tuple(elements.map(\.asValue))
        case .array(let element): return .array(element.asValue)
        case .dictionary(let key, let value): return .dictionary(key.asValue, value.asValue)
        case .existential(let constraint): return .existential(constraint.asValue)
        case .other: return self
        }
    }

    /// Whether the type is `Void` or `()`.
    public var isVoid: Bool {
        switch self {
        case .tuple(let elements): return elements.isEmpty
        case .named: return simpleName == "Void"
        default: return false
        }
    }

    /// Every type name the type mentions, for Sendable and generic-parameter checks.
    public var referencedNames: Set<String> { names(leadingOnly: false) }

    /// The names the type's lookup starts from: `Store` of `Store.Item`, and each generic argument's and
    /// element's (none inside a type written as text).
    public var leadingNames: Set<String> { names(leadingOnly: true) }

    private func names(leadingOnly: Bool) -> Set<String> {
        switch self {
        case .named(let name, let arguments):
            var names: Set<String> = []
            if let first = name.split(separator: ".").first { names.insert(String(first)) }
            if !leadingOnly { names.insert(name.split(separator: ".").last.map(String.init) ?? name) }
            for argument in arguments { names.formUnion(argument.names(leadingOnly: leadingOnly)) }
            return names
        case .optional(let wrapped), .array(let wrapped), .existential(let wrapped):
            return wrapped.names(leadingOnly: leadingOnly)
        case .function(let parameters, let result, _, _, _):
            return parameters.reduce(into: result.names(leadingOnly: leadingOnly)) {
                $0.formUnion($1.names(leadingOnly: leadingOnly))
            }
        case .tuple(let elements):
            return elements.reduce(into: []) { $0.formUnion($1.names(leadingOnly: leadingOnly)) }
        case .dictionary(let key, let value):
            return key.names(leadingOnly: leadingOnly).union(value.names(leadingOnly: leadingOnly))
        case .other(let text):
            return leadingOnly ? [] : Set(Self.identifiers(in: text))
        }
    }

    /// Replaces named types with no generic arguments by `substitutions[name]` (generic typealiases).
    public func substituting(_ substitutions: [String: TypeRef]) -> TypeRef {
        guard !substitutions.isEmpty else { return self }
        switch self {
        case .named(let name, let arguments):
            if arguments.isEmpty, let replacement = substitutions[name] { return replacement }
            return .named(name, arguments.map { $0.substituting(substitutions) })
        case .optional(let wrapped): return .optional(wrapped.substituting(substitutions))
        case .array(let element): return .array(element.substituting(substitutions))
        case .existential(let constraint): return .existential(constraint.substituting(substitutions))
        case .dictionary(let key, let value):
            return .dictionary(key.substituting(substitutions), value.substituting(substitutions))
        case .tuple(let elements): return .tuple(elements.map { $0.substituting(substitutions) })
        case .function(let parameters, let result, let isAsync, let throwsClause, let attributes):
            return .function(
                parameters: parameters.map { $0.substituting(substitutions) },
                result: result.substituting(substitutions),
                isAsync: isAsync, throwsClause: throwsClause, attributes: attributes)
        case .other: return self
        }
    }

    /// Source text for the type, as it would be written in a generated declaration.
    public var source: String {
        switch self {
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.source).joined(separator: ", "))>"
        case .optional(let wrapped):
            switch wrapped {
            case .function, .existential, .other: return "(\(wrapped.source))?"
            default: return "\(wrapped.source)?"
            }
        case .function(let parameters, let result, let isAsync, let throwsClause, let attributes):
            let effects = (isAsync ? " async" : "") + (throwsClause.map { " \($0)" } ?? "")
            let prefix = attributes.map { "@\($0) " }.joined()
            return "\(prefix)(\(parameters.map(\.source).joined(separator: ", ")))\(effects) -> \(result.source)"
        case .tuple(let elements): return "(\(elements.map(\.source).joined(separator: ", ")))"
        case .array(let element): return "[\(element.source)]"
        case .dictionary(let key, let value): return "[\(key.source): \(value.source)]"
        case .existential(let constraint): return "any \(constraint.source)"
        case .other(let text): return text
        }
    }

    private static func identifiers(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init).filter { $0.first?.isLetter == true }
    }
}

extension TypeRef {
    /// Builds a `TypeRef` from a type's syntax.
    public init(_ syntax: TypeSyntax) {
        if let identifier = syntax.as(IdentifierTypeSyntax.self) {
            self = .named(identifier.name.text, Self.arguments(identifier.genericArgumentClause))
        } else if let member = syntax.as(MemberTypeSyntax.self) {
            let base = TypeRef(member.baseType)
            let baseName: String
            if case .named(let name, let arguments) = base, arguments.isEmpty {
                baseName = name
            } else {
                baseName = member.baseType.trimmedDescription
            }
            self = .named("\(baseName).\(member.name.text)", Self.arguments(member.genericArgumentClause))
        } else if let optional = syntax.as(OptionalTypeSyntax.self) {
            self = .optional(TypeRef(optional.wrappedType))
        } else if let unwrapped = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(TypeRef(unwrapped.wrappedType))
        } else if let function = syntax.as(FunctionTypeSyntax.self) {
            self = .function(
                parameters: function.parameters.map { TypeRef($0.type) },
                result: TypeRef(function.returnClause.type),
                isAsync: function.effectSpecifiers?.asyncSpecifier != nil,
                throwsClause: function.effectSpecifiers?.throwsClause?.trimmedDescription,
                attributes: [])
        } else if let tuple = syntax.as(TupleTypeSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil,
                only.ellipsis == nil
            {
                self = TypeRef(only.type)
            } else if tuple.elements.contains(where: { $0.firstName != nil }) {
                self = .other(tuple.trimmedDescription)  // labeled tuples keep their labels as written
            } else {
                self = .tuple(tuple.elements.map { TypeRef($0.type) })
            }
        } else if let array = syntax.as(ArrayTypeSyntax.self) {
            self = .array(TypeRef(array.element))
        } else if let dictionary = syntax.as(DictionaryTypeSyntax.self) {
            self = .dictionary(TypeRef(dictionary.key), TypeRef(dictionary.value))
        } else if let someOrAny = syntax.as(SomeOrAnyTypeSyntax.self), someOrAny.someOrAnySpecifier.text == "any" {
            self = .existential(TypeRef(someOrAny.constraint))
        } else if let attributed = syntax.as(AttributedTypeSyntax.self) {
            let specifiers = attributed.specifiers.trimmedDescription
            let base = TypeRef(attributed.baseType)
            if !specifiers.isEmpty {
                self = .other(attributed.trimmedDescription)  // inout, borrowing, consuming, sending
            } else if case .function(let parameters, let result, let isAsync, let throwsClause, _) = base {
                let attributes = attributed.attributes.compactMap { element -> String? in
                    // With its arguments: `isolated(any)`, `convention(c)`.
                    element.as(AttributeSyntax.self).map { String($0.trimmedDescription.dropFirst()) }
                }
                self = .function(
                    parameters: parameters, result: result, isAsync: isAsync, throwsClause: throwsClause,
                    attributes: attributes)
            } else {
                self = base  // `@escaping Handler` on a typealias: the attributes are recorded on the parameter
            }
        } else {
            self = .other(syntax.trimmedDescription)
        }
    }

    private static func arguments(_ clause: GenericArgumentClauseSyntax?) -> [TypeRef] {
        guard let clause else { return [] }
        // `Syntax(…)` then `TypeSyntax(…)`: the argument is a TypeSyntax in swift-syntax 600 and an
        // enum of a type or an expression (integer generics) in later releases.
        return clause.arguments.map { argument in
            TypeSyntax(Syntax(argument.argument)).map(TypeRef.init) ?? .other(argument.argument.trimmedDescription)
        }
    }
}
