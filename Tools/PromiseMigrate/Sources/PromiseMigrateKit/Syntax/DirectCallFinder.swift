import SwiftSyntax

/// The closure parameters a function body only calls itself: never from a closure or a local function
/// (but for `queue.sync { … }`'s, which runs before `sync` returns), never passed on. A handler among them
/// runs before the function returns, on every path that calls it.
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

    /// `x.sync { … }` and `x.sync(flags: …) { … }`. Read as at once whatever `x` is: this only keeps more
    /// old bodies (a caller that calls the handler at once keeps its own).
    override func runsInline(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "sync"
        else { return false }
        return call.arguments.allSatisfy { $0.label?.text == "flags" }
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
