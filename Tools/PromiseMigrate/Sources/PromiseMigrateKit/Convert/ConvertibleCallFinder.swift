import SwiftSyntax

/// Finds the calls that are statements of their own and pass a closure: trailing, or as an argument
/// (`success: { … }, failure: { … }`). Those under `try` (`try api(x) { … }`) it lists apart: their
/// errors come two ways.
final class ConvertibleCallFinder: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []
    private(set) var tried: [FunctionCallExprSyntax] = []
    let converter: SourceLocationConverter

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let passesClosure =
            node.trailingClosure != nil || node.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
        if passesClosure, node.parent?.is(CodeBlockItemSyntax.self) == true { calls.append(node) }
        if passesClosure, let tryExpression = node.parent?.as(TryExprSyntax.self),
            tryExpression.questionOrExclamationMark == nil, tryExpression.parent?.is(CodeBlockItemSyntax.self) == true
        {
            tried.append(node)
        }
        return .visitChildren
    }
}
