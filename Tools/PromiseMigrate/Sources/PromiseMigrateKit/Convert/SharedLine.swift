import SwiftSyntax

/// Whether other text shares a node's first or last line. A conversion replaces whole lines, and would
/// take that text with it: code (`if flag { api { … } } else { … }`) or a comment (`/* note */ func load`).
enum SharedLine {
    static func found(around node: some SyntaxProtocol, converter: SourceLocationConverter) -> Bool {
        func line(_ position: AbsolutePosition) -> Int { converter.location(for: position).line }
        // The end of the token before, its trailing trivia included: a block comment there can close on the
        // node's line (`print(1) /* a` above `*/ api { … }`).
        if let before = node.firstToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate),
            line(before.endPosition) == line(node.positionAfterSkippingLeadingTrivia)
        {
            return true
        }
        // A comment after the last line break before the node.
        if node.leadingTrivia.reversed().prefix(while: { !$0.isNewline }).contains(where: \.isComment) {
            return true
        }
        if let after = node.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate),
            after.tokenKind != .endOfFile,  // (the end of a file with no last newline is no code)
            line(after.positionAfterSkippingLeadingTrivia) == line(node.endPositionBeforeTrailingTrivia)
        {
            return true
        }
        return node.lastToken(viewMode: .sourceAccurate)?.trailingTrivia.contains(where: \.isComment) == true
    }
}
