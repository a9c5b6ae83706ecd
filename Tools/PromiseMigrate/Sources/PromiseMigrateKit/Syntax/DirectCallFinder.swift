import SwiftSyntax

/// What a function body does with its closure parameters before it returns: which it calls itself (not
/// from a closure or a local function, but for `queue.sync { … }`'s, which runs before `sync` returns), so
/// that a handler among them runs before the function returns on the paths that call it; and, for
/// `handlerFacts`, which it hands to a queue or uses where when it runs is not known, and which calls it
/// hands them on to.
final class DirectCallFinder: OwnBodyVisitor {
    private let candidates: Set<String>
    private var calledAtOnce: [String] = []
    /// Acted on before the body returns other than by a direct call: handed to a queue
    /// (`queue.async { … completion(x) }`), called in a closure run at once, or used where when it runs is
    /// not known (`notePassedOn`).
    private var actedOn: [String] = []
    /// For each candidate, the calls the body makes before it returns that take it, as an argument or in a
    /// closure argument: by the called name (`fetch` for `api.fetch(id:completion:)`).
    private var passedOn: [String: [String]] = [:]
    /// The body walked, where a search for the outermost closure around a use stops.
    private var root: SyntaxIdentifier?
    /// The body itself calls a queue's `async` (or the like) before it returns, whatever the closure does.
    private var enqueuesAtOnce = false

    private init(candidates: Set<String>) {
        self.candidates = candidates
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if nestedDepth == 0, let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            Self.hopNames.contains(member.declName.baseName.text)
        {
            enqueuesAtOnce = true
        }
        return .visitChildren
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
        finder.root = body.id
        finder.walk(body)
        var acting = finder.calledAtOnce
        for name in finder.actedOn where !acting.contains(name) { acting.append(name) }
        // Work the body itself hands a queue before it returns (`queue.async { self.items.append(x) }`):
        // two calls enqueue it in order, which a wrapper's `Task` would not. Every parameter counts.
        if finder.enqueuesAtOnce { acting += parameters.sorted().filter { !acting.contains($0) } }
        return (acting, finder.passedOn)
    }

    /// The names of calls that hand a closure to a queue or run loop, to run later in order, and of work
    /// items, which the body may hand to a queue itself.
    static let hopNames: Set<String> = [
        "async", "asyncAfter", "addOperation", "addBarrierBlock", "notify", "perform", "schedule",
        "DispatchWorkItem", "BlockOperation",
    ]
    /// The names of calls that run a closure before they return (the standard library's and Foundation's):
    /// a handler called there is called at once.
    static let inlineNames: Set<String> = [
        "sync", "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "contains", "first", "allSatisfy",
        "sorted", "withLock", "performAndWait", "autoreleasepool", "withExtendedLifetime",
    ]

    /// The called name of `call`: `fetch` for `fetch(…)`, `api.fetch(…)` and `api?.fetch(…)`.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The call that takes `node` as an argument (labeled, or a trailing closure), if it does.
    static func call(taking node: Syntax) -> FunctionCallExprSyntax? {
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

    /// Records what a use other than a direct call does with `name` before the body returns. Handed to a
    /// call, as an argument or inside a closure argument (however deep): to a serial queue it acts at once,
    /// to another call it is passed on to that call (which `Codebase` may resolve). Anything else (a local
    /// function, a closure kept in a variable) counts as acting at once: keeping a caller's body is safe.
    private func notePassedOn(_ name: String, from use: Syntax) {
        var taken = use
        if nestedDepth > 0 {
            var outermost: Syntax?
            var node = use.parent
            while let current = node, current.id != root {
                if current.is(FunctionDeclSyntax.self) { return act(name) }  // a local function's body
                if let closure = current.as(ClosureExprSyntax.self), !runsInline(closure) { outermost = current }
                node = current.parent
            }
            guard let outermost else { return act(name) }
            taken = outermost
        }
        guard let call = Self.call(taking: taken), let called = Self.calledName(call) else {
            // A closure kept or returned: when it runs is not known. An argument-less use (`let f = completion`)
            // at the top level is neither.
            return act(name)
        }
        if Self.hopNames.contains(called) || Self.inlineNames.contains(called) || called.hasPrefix("withUnsafe") {
            act(name)
        } else {
            passedOn[name, default: []].append(called)
        }
    }

    /// Counts `name` as acted on before the body returns.
    private func act(_ name: String) {
        if !actedOn.contains(name) { actedOn.append(name) }
    }
}
