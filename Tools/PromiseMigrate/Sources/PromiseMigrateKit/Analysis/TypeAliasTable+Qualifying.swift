extension TypeAliasTable {
    /// `type`, written in `scope` (an alias's target), with the names it takes from that scope written
    /// out, so that it means the same where the alias is used: `Item` in `API`'s
    /// `typealias Done = (Result<Item, Error>) -> Void` is `API.Item` in another type, which may have an
    /// `Item` of its own or none. `keeping`: the alias's generic parameters.
    func qualified(_ type: TypeRef, declaredIn scope: String, keeping: Set<String>) -> TypeRef {
        guard !scope.isEmpty else { return type }
        func inner(_ type: TypeRef) -> TypeRef { qualified(type, declaredIn: scope, keeping: keeping) }
        switch type {
        case .named(let name, let arguments):
            return .named(keeping.contains(name) ? name : qualifiedName(name, in: scope), arguments.map(inner))
        case .optional(let wrapped): return .optional(inner(wrapped))
        case .array(let element): return .array(inner(element))
        case .existential(let constraint): return .existential(inner(constraint))
        case .dictionary(let key, let value): return .dictionary(inner(key), inner(value))
        case .tuple(let elements): return .tuple(elements.map(inner))
        case .function(let parameters, let result, let isAsync, let throwsClause, let attributes):
            return .function(
                parameters: parameters.map(inner), result: inner(result), isAsync: isAsync,
                throwsClause: throwsClause, attributes: attributes)
        case .other: return type
        }
    }

    /// `name` as seen from `scope`: prefixed with the innermost enclosing type that declares its first
    /// component, or as written when none does (a global or another module's type).
    private func qualifiedName(_ name: String, in scope: String) -> String {
        let first = name.split(separator: ".").first.map(String.init) ?? name
        var enclosing = scope[...]
        while !enclosing.isEmpty {
            if nestedPaths.contains("\(enclosing).\(first)") { return "\(enclosing).\(name)" }
            enclosing = enclosing.lastIndex(of: ".").map { enclosing[..<$0] } ?? ""
        }
        return name
    }
}
