import SwiftSyntax

/// The closure parameters a function body calls itself: not from a closure or a local function (but for
/// `queue.sync { … }`'s, which runs before `sync` returns). A handler among them runs before the function
/// returns, on the paths that call it.
final class DirectCallFinder: OwnBodyVisitor {
    private let candidates: Set<String>
    private var calledAtOnce: [String] = []
    /// Used in a closure a serial queue runs (`queue.async { … completion(x) }`) that the body hands over
    /// before it returns.
    private var hopped: [String] = []
    /// For each candidate, the calls the body makes before it returns that take it, as an argument or in a
    /// closure argument: by the called name (`fetch` for `api.fetch(id:completion:)`).
    private var passedOn: [String: [String]] = [:]

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

    /// What a call of the function may do with its handler parameters (`among`) before it returns, which a
    /// wrapper calling an async version from a `Task` would do later: call one (on some path), or hand it to
    /// a serial queue (`queue.async { … }`, so two calls start their work in order). And the calls it hands
    /// each on to before it returns, which may do so in turn (`Codebase.handlerMayActAtOnce(_:)`).
    static func handlerFacts(
        in body: CodeBlockSyntax, among parameters: Set<String>
    ) -> (actingAtOnce: [String], passedOn: [String: [String]]) {
        guard !parameters.isEmpty else { return ([], [:]) }
        let finder = DirectCallFinder(candidates: parameters)
        finder.walk(body)
        var acting = finder.calledAtOnce
        for name in finder.hopped where !acting.contains(name) { acting.append(name) }
        return (acting, finder.passedOn)
    }

    /// The member names of calls that hand a closure to a serial queue, to run later in order.
    private static let hopNames: Set<String> = ["async", "asyncAfter", "addOperation"]

    /// The called name of `call`: `fetch` for `fetch(…)`, `api.fetch(…)` and `api?.fetch(…)`.
    private static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The call that takes `node` as an argument (labeled, or a trailing closure), if it does.
    private static func call(taking node: Syntax) -> FunctionCallExprSyntax? {
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == node.id {
            return call
        }
        if let argument = node.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            return call
        }
        if let trailing = node.parent?.as(MultipleTrailingClosureElementSyntax.self) {
            return trailing.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        return nil
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
            notePassedOn(name, from: callee)
        }
        return .visitChildren
    }

    /// Records where a use other than a direct call hands `name` on before the body returns: as an argument of
    /// a call, or in a closure argument of one (a serial queue's, or a call `Codebase` may resolve).
    private func notePassedOn(_ name: String, from use: Syntax) {
        if nestedDepth == 0 {
            if let call = Self.call(taking: use), let called = Self.calledName(call) {
                passedOn[name, default: []].append(called)
            }
            return
        }
        guard nestedDepth == 1 else { return }
        var node = use.parent
        while let current = node, !current.is(ClosureExprSyntax.self) {
            if current.is(FunctionDeclSyntax.self) { return }  // a local function's body
            node = current.parent
        }
        guard let closure = node, let call = Self.call(taking: closure), let called = Self.calledName(call) else {
            return
        }
        if call.calledExpression.is(MemberAccessExprSyntax.self), Self.hopNames.contains(called) {
            if !hopped.contains(name) { hopped.append(name) }
        } else {
            passedOn[name, default: []].append(called)
        }
    }
}
