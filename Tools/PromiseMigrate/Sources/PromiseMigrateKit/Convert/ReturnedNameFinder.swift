import SwiftSyntax

/// The names a function body uses only to return them (`let task = …; task.resume()` uses `task`;
/// `let request = Request(); …; return request` does not): the handle an async version drops.
final class ReturnedNameFinder: OwnBodyVisitor {
    private var returned: [String: Int] = [:]
    private var uses: [String: Int] = [:]

    static func namesOnlyReturned(in body: CodeBlockSyntax) -> Set<String> {
        let finder = ReturnedNameFinder(viewMode: .sourceAccurate)
        finder.walk(body)
        return Set(finder.returned.filter { finder.uses[$0.key] == $0.value }.keys)
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if nestedDepth == 0, let name = node.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text {
            returned[name, default: 0] += 1
        }
        return .visitChildren
    }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        uses[node.baseName.text, default: 0] += 1
        return .visitChildren
    }
}
