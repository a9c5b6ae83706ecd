import SwiftParser
import SwiftSyntax

/// A call in async code that Swift does not allow there (`noasync`: an error in Swift 6, a warning in
/// Swift 5), or that would block one of the few threads of the cooperative pool: a lock's `lock()`,
/// `unlock()`, `try()`, `tryLock`, `lock(before:)`, `unlock(withCondition:)`, a condition's `wait` and
/// `signal()`, a semaphore's or group's `wait`, `Thread.sleep` and `Thread.exit()`. Read from the async
/// version as written: the closures it keeps (a continuation's, `MainActor.run`'s, a queue hop's) run
/// synchronously and may lock; a `Task`'s, another async closure's, or one handed to an awaited call
/// (async by the parameter's type, maybe) may not.
final class BlockingCallFinder: SyntaxVisitor {
    private var found: FunctionCallExprSyntax?

    private init() { super.init(viewMode: .sourceAccurate) }

    /// The first blocking call in the async code of `statements` (the async version's body), as one line.
    static func find(inAsyncBody statements: String) -> String? {
        let finder = BlockingCallFinder()
        finder.walk(Parser.parse(source: statements))
        return finder.found.map { oneLine($0.trimmedDescription) }
    }

    /// `text` with each run of whitespace made one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The call of `text` (one line) in the old body, where a refusal points: one outside the closures that
    /// stay synchronous (a queue hop's, `sync`'s, `forEach`'s) if there is one.
    static func call(_ text: String, in body: CodeBlockSyntax) -> FunctionCallExprSyntax? {
        final class Finder: SyntaxVisitor {
            let text: String
            var found: [(call: FunctionCallExprSyntax, inSynchronousClosure: Bool)] = []
            var synchronousDepth = 0
            init(text: String) {
                self.text = text
                super.init(viewMode: .sourceAccurate)
            }
            func staysSynchronous(_ closure: ClosureExprSyntax) -> Bool {
                let taker = DirectCallFinder.call(taking: Syntax(closure)).flatMap(DirectCallFinder.calledName)
                return taker.map(BlockingCallFinder.synchronousClosureTakers.contains) == true
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                if staysSynchronous(node) { synchronousDepth += 1 }
                return .visitChildren
            }
            override func visitPost(_ node: ClosureExprSyntax) {
                if staysSynchronous(node) { synchronousDepth -= 1 }
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if BlockingCallFinder.oneLine(node.trimmedDescription) == text {
                    found.append((node, synchronousDepth > 0))
                }
                return .visitChildren
            }
        }
        let finder = Finder(text: text)
        finder.walk(body)
        return (finder.found.first { !$0.inSynchronousClosure } ?? finder.found.first)?.call
    }

    /// Calls whose closures the async version keeps as synchronous closures, or runs at once: queue hops,
    /// what runs a closure before it returns, and `MainActor.run`.
    static let synchronousClosureTakers = DirectCallFinder.hopNames.union(DirectCallFinder.inlineNames)
        .union(["run"])

    /// What to write instead of `call`.
    static func remedy(for call: String) -> String {
        if call.contains(".sleep(") { return "sleep with `try await Task.sleep(for:)` first, or convert by hand" }
        if call.contains(".exit(") { return "convert by hand" }
        if call.contains(".signal(") {
            return "a condition's `signal()` is unavailable there (a semaphore's is not, but the tool cannot tell "
                + "the two apart): convert by hand"
        }
        if call.contains(".wait(") {
            return "await what it waits for instead (or keep the wait in a synchronous closure), or convert by hand"
        }
        return "use `withLock { }` (or another async-safe form) first"
    }

    private static let blockingNames: Set<String> = ["lock", "unlock", "try", "tryLock", "wait", "signal"]
    /// Calls whose closures run as async code.
    private static let asyncClosureTakers: Set<String> = [
        "Task", "detached", "addTask", "addTaskUnlessCancelled", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "withTaskCancellationHandler",
    ]

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if node.signature?.effectSpecifiers?.asyncSpecifier != nil { return .visitChildren }
        let taker = DirectCallFinder.call(taking: Syntax(node))
        // A closure handed to an awaited call (an async variant) may be async by the parameter's type.
        if taker?.parent?.is(AwaitExprSyntax.self) == true { return .visitChildren }
        let taking = taker.flatMap(DirectCallFinder.calledName)
        return taking.map(Self.asyncClosureTakers.contains) == true ? .visitChildren : .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `await gate.wait()`: an async function of that name, which suspends instead of blocking.
        guard found == nil, node.parent?.is(AwaitExprSyntax.self) != true else { return .visitChildren }
        // A lock's own `lock()` and `unlock()` (in an extension or subclass of one).
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["lock", "unlock"].contains(name), node.arguments.isEmpty, node.trailingClosure == nil
        {
            found = node
            return .skipChildren
        }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
        else { return .visitChildren }
        let name = member.declName.baseName.text
        let blocking =
            node.trailingClosure == nil && node.arguments.allSatisfy { $0.label != nil }
            && Self.blockingNames.contains(name)
            || ["sleep", "exit"].contains(name) && base.trimmedDescription.split(separator: ".").last == "Thread"
        if blocking { found = node }
        return blocking ? .skipChildren : .visitChildren
    }
}
