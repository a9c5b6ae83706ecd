import SwiftSyntax

/// What a call expression calls, read from its callee expression alone.
struct Callee {
    /// The base name (`fetchUser` for `client.fetchUser`), nil for a closure or subscript call.
    var name: String?
    /// The token of that name, where the compiler's index records the call.
    var nameToken: TokenSyntax?
    /// The receiver, for `x.wait()`.
    var base: ExprSyntax?
    /// Whether it is called on something (`x.wait()`, not `wait()`).
    var hasBase: Bool { base != nil }
    /// The receiver as written, for `x.wait()`: read only when asked (in a long chain of calls, writing out
    /// every call's receiver took time quadratic in its length).
    var baseText: String { base?.trimmedDescription ?? "" }
    /// `Promise(…)`, `Promise<T>(…)` or a static member of `Promise`.
    var isPromiseType = false
    /// `.name(…)`, a member of the contextual type (`.wrapping { resolver in … }`).
    var isImplicitMember = false
    /// `DispatchQueue.main.async` and the like, reduced.
    var mainQueueForm: String?

    init(_ expression: ExprSyntax) {
        var expression = expression
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            expression = specialized.expression
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            nameToken = reference.baseName
            isPromiseType = name == "Promise"
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            nameToken = member.declName.baseName
            isImplicitMember = member.base == nil
            if let base = member.base {
                self.base = base
                var root = base
                if let specialized = root.as(GenericSpecializationExprSyntax.self) { root = specialized.expression }
                isPromiseType = root.as(DeclReferenceExprSyntax.self)?.baseName.text == "Promise"
                mainQueueForm = Self.mainQueueForm(method: member.declName.baseName.text, base: base)
            }
        }
    }

    /// Receivers whose `wait()` is not a promise's: semaphores, groups, conditions, locks.
    var baseLooksLikeLockOrSemaphore: Bool {
        let lowered = baseText.lowercased()
        return ["semaphore", "group", "condition", "lock", "signal"].contains { lowered.contains($0) }
    }

    private static let mainQueueMethods: [String: String] = [
        "async": "DispatchQueue", "asyncAfter": "DispatchQueue", "sync": "DispatchQueue",
        "asyncAndWait": "DispatchQueue", "addOperation": "OperationQueue", "perform": "RunLoop",
    ]

    private static func mainQueueForm(method: String, base: ExprSyntax) -> String? {
        guard let owner = mainQueueMethods[method], let main = base.as(MemberAccessExprSyntax.self),
            main.declName.baseName.text == "main"
        else { return nil }
        let written = main.base?.trimmedDescription ?? owner
        guard written == owner || written == "" else { return nil }
        return "\(owner).main.\(method)"
    }
}

extension CallUsage {
    /// Promise members that follow a call returning a promise.
    private static let promiseMembers: Set<String> = [
        "value", "result", "then", "map", "flatMap", "catch", "recover", "mapError", "always", "validate",
        "whenComplete", "timeout", "delay", "wait", "cancel", "asVoid", "compactMap",
    ]

    /// How `call`'s result is used, read from the expressions around it.
    init(of call: FunctionCallExprSyntax) {
        if let member = call.parent?.as(MemberAccessExprSyntax.self), member.base?.id == call.id {
            self = Self.promiseMembers.contains(member.declName.baseName.text) ? .promiseMember : .plain
            return
        }
        var node = call.parent
        while let current = node {
            if current.is(AwaitExprSyntax.self) {
                self = .awaited
                return
            }
            guard current.is(TryExprSyntax.self) else { break }
            node = current.parent
        }
        self = .plain
    }
}
