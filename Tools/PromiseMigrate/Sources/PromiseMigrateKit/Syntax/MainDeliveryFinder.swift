import SwiftSyntax

/// Where a body delivers its closure parameters, as far as the main queue goes: when every use of each is
/// a call inside `DispatchQueue.main.async { … }` (or `asyncAfter`), or a hand-off to other calls (as an
/// argument, or called inside one of their closures), the names of those calls for each; nil when one is
/// used any other way (called directly, kept, hopped elsewhere). `Codebase` follows the hand-offs: a
/// caller of such a function delivered on the main queue too.
final class MainDeliveryFinder: SyntaxVisitor {
    private let candidates: Set<String>
    private let root: SyntaxIdentifier
    private var through: [String: [String]] = [:]
    private var elsewhere: Set<String> = []

    private init(candidates: Set<String>, root: SyntaxIdentifier) {
        self.candidates = candidates
        self.root = root
        super.init(viewMode: .sourceAccurate)
    }

    static func find(in body: CodeBlockSyntax, among parameters: Set<String>) -> [String: [String]]? {
        guard !parameters.isEmpty else { return nil }
        let finder = MainDeliveryFinder(candidates: parameters, root: body.id)
        finder.walk(body)
        return finder.elsewhere.isEmpty && !finder.through.isEmpty ? finder.through : nil
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard candidates.contains(name), elsewhere.isEmpty else { return .visitChildren }
        var use = Syntax(node)
        if let chained = use.parent?.as(OptionalChainingExprSyntax.self) { use = Syntax(chained) }
        if let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id {
            // Called: where the innermost closure around it runs.
            guard let closure = Self.enclosingClosure(of: use, root: root),
                let taking = DirectCallFinder.call(taking: Syntax(closure))
            else {
                noteElsewhere(name)
                return .visitChildren
            }
            if Self.isMainHop(taking) {
                through[name, default: []] += []
            } else if let called = DirectCallFinder.calledName(taking) {
                through[name, default: []].append(called)
            } else {
                noteElsewhere(name)
            }
        } else if let argument = use.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), !Self.isMainHop(call),
            let called = DirectCallFinder.calledName(call)
        {
            through[name, default: []].append(called)
        } else {
            noteElsewhere(name)
        }
        return .visitChildren
    }

    private func noteElsewhere(_ name: String) { elsewhere.insert(name) }

    /// The innermost closure around `node` inside the body; nil at the top level or in a local function.
    private static func enclosingClosure(of node: Syntax, root: SyntaxIdentifier) -> ClosureExprSyntax? {
        var current = node.parent
        while let node = current, node.id != root {
            if node.is(FunctionDeclSyntax.self) { return nil }
            if let closure = node.as(ClosureExprSyntax.self) { return closure }
            current = node.parent
        }
        return nil
    }

    /// `DispatchQueue.main.async { … }` or `DispatchQueue.main.asyncAfter(deadline:) { … }`.
    private static func isMainHop(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["async", "asyncAfter"].contains(member.declName.baseName.text)
        else { return false }
        let base = member.base?.trimmedDescription
        return base == "DispatchQueue.main" || base == "Dispatch.DispatchQueue.main"
    }
}
