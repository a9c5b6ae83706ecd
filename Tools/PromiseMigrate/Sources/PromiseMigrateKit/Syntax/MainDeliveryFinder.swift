import SwiftSyntax

/// Where a function's closure parameters may be called on the main queue: in a main-queue hop, or through
/// the calls they are handed to. Read by `Codebase.handlerMayDeliverOnMain(_:)`, which follows the
/// hand-offs.
public struct MainDelivery: Hashable, Sendable {
    /// Some closure parameter is called, or handed on, inside a hop that may reach the main queue
    /// (`DispatchQueue.main.async`, a queue held in a name, `OperationQueue.main.addOperation`,
    /// `MainActor.run`, a `@MainActor` closure such as `Task { @MainActor in … }`).
    public var hops = false
    /// Some closure parameter is called directly in the body, or in a `Task { }` that inherits its actor
    /// (on the main actor, for a `@MainActor` function).
    public var direct = false
    /// The calls closure parameters are handed to, as an argument or called in one of their closures: by
    /// the called name (`fetch` for `api.fetch(id:completion:)`).
    public var through: [String] = []

    /// No closure parameter called on the main queue, directly, or handed on.
    public init() {}
}

/// Finds a body's `MainDelivery` for its closure parameters (`among`).
final class MainDeliveryFinder: SyntaxVisitor {
    private let candidates: Set<String>
    private let root: SyntaxIdentifier
    private var delivery = MainDelivery()

    private init(candidates: Set<String>, root: SyntaxIdentifier) {
        self.candidates = candidates
        self.root = root
        super.init(viewMode: .sourceAccurate)
    }

    static func find(in body: CodeBlockSyntax, among parameters: Set<String>) -> MainDelivery {
        guard !parameters.isEmpty else { return MainDelivery() }
        let finder = MainDeliveryFinder(candidates: parameters, root: body.id)
        finder.walk(body)
        return finder.delivery
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard candidates.contains(node.baseName.text) else { return .visitChildren }
        var use = Syntax(node)
        if let chained = use.parent?.as(OptionalChainingExprSyntax.self) { use = Syntax(chained) }
        // Where the closures around it run: any of them on the main queue may put it there (a `map` inside a
        // hop, a hop inside another thread's closure, a helper handed it inside a hop).
        let closures = Self.enclosingClosures(of: use, root: root)
        let takers = closures.map { DirectCallFinder.call(taking: Syntax($0)) }
        let onMain = zip(closures, takers).contains { closure, taker in
            Self.isMainActorClosure(closure) || taker.map(Self.mayHopToMain) == true
        }
        if onMain { delivery.hops = true }
        if let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id {
            // Called: the innermost closure hands it on.
            guard let closure = closures.first else {
                delivery.direct = true
                return .visitChildren
            }
            let innermost = takers.first ?? nil
            if innermost?.calledExpression.trimmedDescription == "Task", closure.signature?.attributes.isEmpty ?? true {
                delivery.direct = true  // a `Task { }` runs on the function's actor
            } else if let called = innermost.flatMap(DirectCallFinder.calledName) {
                delivery.through.append(called)
            }
        } else if let argument = use.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            if Self.mayHopToMain(call) {
                delivery.hops = true  // `DispatchQueue.main.async(execute: completion)`
            } else if let called = DirectCallFinder.calledName(call) {
                delivery.through.append(called)
            }
        }
        return .visitChildren
    }

    /// The closures around `node` inside the body, innermost first; none at the top level or in a local
    /// function.
    private static func enclosingClosures(of node: Syntax, root: SyntaxIdentifier) -> [ClosureExprSyntax] {
        var closures: [ClosureExprSyntax] = []
        var current = node.parent
        while let node = current, node.id != root {
            if node.is(FunctionDeclSyntax.self) { return [] }
            if let closure = node.as(ClosureExprSyntax.self) { closures.append(closure) }
            current = node.parent
        }
        return closures
    }

    /// `{ @MainActor in … }`.
    private static func isMainActorClosure(_ closure: ClosureExprSyntax) -> Bool {
        closure.signature?.attributes.contains { $0.trimmedDescription == "@MainActor" } == true
    }

    /// `DispatchQueue.main.async { … }`, `asyncAfter`, `sync`, `OperationQueue.main.addOperation { … }`,
    /// `MainActor.run { … }`, `RunLoop.main.perform { … }`; and a hop onto a queue held in a name
    /// (`callbackQueue.async`), which may be the main queue: only `DispatchQueue.global(…)` and a queue
    /// made there (`DispatchQueue(label:)`) are known not to be.
    private static func mayHopToMain(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.trimmedDescription
        else { return false }
        switch member.declName.baseName.text {
        case "async", "asyncAfter", "sync":
            return !base.hasPrefix("DispatchQueue.global") && !base.hasPrefix("DispatchQueue(")
        case "addOperation": return base.hasSuffix("OperationQueue.main")
        case "run": return base == "MainActor"
        case "perform": return base.hasSuffix("RunLoop.main")
        default: return false
        }
    }
}
