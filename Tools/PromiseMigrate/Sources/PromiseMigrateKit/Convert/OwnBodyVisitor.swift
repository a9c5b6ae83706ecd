import SwiftSyntax

/// A visitor that knows when it is inside a nested closure or function: there a `return` is that
/// body's own, not the function's.
class OwnBodyVisitor: SyntaxVisitor {
    /// How many closures and local functions enclose the node visited.
    private(set) var nestedDepth = 0

    /// Whether `closure` runs as part of the body, before the call that takes it returns: none here.
    func runsInline(_ closure: ClosureExprSyntax) -> Bool { false }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if !runsInline(node) { nestedDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) {
        if !runsInline(node) { nestedDepth -= 1 }
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        nestedDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { nestedDepth -= 1 }
}
