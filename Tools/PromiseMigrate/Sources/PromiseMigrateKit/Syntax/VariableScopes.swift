import SwiftSyntax

/// What a file says about its variables' types: properties, parameters and locals declared with a type
/// annotation or initialized as `Type(…)`. It lets a call's receiver (`client.fetch(…)`) be resolved to
/// its type without type checking.
struct VariableScopes {
    /// Variable names to the simple names of their types, innermost scope last.
    private var scopes: [[String: String]] = [[:]]

    /// A type's stored and computed properties are in scope in all its members, wherever declared.
    mutating func pushMembers(of members: MemberBlockSyntax) {
        var scope: [String: String] = [:]
        for member in members.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) { Self.add(variable, to: &scope) }
        }
        scopes.append(scope)
    }

    /// A function's parameters.
    mutating func pushParameters(_ parameters: FunctionParameterListSyntax) {
        var scope: [String: String] = [:]
        for parameter in parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            if let type = Self.typeName(TypeRef(parameter.type)) { scope[name] = type }
        }
        scopes.append(scope)
    }

    mutating func pop() {
        scopes.removeLast()
    }

    /// A local (or top-level) variable, in the innermost scope.
    mutating func add(_ variable: VariableDeclSyntax) {
        Self.add(variable, to: &scopes[scopes.count - 1])
    }

    /// The type of a call's receiver, when the file says it, and whether there is no receiver written
    /// (a member of `ownType`, or a free function).
    func receiver(of callee: ExprSyntax, ownType: String?) -> (type: String?, implicit: Bool) {
        var callee = callee
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return (ownType, ownType != nil) }
        guard var base = member.base else { return (nil, false) }
        // `self?.load(…)`, `client!.load(…)`: the same receiver.
        while true {
            if let chained = base.as(OptionalChainingExprSyntax.self) {
                base = chained.expression
            } else if let forced = base.as(ForceUnwrapExprSyntax.self) {
                base = forced.expression
            } else {
                break
            }
        }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "self" || name == "Self" { return (ownType, false) }
            if name.first?.isUppercase == true { return (name, false) }
            return (lookUp(name), false)
        }
        if let inner = base.as(MemberAccessExprSyntax.self),
            inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return (lookUp(inner.declName.baseName.text), false)  // `self.service.fetch(…)`
        }
        return (nil, false)
    }

    private func lookUp(_ name: String) -> String? {
        for scope in scopes.reversed() { if let type = scope[name] { return type } }
        return nil
    }

    /// `let client = UserClient()`, `var store: KeyValueStore?`, `static let shared = Cache()`.
    private static func add(_ variable: VariableDeclSyntax, to scope: inout [String: String]) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let annotation = binding.typeAnnotation {
                if let type = typeName(TypeRef(annotation.type)) { scope[name] = type }
            } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
                var callee = call.calledExpression
                if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
                if let type = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true {
                    scope[name] = type
                }
            }
        }
    }

    /// The simple name of a nominal type, through optionals (`UserClient?` is `UserClient`).
    private static func typeName(_ type: TypeRef) -> String? {
        switch type {
        case .optional(let wrapped): return typeName(wrapped)
        case .existential(let constraint): return typeName(constraint)
        case .named: return type.simpleName
        default: return nil
        }
    }
}
