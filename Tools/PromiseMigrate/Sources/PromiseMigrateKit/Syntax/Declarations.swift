/// A parameter of a function or initializer, as declared.
public struct ParameterRecord: Hashable, Sendable {
    /// The argument label (`"_"` for none).
    public var label: String
    /// The name used inside the body.
    public var name: String
    /// The type, without its attributes.
    public var type: TypeRef
    /// The type exactly as written, attributes included (`@escaping @Sendable (Int) -> Void`).
    public var typeSource: String
    /// The default value as written, if any.
    public var defaultValue: String?
    /// Whether the closure may escape: `@escaping`, or an optional function type.
    public var isEscaping: Bool
    /// `T...`.
    public var isVariadic: Bool
    /// `inout`, `borrowing`, `consuming` and the like, or `@autoclosure`: not forwardable as a plain argument.
    public var specifier: String?

    /// A `DispatchQueue` (or an optional one): where the handler runs, which an async API has no use for.
    public var isQueue: Bool { type.withoutOptional.simpleName == "DispatchQueue" }
    /// What an async variant may leave out: a defaulted argument, or a queue.
    public var asyncVariantMayDrop: Bool { defaultValue != nil || isQueue }
}

/// Where a declaration sits: the types around it and the `#if` clauses that guard it.
public struct DeclarationContext: Hashable, Sendable {
    /// The dotted path of the enclosing type (`Outer.Inner`), empty at the top level.
    public var typePath: String
    /// The kind of the innermost type or extension: `class`, `struct`, `enum`, `actor`, `protocol`,
    /// `extension`; empty at the top level.
    public var typeKind: String
    /// The `#if` conditions that must hold, outermost first (`!(DEBUG)` for an `#else`).
    public var conditions: [String]
    /// Declared inside a function or closure: not reachable from another file.
    public var isLocal: Bool
    /// The `where` clause of the enclosing extension, as written.
    public var whereClause: String?
    /// The access level written on the enclosing type or extension (members of a `public extension`
    /// are public).
    public var typeAccessLevel: String?
    /// The attributes of the enclosing type or extension (`@MainActor`, `@available(…)`).
    public var typeAttributes: [String]
    /// What the enclosing type or extension itself inherits or conforms to, as written.
    public var typeInheritedTypes: [String] = []
}

/// A function, method, initializer or protocol requirement.
public struct FunctionRecord: Hashable, Sendable {
    /// `fetchUser`, or `init`.
    public var name: String
    /// The parameters in order.
    public var parameters: [ParameterRecord]
    /// The return type, nil for `Void`.
    public var returnType: TypeRef?
    /// `async`.
    public var isAsync: Bool
    /// `throws`, `throws(E)` or `rethrows`, nil when it cannot throw.
    public var throwsClause: String?
    /// `static` or `class`.
    public var isStatic: Bool
    /// `public`, `private`, … (nil when not written).
    public var accessLevel: String?
    /// Attributes as written (`@MainActor`, `@available(iOS 15, *)`, `@objc`, `@discardableResult`).
    public var attributes: [String]
    /// `<T: Decodable>` as written.
    public var genericParameterClause: String?
    /// The names of the generic parameters.
    public var genericParameterNames: [String]
    /// `where T: Sendable` as written.
    public var genericWhereClause: String?
    /// The `renamed:` target of an `@available(*, renamed:)` attribute, if any.
    public var renamedTo: String?
    /// `nonisolated`, `mutating` and other modifiers (access and `static` excluded).
    public var otherModifiers: [String]
    /// Where it is declared.
    public var context: DeclarationContext
    /// 1-based line of the declaration's name.
    public var line: Int
    /// 1-based UTF-8 column of its name (of `init` for an initializer), where the compiler's index
    /// records its definition.
    public var column: Int = 0
    /// The closure parameters a call may act on before it returns: calls on some path, or hands to a serial
    /// queue (`DirectCallFinder.handlerFacts`).
    public var parametersActingAtOnce: [String] = []
    /// For each closure parameter, the names of the calls the body hands it to before it returns.
    public var parametersPassedOn: [String: [String]] = [:]
    /// Where its closure parameters may be called on the main queue (`MainDeliveryFinder`).
    public var mainDelivery = MainDelivery()
    /// Set when the whole body calls a closure parameter with the others (`HandlerForwarding`).
    public var forwarding: HandlerForwarding?

    /// Swift's full name: `fetchUser(id:completion:)`.
    public var fullName: String {
        "\(name)(\(parameters.map { "\($0.label):" }.joined()))"
    }

    /// Whether it is an initializer.
    public var isInitializer: Bool { name == "init" }

    /// Whether it returns a `Promise`.
    public var returnsPromise: Bool {
        if case .named(let name, let arguments) = returnType, arguments.count == 1 {
            return name == "Promise" || name == "Promises.Promise"
        }
        return false
    }
}

/// A `class`, `struct`, `enum`, `actor` or `protocol`, or an extension of one.
public struct TypeRecord: Hashable, Sendable {
    /// The dotted path (`Outer.Inner`); for an extension, the extended type as written.
    public var path: String
    /// `class`, `struct`, `enum`, `actor`, `protocol` or `extension`.
    public var kind: String
    /// Inherited types and conformances, as written.
    public var inheritedTypes: [String]
    /// Attributes as written (`@MainActor`, `@available(…)`).
    public var attributes: [String]
    /// The access level as written, nil when not written.
    public var accessLevel: String?
    /// Generic parameter names (for a protocol, its associated types).
    public var genericParameterNames: [String]
    /// An extension's `where` clause as written.
    public var genericWhereClause: String?
    /// The `#if` conditions around it.
    public var conditions: [String]
    /// Declared inside a function or closure.
    public var isLocal: Bool
    /// Declares a `cancel()` method.
    public var hasCancelMethod: Bool
    /// Its stored and computed properties whose types the declaration states, by name (simple type names).
    public var propertyTypes: [String: String] = [:]
    /// The names of the enum cases it declares (`run` of `case run(id: Int)`).
    public var caseNames: Set<String> = []

    /// The last component of the path.
    public var simpleName: String { path.split(separator: ".").last.map(String.init) ?? path }

    /// Whether the declaration states `Sendable` (checked or `@unchecked`) or an isolation that implies it.
    public var declaresSendable: Bool {
        kind == "actor" || attributes.contains("@MainActor")
            || inheritedTypes.contains { $0.replacingOccurrences(of: "@unchecked ", with: "") == "Sendable" }
    }
}

/// A `typealias`, possibly generic.
public struct TypeAliasRecord: Hashable, Sendable {
    /// The dotted path (`PhotoLibrary.Completion`).
    public var path: String
    /// Generic parameter names of a generic typealias.
    public var genericParameterNames: [String]
    /// What it stands for.
    public var target: TypeRef
}
