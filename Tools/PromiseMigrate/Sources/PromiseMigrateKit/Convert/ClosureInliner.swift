import SwiftSyntax

/// Puts a nested call's handler closure after `try await`: the success path's statements follow the
/// await, the failure path's go in `catch` (and must leave the function), by the closure's shape:
///
/// - `Result`: `switch result { case .success(let v): …; case .failure(let e): … }`, or any body, with
///   `result` bound to the await's outcome;
/// - `(T?, Error?)`, `(T, Error?)`: `guard let v else { … }`, `if let e { … } else if let v { … }`, or
///   `if let e { … }` then the rest;
/// - `(Error?)`: `if let e { … } [else { … }]`, the error ignored, or any body with `e` bound;
/// - `(T)`, `()`: any body;
/// - `success:`/`failure:` closures.
struct ClosureInliner {
    let outer: HandlerBodyRewriter
    let call: FunctionCallExprSyntax
    /// `try await api.load(id: id)`, with `as T` where overloads differ only in what they return.
    var awaited: String
    /// The handler's value type, typealiases expanded.
    let valueType: TypeRef?
    /// For a `success:`/`failure:` pair: how the failure closure's error is typed.
    var failureErrorType: ErrorType = .plain
    /// `E` when the awaited variant `throws(E)`: its `do` says so, so that `catch` has an `E`.
    var thrownType: String?
    /// The callee's generic parameters, and its type's, that `valueType` may still name: not writable here.
    var calleeGenerics: Set<String> = []
    /// The callee's type, where `valueType`'s names mean what they mean.
    var calleePath = ""
    /// `E` of the callee's `Result<T, E>` handler, when its async variant throws untyped: the closure's
    /// code, written for an `E`, would get `any Error`.
    var widenedFailure: String?

