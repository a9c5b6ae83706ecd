import SwiftSyntax

/// What a function does when its whole body calls one of its closure parameters with its other
/// parameters, each once and in order, or literals: Swift-Kuery's
/// `runCompletionHandler(_ result:onCompletion:) { onCompletion(result) }`. A caller that hands it its own
/// handler calls that handler, so converting the caller turns the call into what it passes.
public struct HandlerForwarding: Hashable, Sendable {
    /// One argument of the handler's call.
    public enum Argument: Hashable, Sendable {
        /// The function's parameter at this index.
        case parameter(Int)
        /// A literal, as written (`nil`, `true`, `0`, `"done"`).
        case literal(String)
    }

    /// The index of the closure parameter called.
    public var handler: Int
    /// What it is called with.
    public var arguments: [Argument]

    /// A forwarding that calls parameter `handler` with `arguments`.
    public init(handler: Int, arguments: [Argument]) {
        self.handler = handler
        self.arguments = arguments
    }

    /// The forwarding of a synchronous, non-generic function returning nothing, whose body is only
    /// `handler(…)` (or `return handler(…)`); nil for any other function.
    static func find(
        in body: CodeBlockSyntax, parameters: FunctionParameterListSyntax, signature: FunctionSignatureSyntax,
        isGeneric: Bool
    ) -> HandlerForwarding? {
        guard !isGeneric, signature.effectSpecifiers == nil,
            signature.returnClause.map({ ["Void", "()"].contains($0.type.trimmedDescription) }) ?? true,
            body.statements.count == 1, let item = body.statements.first?.item
        else { return nil }
        let expression =
            item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExpressionStmtSyntax.self)?.expression
            ?? item.as(ExprSyntax.self)
        guard let call = expression?.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.additionalTrailingClosures.isEmpty,
            let called = call.calledExpression.as(DeclReferenceExprSyntax.self), called.argumentNames == nil
        else { return nil }
        let names = parameters.map { ($0.secondName ?? $0.firstName).text }
        guard let handler = names.firstIndex(of: called.baseName.text),
            parameters.allSatisfy({ $0.ellipsis == nil && $0.defaultValue == nil && !Self.hasSpecifier($0.type) })
        else { return nil }
        var arguments: [Argument] = []
        var forwarded: [Int] = []
        for argument in call.arguments {
            guard argument.label == nil else { return nil }
            if let reference = argument.expression.as(DeclReferenceExprSyntax.self),
                reference.argumentNames == nil, let index = names.firstIndex(of: reference.baseName.text)
            {
                guard index != handler else { return nil }
                arguments.append(.parameter(index))
                forwarded.append(index)
            } else if Self.isLiteral(argument.expression) {
                arguments.append(.literal(argument.expression.trimmedDescription))
            } else {
                return nil
            }
        }
        // Every other parameter once, in order: the caller's arguments are evaluated as before, none dropped.
        guard forwarded == names.indices.filter({ $0 != handler }) else { return nil }
        return HandlerForwarding(handler: handler, arguments: arguments)
    }

    /// `inout`, `borrowing`, `@autoclosure` and the like.
    private static func hasSpecifier(_ type: TypeSyntax) -> Bool {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
        return !attributed.specifiers.isEmpty
            || attributed.attributes.contains { $0.trimmedDescription == "@autoclosure" }
    }

    /// A literal whose meaning does not depend on where it is written.
    static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(NilLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
            || expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
        {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        return false
    }
}
