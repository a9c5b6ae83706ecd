import SwiftSyntax

/// The closure parameters a function body only calls itself: never from a closure or a local function,
/// never passed on. A handler among them runs before the function returns, on every path that calls it.
final class DirectCallFinder: OwnBodyVisitor {
    private let candidates: Set<String>
    private var calledAtOnce: [String] = []
    private var usedOtherwise: Set<String> = []

    private init(candidates: Set<String>) {
        self.candidates = candidates
        super.init(viewMode: .sourceAccurate)
    }

    /// Which of `parameters` (names) `body` calls directly on some path, whatever else it does with them.
    static func parametersCalled(in body: CodeBlockSyntax, among parameters: Set<String>) -> [String] {
        guard !parameters.isEmpty else { return [] }
        let finder = DirectCallFinder(candidates: parameters)
        finder.walk(body)
        return finder.calledAtOnce
    }

    /// Which of `parameters` (names) `body` only calls directly (`completion(x)`, `completion?(x)`).
    static func parametersOnlyCalled(in body: CodeBlockSyntax, among parameters: Set<String>) -> [String] {
        guard !parameters.isEmpty else { return [] }
        let finder = DirectCallFinder(candidates: parameters)
        finder.walk(body)
        return finder.calledAtOnce.filter { !finder.usedOtherwise.contains($0) }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard candidates.contains(name) else { return .visitChildren }
        var callee = Syntax(node)
        if let chained = callee.parent?.as(OptionalChainingExprSyntax.self) { callee = Syntax(chained) }
        if nestedDepth == 0, let call = callee.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == callee.id
        {
            if !calledAtOnce.contains(name) { calledAtOnce.append(name) }
        } else {
            usedOtherwise.insert(name)
        }
        return .visitChildren
    }
}
