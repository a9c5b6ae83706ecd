import SwiftSyntax

/// A declaration in a body that hides the handler: `let completion = …`, `var completion`,
/// `func completion(…)`, `for completion in …`, `case let completion`. A call of that name is then not
/// the handler's. Unwrapping an optional handler under its own name (`if let completion`,
/// `guard let completion = completion`) binds the handler itself and does not count; nor do closure
/// parameters, which `HandlerUseFinder` already tells apart.
final class HandlerShadowFinder: SyntaxVisitor {
    private let names: Set<String>
    private var found: TokenSyntax?

    private init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    /// The first name token that hides one of `names`, nil if none.
    static func find(in body: CodeBlockSyntax, names: Set<String>) -> TokenSyntax? {
        let finder = HandlerShadowFinder(names: names)
        finder.walk(body)
        return finder.found
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, names.contains(name),
            node.initializer == nil || node.initializer?.value.trimmedDescription == name
        {
            // (The initializer may still mention other declarations: visit it alone.)
            if let initializer = node.initializer { walk(initializer) }
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, names.contains(node.identifier.text) { found = node.identifier }
        return .skipChildren
    }

    // A nested type's members (`let closure` of a local class) are reached through its instances only.
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, names.contains(node.name.text) { found = node.name }
        return .visitChildren
    }
}
