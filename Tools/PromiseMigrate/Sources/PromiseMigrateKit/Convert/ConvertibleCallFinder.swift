import SwiftSyntax

/// Finds the calls that are statements of their own and pass a closure: trailing, or as an argument
/// (`success: { … }, failure: { … }`).
final class ConvertibleCallFinder: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []
    let converter: SourceLocationConverter

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let passesClosure =
            node.trailingClosure != nil || node.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
        if passesClosure, node.parent?.is(CodeBlockItemSyntax.self) == true { calls.append(node) }
        return .visitChildren
    }
}
