import SwiftSyntax

/// Finds, in a `Promise { resolver in … }` closure, the call that receives one of the resolver's
/// methods as its handler (`completion: resolver.resolve`, `resolver.fulfill`).
final class HandlerPassFinder: SyntaxVisitor {
    private let handlerName: String
    private let converter: SourceLocationConverter
    private let context: Int
    private var found: (CallRecord, String)?

    private init(handlerName: String, converter: SourceLocationConverter, context: Int) {
        self.handlerName = handlerName
        self.converter = converter
        self.context = context
        super.init(viewMode: .sourceAccurate)
    }

    /// The wrapped call and the label the handler is passed with, or nil when no call receives it.
    static func find(
        in closure: ClosureExprSyntax, converter: SourceLocationConverter, context: Int
    ) -> (CallRecord?, String?) {
        var handlerName = "$0"
        if let parameters = closure.signature?.parameterClause {
            if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self), let first = shorthand.first {
                handlerName = first.name.text
            } else if let full = parameters.as(ClosureParameterClauseSyntax.self), let first = full.parameters.first {
                handlerName = (first.secondName ?? first.firstName).text
            }
        }
        let finder = HandlerPassFinder(handlerName: handlerName, converter: converter, context: context)
        finder.walk(closure.statements)
        return (finder.found?.0, finder.found?.1)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil, let name = Callee(node.calledExpression).name else { return .visitChildren }
        for argument in node.arguments where passesResolverMethod(argument.expression) {
            let call = CallRecord(
                name: name, argumentLabels: node.arguments.map { $0.label?.text ?? "_" },
                trailingClosureLabels: [], usage: .plain,
                line: converter.location(for: node.positionAfterSkippingLeadingTrivia).line, context: context)
            found = (call, argument.label?.text ?? "_")
            return .skipChildren
        }
        return .visitChildren
    }

    private func passesResolverMethod(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            ["resolve", "fulfill"].contains(member.declName.baseName.text)
        else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == handlerName
    }
}
