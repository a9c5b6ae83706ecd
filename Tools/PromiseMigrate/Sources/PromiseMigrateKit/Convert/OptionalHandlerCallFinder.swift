import SwiftSyntax

/// Whether a body calls an optional handler (`completion?(…)`) with an argument that calls something:
/// with no handler the old code never computed it, and the async version always does.
final class OptionalHandlerCallFinder: SyntaxVisitor {
    private let names: Set<String>
    private var found = false

    private init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    static func computesArgument(in body: CodeBlockSyntax, handlerNames: Set<String>) -> Bool {
        let finder = OptionalHandlerCallFinder(names: handlerNames)
        finder.walk(body)
        return finder.found
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let chained = node.calledExpression.as(OptionalChainingExprSyntax.self),
            let name = chained.expression.as(DeclReferenceExprSyntax.self), names.contains(name.baseName.text)
        else { return .visitChildren }
        if node.arguments.contains(where: { CallFinder.callsSomething($0.expression) }) { found = true }
        return .visitChildren
    }

    /// Finds a call other than a case's or a type's (`.success(x)`, `User(name: n)`).
    private final class CallFinder: SyntaxVisitor {
        private var found = false

        static func callsSomething(_ expression: ExprSyntax) -> Bool {
            let finder = CallFinder(viewMode: .sourceAccurate)
            finder.walk(expression)
            return finder.found
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let called = node.calledExpression
            let isCase = called.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
            let isType = called.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase ?? false
            if !isCase && !isType { found = true }
            return .visitChildren
        }
    }
}
