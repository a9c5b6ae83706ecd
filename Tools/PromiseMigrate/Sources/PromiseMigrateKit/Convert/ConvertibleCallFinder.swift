import SwiftSyntax

/// Finds the calls that end in a trailing closure and are statements of their own.
final class ConvertibleCallFinder: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []
    let converter: SourceLocationConverter

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.trailingClosure != nil, node.parent?.is(CodeBlockItemSyntax.self) == true { calls.append(node) }
        return .visitChildren
    }
}
