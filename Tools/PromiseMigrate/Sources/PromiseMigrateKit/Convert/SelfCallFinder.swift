import SwiftSyntax

/// Calls of a function's own name that leave out its defaulted handler (`self.sync(id: id + 1)`): in
/// the async version such a call would reach the async version itself, unawaited.
final class SelfCallFinder: SyntaxVisitor {
    private let name: String
    private let handlerLabels: Set<String>
    private(set) var omittingHandler: [FunctionCallExprSyntax] = []

    init(name: String, handlerLabels: Set<String>) {
        self.name = name
        self.handlerLabels = handlerLabels
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Callee(node.calledExpression).name == name, node.trailingClosure == nil,
            !node.arguments.contains(where: { handlerLabels.contains($0.label?.text ?? "_") })
        {
            omittingHandler.append(node)
        }
        return .visitChildren
    }
}
