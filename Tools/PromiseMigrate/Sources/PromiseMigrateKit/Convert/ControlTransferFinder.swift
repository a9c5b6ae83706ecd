import SwiftSyntax

/// Whether statements contain a `return`, `break` or `continue` that would leave them (not one in a
/// nested closure, function, or for `break`/`continue` a nested loop or switch).
final class ControlTransferFinder: SyntaxVisitor {
    private var found = false
    private var loopDepth = 0
    /// Only a `break` or `continue` that leaves the statements (a case's: it leaves the `switch`); nested
    /// `switch` statements count as loops.
    private var breaksOnly = false

    static func find(in statements: CodeBlockItemListSyntax) -> Bool {
        let finder = ControlTransferFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.found
    }

    /// The first `break` or `continue` in a `switch` case's statements that leaves the case, nil if none:
    /// `if s.isEmpty { break }` skips the rest of the case, so a handler's call after it does not run on
    /// every path through the case.
    static func breakLeaving(_ statements: [CodeBlockItemSyntax]) -> Syntax? {
        for statement in statements {
            let finder = ControlTransferFinder(viewMode: .sourceAccurate)
            finder.breaksOnly = true
            finder.walk(statement)
            if let leaving = finder.leaving { return leaving }
        }
        return nil
    }

    private var leaving: Syntax?
    /// Labels declared inside the statements walked (`check: do { … break check }`): a `break` to one stays.
    private var innerLabels: [String] = []

    override func visit(_ node: LabeledStmtSyntax) -> SyntaxVisitorContinueKind {
        innerLabels.append(node.label.text)
        return .visitChildren
    }
    override func visitPost(_ node: LabeledStmtSyntax) { innerLabels.removeLast() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if !breaksOnly { found = true }
        return .skipChildren
    }
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        if breaksOnly { loopDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: SwitchExprSyntax) { if breaksOnly { loopDepth -= 1 } }
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
        note(Syntax(node), label: node.label)
        return .skipChildren
    }
    override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind {
        note(Syntax(node), label: node.label)
        return .skipChildren
    }

    /// For a case's statements, a labeled transfer leaves them unless its label is declared inside (it may
    /// leave more than a nested loop); an unlabeled one unless a nested loop or `switch` takes it.
    private func note(_ transfer: Syntax, label: TokenSyntax?) {
        let leaves =
            breaksOnly
            ? label.map { !innerLabels.contains($0.text) } ?? (loopDepth == 0)
            : loopDepth == 0
        if leaves {
            found = true
            if leaving == nil { leaving = transfer }
        }
    }
}

/// A `fallthrough` in a statement that falls into the next case of the `switch` around it (not one of a
/// nested `switch`).
final class FallthroughFinder: SyntaxVisitor {
    private var found: Syntax?

    static func find(_ statement: CodeBlockItemSyntax) -> Syntax? {
        let finder = FallthroughFinder(viewMode: .sourceAccurate)
        finder.walk(statement)
        return finder.found
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FallThroughStmtSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        return .skipChildren
    }
}
