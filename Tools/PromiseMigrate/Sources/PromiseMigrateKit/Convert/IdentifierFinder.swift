import SwiftSyntax

/// The identifiers a piece of code reads, or binds (`let x`, `if let x`, `case .a(let x)`, a closure's
/// parameters, a local function): what a name the tool introduces must not hide.
final class IdentifierFinder: SyntaxVisitor {
    private var found: Set<String> = []
    private let binding: Bool

    private init(binding: Bool) {
        self.binding = binding
        super.init(viewMode: .sourceAccurate)
    }

    /// Every name `node` reads.
    static func names(in node: some SyntaxProtocol) -> Set<String> {
        let finder = IdentifierFinder(binding: false)
        finder.walk(node)
        return finder.found
    }

    /// Every name `node` binds.
    static func bound(in node: some SyntaxProtocol) -> Set<String> {
        let finder = IdentifierFinder(binding: true)
        finder.walk(node)
        return finder.found
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if !binding { found.insert(node.baseName.text) }
        return .visitChildren
    }
    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if binding { found.insert(node.identifier.text) }
        return .visitChildren
    }
    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        if binding { found.insert(node.name.text) }
        return .visitChildren
    }
    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        if binding { found.insert((node.secondName ?? node.firstName).text) }
        return .visitChildren
    }
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        // `if let x` binds `x` with no pattern initializer to read it from.
        if binding, let name = node.pattern.as(IdentifierPatternSyntax.self) { found.insert(name.identifier.text) }
        return .visitChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if binding { found.insert(node.name.text) }
        return .visitChildren
    }
}
