import SwiftParser
import SwiftSyntax

extension NestedCallRewriter {
    /// A call that hands this function's handler to `function`, a function of the codebase that only
    /// calls it with its other parameters (`HandlerForwarding`): the call is the handler's, with what
    /// `function` passes it, so it becomes the same `return` or `throw`. Nil where that is not sure: the
    /// name may reach another declaration that does something else (a requirement, an override, another
    /// overload of the name and labels), the handler types differ, or an argument is left out.
    func inlinedForwarder(
        _ call: FunctionCallExprSyntax, target: FunctionKey, function: FunctionRecord, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten? {
        let codebase = outer.codebase
        // Only on no receiver, `self`, `super` or a type: another receiver is evaluated (`makeHelper().…`)
        // or may be nil (`helper?.…`, which then never called the handler).
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base?.as(DeclReferenceExprSyntax.self), base.argumentNames == nil,
                ["self", "Self", "super"].contains(base.baseName.text)
                    || (base.baseName.text.first?.isUppercase == true
                        && !codebase.types(named: base.baseName.text).isEmpty)
            else { return nil }
        } else if !call.calledExpression.is(DeclReferenceExprSyntax.self) {
            return nil
        }
        guard let forwarding = function.forwarding, outer.failureName == nil, !outer.handlerIsOptional,
            function.accessLevel != "open",
            codebase.functions(named: function.name).allSatisfy({ key in
                let other = codebase.function(key)
                return other.fullName != function.fullName
                    || (other.forwarding == forwarding
                        && other.parameters.map(\.type) == function.parameters.map(\.type))
            }),
            call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
            call.arguments.count == function.parameters.count,
            zip(call.arguments, function.parameters).allSatisfy({ ($0.label?.text ?? "_") == $1.label }),
            call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: forwarding.handler)]
                .expression.identifier == outer.handlerName
        else { return nil }
        // The same handler type, and each forwarded parameter of the type the handler takes there: the
        // argument (`.error(…)`) then means in a `return` what it meant in the call.
        func spelled(_ type: TypeRef, in typePath: String) -> TypeRef {
            Codebase.spelledAlike(codebase.aliases.expandAll(type.withoutAttributes, in: typePath))
        }
        let ownType = spelled(
            outer.function.parameters[outer.handler.parameterIndex].type, in: outer.function.context.typePath)
        let theirType = spelled(function.parameters[forwarding.handler].type, in: function.context.typePath)
        guard ownType == theirType, case .function(let taken, _, _, _, _) = theirType,
            taken.count == forwarding.arguments.count
        else { return nil }
        var arguments: [ExprSyntax] = []
        for (position, argument) in forwarding.arguments.enumerated() {
            switch argument {
            case .parameter(let index):
                // (`T` where the handler takes `T?`: the argument is typed alike in the call and the `return`.)
                let type = spelled(function.parameters[index].type, in: function.context.typePath)
                guard type == taken[position] || .optional(type) == taken[position] else { return nil }
                let passed = call.arguments.index(call.arguments.startIndex, offsetBy: index)
                let argument = call.arguments[passed].expression
                if type != taken[position] { outer.nonOptionalArguments.insert(argument.id) }
                arguments.append(argument)
            case .literal(let text):
                guard let literal = Self.literal(text) else { return nil }
                arguments.append(literal)
            }
        }
        return try outer.handlerExit(call, arguments: arguments, isFailureClosure: false, scope: scope, indent: indent)
    }

    /// A literal of a forwarder's body, parsed on its own.
    private static func literal(_ text: String) -> ExprSyntax? {
        var parser = Parser(text)
        let expression = ExprSyntax.parse(from: &parser)
        return HandlerForwarding.isLiteral(expression) && !expression.hasError ? expression : nil
    }
}
