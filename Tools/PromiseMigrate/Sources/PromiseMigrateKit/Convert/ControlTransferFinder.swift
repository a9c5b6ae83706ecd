import SwiftSyntax

/// Whether statements contain a `return`, `break` or `continue` that would leave them (not one in a
/// nested closure, function, or for `break`/`continue` a nested loop or switch).
final class ControlTransferFinder: SyntaxVisitor {
    private var found = false
    private var loopDepth = 0

    static func find(in statements: CodeBlockItemListSyntax) -> Bool {
        let finder = ControlTransferFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.found
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        loopDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: ForStmtSyntax) { loopDepth -= 1 }
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        loopDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: WhileStmtSyntax) { loopDepth -= 1 }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        loopDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: RepeatStmtSyntax) { loopDepth -= 1 }
    override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
        if loopDepth == 0 { found = true }
        return .skipChildren
    }
    override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind {
        if loopDepth == 0 { found = true }
        return .skipChildren
    }
}
