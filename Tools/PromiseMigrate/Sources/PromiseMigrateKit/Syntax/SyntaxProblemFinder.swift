import SwiftSyntax

/// Locates the first error the parser recovered from: a missing token or unexpected text.
final class SyntaxProblemFinder: SyntaxVisitor {
    private var count = 0
    private var first: (position: AbsolutePosition, message: String)?

    private init() {
        super.init(viewMode: .all)
    }

    /// The first problem in `tree`, with the total count.
    static func first(in tree: SourceFileSyntax, converter: SourceLocationConverter) -> SyntaxProblem {
        let finder = SyntaxProblemFinder()
        finder.walk(tree)
        guard let first = finder.first else {
            return SyntaxProblem(count: 1, line: 1, column: 1, message: "the parser reported an error")
        }
        let location = converter.location(for: first.position)
        return SyntaxProblem(
            count: max(finder.count, 1), line: location.line, column: location.column, message: first.message)
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        count += 1
        if first == nil {
            let text = node.trimmedDescription
            let shown = text.count > 40 ? "\(text.prefix(40))…" : text
            first = (node.positionAfterSkippingLeadingTrivia, "unexpected code '\(shown)'")
        }
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            count += 1
            if first == nil {
                let expected = token.text.isEmpty ? "\(token.tokenKind)" : token.text
                first = (token.position, "expected '\(expected)'")
            }
        }
        return .skipChildren
    }
}
