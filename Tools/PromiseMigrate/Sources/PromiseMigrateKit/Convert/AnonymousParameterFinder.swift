import SwiftSyntax

/// Whether a closure's statements use its anonymous parameters (`$0`): a nested closure's `$0` is its
/// own, and a `$` in a string is not a parameter.
final class AnonymousParameterFinder: SyntaxVisitor {
    private var found = false

    static func find(in closure: ClosureExprSyntax) -> Bool {
        let finder = AnonymousParameterFinder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.found
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if case .dollarIdentifier = node.baseName.tokenKind { found = true }
        return .skipChildren
    }
}
