import SwiftSyntax

/// A call that blocks its thread, which Swift does not allow in async code (`noasync`: an error in Swift 6,
/// a warning in Swift 5) or which would block one of the few threads of the cooperative pool: a lock's
/// `lock()`, `unlock()`, `try()`, `lock(before:)` and `lock(whenCondition:)`, a semaphore's, group's or
/// condition's `wait`, `Thread.sleep`. The async version would run the body's statements as async code.
final class BlockingCallFinder: SyntaxVisitor {
    private var found: FunctionCallExprSyntax?

    private init() { super.init(viewMode: .sourceAccurate) }

    static func find(in node: some SyntaxProtocol) -> FunctionCallExprSyntax? {
        let finder = BlockingCallFinder()
        finder.walk(node)
        return finder.found
    }

    private static let argumentless: Set<String> = ["lock", "unlock", "try", "wait"]
    private static let labeled: [String: Set<String>] = [
        "lock": ["before", "whenCondition"], "wait": ["timeout", "wallTimeout", "until"],
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil, let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil
        else { return .visitChildren }
        let name = member.declName.baseName.text
        let labels = node.arguments.compactMap { $0.label?.text }
        let blocking =
            node.trailingClosure == nil
            && (node.arguments.isEmpty && Self.argumentless.contains(name)
                || labels.count == node.arguments.count && labels.count == 1
                    && Self.labeled[name]?.contains(labels[0]) == true
                || name == "sleep" && member.base?.trimmedDescription == "Thread")
        if blocking { found = node }
        return blocking ? .skipChildren : .visitChildren
    }
}
