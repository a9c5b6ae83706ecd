import SwiftSyntax

/// What a file says about its variables' types: properties, parameters and locals declared with a type
/// annotation or initialized as `Type(…)`. It lets a call's receiver (`client.fetch(…)`) be resolved to
/// its type without type checking.
struct VariableScopes {
    /// Variable names to the simple names of their types, innermost scope last.
    private var scopes: [[String: String]] = [[:]]

    /// A type's stored and computed properties are in scope in all its members, wherever declared.
    @discardableResult
    mutating func pushMembers(of members: MemberBlockSyntax) -> [String: String] {
        var scope: [String: String] = [:]
        for member in members.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) { Self.add(variable, to: &scope) }
        }
        scopes.append(scope)
        return scope
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

    /// What a call's receiver is, as far as the file says.
    struct Receiver {
        /// Its type's simple name, when the file says it.
        var type: String?
        /// No receiver written: a member of the enclosing type, or a free function.
        var implicit = false
        /// `super.`: `type` is the enclosing type, whose superclass is meant.
        var isSuper = false
        /// The variable or property it is read from when its type is unknown (`tableView` for
        /// `tableView.reloadData(…)`, `navigationController` for `self.navigationController?.…`).
        var name: String?
        /// When it is a call's result: the names called, innermost first (`["download", "validate"]` for
        /// `session.download(…).validate().response {…}`), whose declared return types may give its type.
        var callChain: [String] = []
    }

    /// `self`, and the names `guard let … = self` gives it in closures.
    static let selfNames: Set<String> = ["self", "Self", "strongSelf", "weakSelf", "sself"]

    /// Members that name a type's shared instance: `Cache.shared.load(…)` is a call on a `Cache`.
    static let singletonMembers: Set<String> = [
        "shared", "default", "current", "standard", "main", "instance", "sharedInstance",
    ]

    /// The receiver of a call whose callee is `callee`, inside a member of `ownType`.
    func receiver(of callee: ExprSyntax, ownType: String?) -> Receiver {
        var callee = callee
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        guard let member = callee.as(MemberAccessExprSyntax.self) else {
            return Receiver(type: ownType, implicit: ownType != nil)
        }
        guard let written = member.base else { return Receiver() }
        let base = Self.unwrapped(written)
        if base.is(SuperExprSyntax.self) { return Receiver(type: ownType, isSuper: true) }
        if let call = base.as(FunctionCallExprSyntax.self) {
            // `T.current().x()`
            if let type = Self.singletonType(call.calledExpression) { return Receiver(type: type) }
            return Receiver(callChain: Self.callChain(base))
        }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if Self.selfNames.contains(name) { return Receiver(type: ownType) }
            if name.first?.isUppercase == true { return Receiver(type: name) }
            let type = lookUp(name)
            return Receiver(type: type, name: type == nil ? name : nil)
        }
        if let inner = base.as(MemberAccessExprSyntax.self) {
            let rootName = inner.base.map(Self.unwrapped)?.as(DeclReferenceExprSyntax.self)?.baseName.text
            let memberName = inner.declName.baseName.text
            if let rootName, Self.selfNames.contains(rootName) {  // `self.service.fetch(…)`
                let type = lookUp(memberName)
                return Receiver(type: type, name: type == nil ? memberName : nil)
            }
            if let rootName, rootName.first?.isUppercase == true, Self.singletonMembers.contains(memberName) {
                return Receiver(type: rootName)  // `Cache.shared.load(…)`
            }
        }
        return Receiver()
    }

    /// `expression` without the `?` and `!` after it: `self?.load(…)` and `client!.load(…)` have the
    /// receivers `self` and `client`.
    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var node = expression
        while let inner = node.as(OptionalChainingExprSyntax.self)?.expression
            ?? node.as(ForceUnwrapExprSyntax.self)?.expression
        {
            node = inner
        }
        return node
    }

    /// The names of the calls that make `expression`, innermost first; empty when one is not a named call,
    /// or when there are more than `longestCallChain` (a chain of thousands of calls, each reading its own
    /// receiver's chain, took time quadratic in its length).
    static func callChain(_ expression: ExprSyntax) -> [String] {
        var names: [String] = []
        var current: ExprSyntax? = expression
        while let written = current {
            guard names.count < longestCallChain else { return [] }
            let node = unwrapped(written)
            guard let call = node.as(FunctionCallExprSyntax.self) else { break }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                names.append(member.declName.baseName.text)
                current = member.base
            } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                names.append(reference.baseName.text)
                current = nil
            } else {
                return []
            }
        }
        return names.reversed()
    }

    /// The most calls a receiver's chain is read through (`session.download(…).validate()` has two).
    static let longestCallChain = 32

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
            } else if let value = binding.initializer?.value {
                if let call = value.as(FunctionCallExprSyntax.self) {
                    var callee = call.calledExpression
                    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
                        callee = specialized.expression
                    }
                    if let type = callee.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        type.first?.isUppercase == true
                    {
                        scope[name] = type
                    } else if let type = singletonType(callee) {
                        scope[name] = type  // `let device = WKInterfaceDevice.current()`
                    }
                } else if let type = singletonType(value) {
                    scope[name] = type  // `let cache = Cache.shared`
                }
            }
        }
    }

    /// `T` for `T.shared`, `T.current`, `T.default` (and those called): a type's shared instance.
    private static func singletonType(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            singletonMembers.contains(member.declName.baseName.text),
            let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true
        else { return nil }
        return type
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
