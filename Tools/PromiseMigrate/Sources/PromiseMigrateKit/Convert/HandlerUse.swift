import SwiftSyntax

/// Where statements touch the completion handler: a mention of its name, or a `return` of the function
/// (not one in a nested closure or function, which returns from that).
final class HandlerUseFinder: OwnBodyVisitor {
    private let names: Set<String>
    private(set) var mentionsHandler = false
    private(set) var returns = false

    private init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether `node` mentions one of `names`, and whether it returns from the function.
    static func find(in node: some SyntaxProtocol, names: Set<String>) -> (mentions: Bool, returns: Bool) {
        let finder = HandlerUseFinder(names: names)
        finder.walk(node)
        return (finder.mentionsHandler, finder.returns)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if names.contains(node.baseName.text),
            node.parent?.is(MemberAccessExprSyntax.self) != true
                || node.parent?.as(MemberAccessExprSyntax.self)?.base?.id == node.id
        {
            mentionsHandler = true
        }
        return .visitChildren
    }
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if nestedDepth == 0 { returns = true }
        return .visitChildren
    }
    /// In `{ completion in … }`, `completion` is the closure's own parameter, not the handler.
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let kind = super.visit(node)
        let shadowed = names.filter(node.bindsParameter)
        guard !shadowed.isEmpty else { return kind }
        if let capture = node.signature?.capture {
            let captures = HandlerUseFinder(names: names)
            captures.walk(capture)
            mentionsHandler = mentionsHandler || captures.mentionsHandler
        }
        let inner = HandlerUseFinder(names: names.subtracting(shadowed))
        inner.walk(node.statements)
        mentionsHandler = mentionsHandler || inner.mentionsHandler
        return .skipChildren
    }
    /// In `func helper(completion: Int) { … }`, `completion` is the local function's own parameter.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let kind = super.visit(node)
        let shadowed = names.filter { name in
            node.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
        }
        guard !shadowed.isEmpty else { return kind }
        // Default arguments are evaluated where the function is called; they still see the handler.
        let outer = HandlerUseFinder(names: names)
        for parameter in node.signature.parameterClause.parameters {
            if let defaultValue = parameter.defaultValue { outer.walk(defaultValue) }
        }
        let inner = HandlerUseFinder(names: names.subtracting(shadowed))
        if let body = node.body { inner.walk(body) }
        mentionsHandler = mentionsHandler || outer.mentionsHandler || inner.mentionsHandler
        return .skipChildren
    }
    /// In `catch { … }` (or `catch let error`), `error` is the caught error, not a closure's `error`.
    override func visit(_ node: CatchClauseSyntax) -> SyntaxVisitorContinueKind {
        let shadowed = names.filter(node.binds)
        guard !shadowed.isEmpty else { return .visitChildren }
        // Its `where` clause sees the bound name too.
        let inner = HandlerUseFinder(names: names.subtracting(shadowed))
        inner.walk(node.catchItems)
        inner.walk(node.body)
        mentionsHandler = mentionsHandler || inner.mentionsHandler
        if nestedDepth == 0 { returns = returns || inner.returns }
        return .skipChildren
    }
}

extension ClosureExprSyntax {
    /// Whether the closure names a parameter `name` (`{ name in … }`, `{ (name: T) in … }`).
    func bindsParameter(_ name: String) -> Bool {
        switch signature?.parameterClause {
        case .simpleInput(let parameters): return parameters.contains { $0.name.text == name }
        case .parameterClause(let clause):
            return clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
        case nil: return false
        }
    }
}

extension CodeBlockItemSyntax {
    /// The statement as an expression, when it is one (`f()`, `if …`, `switch …`).
    var expression: ExprSyntax? {
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return item.as(ExprSyntax.self)
    }

    /// `return` with no value.
    var isBareReturn: Bool { item.as(ReturnStmtSyntax.self).map { $0.expression == nil } ?? false }
}

extension ExprSyntax {
    /// `nil`.
    var isNilLiteral: Bool { self.is(NilLiteralExprSyntax.self) }

    /// The name, when the expression is a plain identifier.
    var identifier: String? { self.as(DeclReferenceExprSyntax.self)?.baseName.text }
}