    /// Whether `name` is used in `items` other than as an argument of a call of the handler (`completion(result)`,
    /// `completion(result.map { … })`).
    private func usedBesidesHandlerCalls(_ name: String, in items: [CodeBlockItemSyntax]) -> Bool {
        items.contains { item in
            item.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.tokenKind == .identifier(name), token.parent?.is(DeclReferenceExprSyntax.self) == true
                else { return false }
                // The argument itself, or the base of `map`/`flatMap`, whose closures get the value: the
                // failure goes on to the handler's `.get()` whatever its type.
                guard let reference = token.parent, let parent = reference.parent else { return true }
                let member = parent.as(MemberAccessExprSyntax.self)
                let passed: Syntax
                if let member, ["map", "flatMap"].contains(member.declName.baseName.text),
                    let call = member.parent?.as(FunctionCallExprSyntax.self)
                {
                    passed = Syntax(call)
                } else if member == nil {
                    passed = reference
                } else {
                    return true
                }
                guard let argument = passed.parent?.as(LabeledExprSyntax.self),
                    let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
                else { return true }
                return outer.handlerCall(ExprSyntax(call)) == nil
            }
        }
    }

    /// Refused where the closure's code uses the error (or the result) it would now get as `any Error`.
    private func checkErrorNotWidened(_ name: String) throws(FunctionRefusal) {
        guard let widenedFailure else { return }
        throw outer.refuse(
            call, "typed failure",
            "its closure uses `\(name)` as the handler gave it, failing with `\(widenedFailure)`, and the async "
                + "variant throws untyped (`any Error`): that code would not compile, or mean otherwise; convert by "
                + "hand")
    }

    /// `do {`, or `do throws(E) {` for a typed variant.
    private var doHead: String { thrownType.map { "do throws(\($0)) {" } ?? "do {" }

    typealias Scope = HandlerBodyRewriter.Scope
    typealias Rewritten = HandlerBodyRewriter.Rewritten

    private func refuse(_ node: some SyntaxProtocol, _ reason: String) -> FunctionRefusal {
        outer.refuse(node, "closure shape", reason)
    }

    /// Whether `type` can be written in the converted function as it is: no generic parameter of the
    /// callee, and no type nested in another that the function is not inside (`Store.Item` as `Item`).
    private func writable(_ type: TypeRef) -> Bool {
        Self.writable(type, in: outer, calleeGenerics: calleeGenerics, calleePath: calleePath)
    }

    /// `writable(_:)` for the function `outer` converts, where the callee's generic parameters are
    /// `calleeGenerics` and its type is `calleePath`: a name must also mean there what it means in the
    /// callee (not a type of the caller's own that has its name: `Api.Item` for the callee's `Item`).
    static func writable(
        _ type: TypeRef, in outer: HandlerBodyRewriter, calleeGenerics: Set<String>, calleePath: String
    ) -> Bool {
        let codebase = outer.codebase
        let ownPath = outer.function.context.typePath
        let named = type.referencedNames.allSatisfy { name in
            if outer.function.genericParameterNames.contains(name) || calleeGenerics.contains(name) { return false }
            let records = codebase.types(named: name).filter { $0.kind != "extension" }
            if records.isEmpty || records.contains(where: { !$0.path.contains(".") }) { return true }
            return records.contains { record in
                let parent = record.path.split(separator: ".").dropLast().joined(separator: ".")
                return ownPath == parent || ownPath.hasPrefix(parent + ".")
            }
        }
        return named
            && type.leadingNames.allSatisfy { name in
                codebase.nearestType(named: name, from: ownPath) == codebase.nearestType(named: name, from: calleePath)
            }
    }

    /// Binds `name` where the call was: refused when that would redeclare a name declared before it.
    /// `retyped`: the name may have another type than the closure's parameter of that name had (`any Error`
    /// for an `APIError`, a value unwrapped): code kept as written must not use it (`Scope.rebound`).
    private func declare(
        _ name: String, in scope: inout Scope, nonOptional: Bool, retyped: Bool = false
    ) throws(FunctionRefusal) {
        guard name != "_" else { return }
        if scope.declared.contains(name) {
            throw outer.refuse(
                call, "name clash",
                "its closure's `\(name)` would be declared where a `\(name)` already is: rename one, and convert again")
        }
        scope.declared.insert(name)
        if retyped { scope.rebound.insert(name) } else { scope.rebound.remove(name) }
        scope.local.insert(name)
        if nonOptional { scope.nonOptional.insert(name) } else { scope.nonOptional.remove(name) }
        scope.errorAliases[name] = nil
    }

    func inline(
        shape: HandlerShape, closures: [ClosureExprSyntax], scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        var rewritten = try inlineStatements(shape: shape, closures: closures, scope: scope, indent: indent)
        // A statement the split takes apart (a `switch` over the result, an `if let error`) is not
        // written again, and neither are the comments around it: they go before and after the code.
        let body = Array(closures[0].statements)
        guard let first = body.first else { return rewritten }
        var before = HandlerBodyRewriter.openingComments(before: body, indent: indent)
        before += HandlerBodyRewriter.commentLines(in: first.leadingTrivia, indent: indent)
        if let switchExpression = CallConverter.switchExpression(first) {
            before += HandlerBodyRewriter.commentLines(in: switchExpression.leftBrace.trailingTrivia, indent: indent)
        }
        var after = HandlerBodyRewriter.closingComments(after: body, indent: indent)
        if let comment = HandlerBodyRewriter.trailingComment(of: first) {
            after.insert(indent + comment.trimmingCharacters(in: .whitespaces), at: 0)
        }
        // Left out when the closure's body was rewritten whole, which wrote them already.
        let written = rewritten.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        func missing(_ line: String) -> Bool {
            let comment = line.trimmingCharacters(in: .whitespaces)
            return !written.contains { $0 == comment || $0.hasSuffix(" " + comment) }
        }
        rewritten.lines = before.filter(missing) + rewritten.lines + after.filter(missing)
        return rewritten
    }

    private func inlineStatements(
        shape: HandlerShape, closures: [ClosureExprSyntax], scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        let closure = closures[0]
        let names = CallConverter.parameterNames(closure)
        let body = Array(closure.statements)
        switch shape {
        case .value, .none:
            var inner = scope
            var lines: [String]
            if let name = names.first, name != "_" {
                lines = ["\(indent)let \(name) = \(awaited)"]
                var optional = false
                if case .optional = valueType { optional = true }
                try declare(name, in: &inner, nonOptional: !optional)
            } else {
                lines = ["\(indent)\(valueIsVoid ? "" : "_ = ")\(awaited)"]
            }
            let rest = try outer.block(body, scope: inner, indent: indent)
            return Rewritten(lines: lines + rest.lines, exit: rest.exit)
        case .result:
            guard names.count == 1 else { throw refuse(closure, "its closure does not name the result") }
            if body.count == 1, let switchExpression = CallConverter.switchExpression(body[0]),
                switchExpression.subject.trimmedDescription == names[0],
                let (success, failure) = CallConverter.resultCases(switchExpression)
            {
                if mentions(success.body + failure.body, names[0]) {
                    throw refuse(switchExpression, "its cases use `\(names[0])` again: convert by hand")
                }
                // Taken apart, the `switch` is gone: a `break` would leave whatever encloses it instead, and a
                // `fallthrough` would have no case to fall into.
                if let leaving = ControlTransferFinder.breakLeaving(success.body + failure.body)
                    ?? (success.body + failure.body).lazy.compactMap(FallthroughFinder.find).first
                {
                    throw refuse(
                        leaving,
                        "`\(leaving.trimmedDescription)` leaves the `switch` over the result, which the async version "
                            + "does not keep: call the handler (or `return`) there instead")
                }
                return try split(
                    value: success.binding, success: success.body, error: failure.binding, errorType: .plain,
                    failure: failure.body, scope: scope, indent: indent)
            }
            guard let valueType, writable(valueType)
            else { throw refuse(closure, "its closure is not a `switch` over the result") }
            let result = names[0]
            // Handed to the handler, whose call becomes `.get()`, any failure does; elsewhere (`case
            // .failure(.gone)`) the code was written for the callee's own failure type.
            if widenedFailure != nil, usedBesidesHandlerCalls(result, in: body) { try checkErrorNotWidened(result) }
            var inner = scope
            try declare(result, in: &inner, nonOptional: true, retyped: true)
            var lines = ["\(indent)let \(result): Swift.Result<\(valueType.source), \(thrownType ?? "any Error")>"]
            let (catchHead, caught) = Self.catchClause(besides: result)
            lines += ["\(indent)\(doHead)", "\(indent)    \(result) = .success(\(awaited))"]
            lines += ["\(indent)\(catchHead)", "\(indent)    \(result) = .failure(\(caught))", "\(indent)}"]
            let rest = try outer.block(body, scope: inner, indent: indent)
            return Rewritten(lines: lines + rest.lines, exit: rest.exit)
        case .optionalValueAndError, .valueAndError:
            guard names.count == 2 else { throw refuse(closure, "its closure does not name the value and the error") }
            return try valueAndError(
                names: (names[0], names[1]), body: body, optionalValue: shape == .optionalValueAndError,
                closure: closure, scope: scope, indent: indent)
        case .optionalError:
            guard names.count == 1 else { throw refuse(closure, "its closure does not name the error") }
            let errorName = names[0]
            let mentioned = HandlerUseFinder.find(in: closure.statements, names: [errorName]).mentions
            if errorName == "_" || !mentioned {
                let rest = try outer.block(body, scope: scope, indent: indent)
                return Rewritten(
                    lines: ["\(indent)_ = \(awaited.replacingOccurrences(of: "try ", with: "try? "))"]
                        + rest.lines, exit: rest.exit)
            }
            // `if let e { F } [else { S }]` alone, or `if let e { F }` then the rest where F leaves. Else F
            // (or S) falls through to the rest, which the general form below keeps: `if let e { log(e) };
            // completion(nil)`.
            if let first = body.first, let branch = CallConverter.ifLet(first, binding: errorName),
                branch.elseIf == nil,
                body.count == 1 || (branch.elseBody == nil && Self.endsInExit(branch.body))
            {
                return try split(
                    value: nil, success: branch.elseBody ?? Array(body.dropFirst()), error: branch.name,
                    errorType: .plain, failure: branch.body, scope: scope, indent: indent)
            }
            var inner = scope
            try declare(errorName, in: &inner, nonOptional: false, retyped: true)
            var lines = ["\(indent)let \(errorName): (any Error)?"]
            lines += ["\(indent)do {", "\(indent)    \(awaited)", "\(indent)    \(errorName) = nil"]
            let (catchHead, caught) = Self.catchClause(besides: errorName)
            lines += ["\(indent)\(catchHead)", "\(indent)    \(errorName) = \(caught)", "\(indent)}"]
            let rest = try outer.block(body, scope: inner, indent: indent)
            return Rewritten(lines: lines + rest.lines, exit: rest.exit)
        case .successAndFailure:
            let failure = closures[1]
            let values = names
            let errors = CallConverter.parameterNames(failure)
            guard values.count <= 1, errors.count <= 1 else {
                throw refuse(closure, "its closures take more parameters than one each")
            }
            return try split(
                value: values.first, success: body, error: errors.first, errorType: failureErrorType,
                failure: Array(failure.statements), scope: scope, indent: indent)
        case .twoValuesAndError:
            throw refuse(
                call,
                "its closure takes two values and an error, which the tool does not inline: hand the handler "
                    + "on (`api(x, completion: completion)`), or convert by hand")
        case .other:
            throw refuse(call, "its handler's shape has no async form")
        }
    }

    private var valueIsVoid: Bool { valueType?.isVoid ?? true }

    /// Whether `statements` end in a `return` or `throw`, so control never falls through past them.
    private static func endsInExit(_ statements: [CodeBlockItemSyntax]) -> Bool {
        guard let last = statements.last?.item else { return false }
        return last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self)
    }

    /// `} catch {` and the name of what it caught, `error`; `} catch let caught {` where the closure's own
    /// `name` is `error`, which the catch's would hide.
    private static func catchClause(besides name: String) -> (head: String, caught: String) {
        name == "error" ? ("} catch let caught {", "caught") : ("} catch {", "error")
    }

    /// `guard let v else { F }; S`, `if let e { F } else if let v { S }`, `if let e { F } else { S }`,
    /// `if let e { F }; [guard let v else { … };] S`.
    private func valueAndError(
        names: (value: String, error: String), body: [CodeBlockItemSyntax], optionalValue: Bool,
        closure: ClosureExprSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        guard let first = body.first else { throw refuse(closure, "its closure is empty") }
        // The forms below drop the closure's nil-value branch, which the async variant never takes unless it
        // returns an optional itself (`maybe(id:) async throws -> String?`).
        if optionalValue, case .optional? = valueType {
            throw refuse(
                closure,
                "the async variant returns an optional value, so the closure's branch for a nil value without an "
                    + "error is still needed: convert by hand")
        }
        if let guardStatement = first.item.as(GuardStmtSyntax.self), guardStatement.conditions.count == 1,
            let binding = guardStatement.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            (binding.initializer?.value.trimmedDescription ?? bound) == names.value
        {
            let rest = Array(body.dropFirst())
            if mentions(rest, names.error) || (bound != names.value && mentions(rest, names.value)) {
                throw refuse(first, "the statements after its `guard` use the handler's optional parameters")
            }
            return try split(
                value: bound, success: rest, error: names.error, errorType: .optional,
                failure: Array(guardStatement.body.statements), scope: scope, indent: indent)
        }
        if let branch = CallConverter.ifLet(first, binding: names.error) {
            // `else { if let value { S } }` reads as `else if let value { S }`.
            let nestedIf = branch.elseBody.flatMap { $0.count == 1 ? $0.first : nil }
                .flatMap(CallConverter.ifExpression)
            if let elseIf = branch.elseIf ?? nestedIf, body.count == 1, optionalValue,
                let valueBranch = CallConverter.ifLet(elseIf, binding: names.value), valueBranch.elseBody == nil
            {
                return try split(
                    value: valueBranch.name, success: valueBranch.body, error: branch.name, errorType: .plain,
                    failure: branch.body, scope: scope, indent: indent)
            }
            if branch.elseIf == nil, let elseBody = branch.elseBody, body.count == 1, !optionalValue {
                return try split(
                    value: names.value, success: elseBody, error: branch.name, errorType: .plain,
                    failure: branch.body, scope: scope, indent: indent, valueRetyped: true)
            }
            if branch.elseIf == nil, branch.elseBody == nil {
                var rest = Array(body.dropFirst())
                var value = names.value
                if optionalValue {
                    // After the error's branch, the old code unwrapped the value; the variant always has one.
                    guard let next = rest.first, let guardStatement = next.item.as(GuardStmtSyntax.self),
                        guardStatement.conditions.count == 1,
                        let binding = guardStatement.conditions.first?.condition.as(
                            OptionalBindingConditionSyntax.self),
                        let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        (binding.initializer?.value.trimmedDescription ?? bound) == names.value
                    else {
                        throw refuse(first, "after `if let \(names.error)`, its closure does not `guard let` the value")
                    }
                    value = bound
                    rest = Array(rest.dropFirst())
                }
                return try split(
                    value: value, success: rest, error: branch.name, errorType: .plain, failure: branch.body,
                    scope: scope, indent: indent, valueRetyped: true)
            }
        }
        if let guardStatement = first.item.as(GuardStmtSyntax.self), guardStatement.conditions.count > 1 {
            throw refuse(
                guardStatement,
                "its `guard` tests more than the value: split it into `guard let \(names.value)` and a second `guard`")
        }
        throw refuse(
            closure,
            "its closure does not begin with `guard let \(names.value)` or `if let \(names.error)`: restructure it so")
    }

    /// How the failure closure declared its error, for code that still names it.
    enum ErrorType { case plain, optional, nsError, optionalNSError }

    /// `let v = try await …; S` when the failure path only throws its error; else
    /// `let v: T; do { v = try await … } catch { F }; S`.
    private func split(
        value: String?, success: [CodeBlockItemSyntax], error: String?, errorType: ErrorType,
        failure: [CodeBlockItemSyntax], scope: Scope, indent: String, valueRetyped: Bool = false
    ) throws(FunctionRefusal) -> Rewritten {
        let catchPart = try catchClause(failure, errorName: error, errorType: errorType, scope: scope, indent: indent)
        var successScope = scope
        let valueName = value.flatMap { $0 == "_" ? nil : $0 }
        if let valueName { try declare(valueName, in: &successScope, nonOptional: true, retyped: valueRetyped) }
        let rest = try outer.block(success, scope: successScope, indent: indent)
        var lines: [String]
        if catchPart.onlyThrows {
            if let valueName {
                lines = ["\(indent)let \(valueName) = \(awaited)"]
            } else {
                lines = ["\(indent)\(valueIsVoid ? "" : "_ = ")\(awaited)"]
            }
        } else {
            guard catchPart.body.exit == .always || rest.lines.isEmpty else {
                throw refuse(
                    call,
                    "on its failure path the closure does not end by calling the handler but goes on past it, "
                        + "where the async version cannot follow (its awaited call throws there instead): end that "
                        + "path with the handler's call and a `return`")
            }
            lines = []
            if let valueName {
                guard let valueType, writable(valueType)
                else { throw refuse(call, "the value's type is not known here") }
                let unwrapped = valueType.withoutOptional
                lines.append("\(indent)let \(valueName): \(unwrapped.source)")
                lines += ["\(indent)\(doHead)", "\(indent)    \(valueName) = \(awaited)"]
            } else {
                lines += ["\(indent)\(doHead)", "\(indent)    \(valueIsVoid ? "" : "_ = ")\(awaited)"]
            }
            lines.append("\(indent)} \(catchPart.head) {")
            lines += catchPart.body.lines
            lines.append("\(indent)}")
        }
        let exit: HandlerBodyRewriter.Exit =
            catchPart.onlyThrows || catchPart.body.exit == .always
            ? rest.exit : HandlerBodyRewriter.combine([rest.exit, catchPart.body.exit])
        return Rewritten(lines: lines + rest.lines, exit: exit)
    }

    /// The `catch` for a failure path: its head (`catch`, or `catch let caughtError` when the old code's
    /// error was named `error` and optional), its statements, and whether they only throw the error.
    private func catchClause(
        _ items: [CodeBlockItemSyntax], errorName: String?, errorType: ErrorType, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> (head: String, body: Rewritten, onlyThrows: Bool) {
        let inner = indent + "    "
        // An `error` the failure path names that is not its own (a parameter, an outer catch's) would be
        // hidden by the implicit one of a plain `catch`.
        let hidesError = errorName != "error" && mentions(items, "error")
        guard let errorName, errorName != "_" else {
            var failureScope = scope
            failureScope.errorAliases = failureScope.errorAliases.filter { $0.value != "caughtError" }
            let body = try outer.block(items, scope: failureScope, indent: inner)
            return (hidesError ? "catch _" : "catch", body, false)
        }
        func attempt(caught: String) throws(FunctionRefusal) -> Rewritten {
            var failureScope = scope
            failureScope.errorAliases = failureScope.errorAliases.filter { $0.value != caught }
            failureScope.nonOptional.insert(caught)
            failureScope.errorAliases[errorName] = caught
            if errorType == .plain || errorType == .nsError {
                failureScope.nonOptional.insert(errorName)
            } else {
                failureScope.nonOptional.remove(errorName)
            }
            return try outer.block(items, scope: failureScope, indent: inner)
        }
        /// `let e = caught`, typed as the old closure's error was.
        func declaration(of caught: String) -> String {
            switch errorType {
            case .plain: "let \(errorName) = \(caught)"
            case .optional: "let \(errorName): (any Error)? = \(caught)"
            case .nsError: "let \(errorName) = \(caught) as NSError"
            case .optionalNSError: "let \(errorName): NSError? = \(caught) as NSError"
            }
        }
        if hidesError {
            let body = try attempt(caught: "caughtError")
            let declaration = declaration(of: "caughtError")
            let named = body.lines.contains { Self.mentions($0, errorName) }
            if named { try checkErrorNotWidened(errorName) }
            return (
                "catch let caughtError",
                Rewritten(lines: (named ? ["\(inner)\(declaration)"] : []) + body.lines, exit: body.exit), false
            )
        }
        var body = try attempt(caught: "error")
        let throwLine = "\(inner)throw error"
        if body.lines == [throwLine] { return ("catch", body, true) }
        let stillNamed = body.lines.contains { $0 != throwLine && Self.mentions($0, errorName) }
        guard stillNamed else { return ("catch", body, false) }
        try checkErrorNotWidened(errorName)
        if errorName == "error", errorType == .plain { return ("catch", body, false) }
        let caught = errorName == "error" ? "caughtError" : "error"
        if caught != "error" { body = try attempt(caught: caught) }
        let head = caught == "error" ? "catch" : "catch let \(caught)"
        return (head, Rewritten(lines: ["\(inner)\(declaration(of: caught))"] + body.lines, exit: body.exit), false)
    }

    private func mentions(_ items: [CodeBlockItemSyntax], _ name: String) -> Bool {
        items.contains { HandlerUseFinder.find(in: $0, names: [name]).mentions }
    }

    /// Whether `line` names `identifier` as a whole word.
    static func mentions(_ line: String, _ identifier: String) -> Bool {
        var word = ""
        for character in line + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if word == identifier { return true }
                word = ""
            }
        }
        return false
    }
}
