import SwiftSyntax

/// Rewrites one call, in a body being converted, of a callback API that has an async variant: the call
/// becomes `try await variant(…)` and its closure's statements follow it, the closure's parameters
/// bound to what its handler would have received. A call that passes the outer handler on becomes
/// `return try await variant(…)`.
struct NestedCallRewriter {
    let outer: HandlerBodyRewriter
    private(set) var apiName = ""
    /// The call, in a hop's closure, hands the handler on as it is to an API with an async variant.
    private(set) var handedOnInHop = false

    init(outer: HandlerBodyRewriter) {
        self.outer = outer
    }

    typealias Scope = HandlerBodyRewriter.Scope
    typealias Rewritten = HandlerBodyRewriter.Rewritten

    private func refuse(_ node: some SyntaxProtocol, _ kind: String, _ reason: String) -> FunctionRefusal {
        outer.refuse(node, kind, reason)
    }

    /// Whether `call` is made on the function's own instance or type: `f(…)`, `self.f(…)`, and for a
    /// static method `Self.f(…)` or `Type.f(…)`.
    static func isOnItsOwnType(_ call: FunctionCallExprSyntax, _ function: FunctionRecord) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return false
        }
        let receiver = base.trimmedDescription
        if function.isStatic {
            return receiver == "self" || receiver == "Self" || receiver == function.context.typePath
                || receiver == function.context.typePath.split(separator: ".").last.map(String.init)
        }
        return receiver == "self"
    }

    /// Refuses a call of `callee` (itself, or a function of its call cycle) when another declaration has its
    /// name and labels: the syntax cannot tell overloads apart by their arguments' types (CouchDB's
    /// `deleteDB(_ database: Database, …)` calls `deleteDB(_ name: String, …)`), nor see an override.
    private func checkNameIsItsOwn(
        _ call: FunctionCallExprSyntax, shown: String, callee: FunctionRecord, target: FunctionKey
    ) throws(FunctionRefusal) {
        let codebase = outer.codebase
        guard
            let other = codebase.functions(named: callee.name).first(where: {
                $0 != target && codebase.function($0).fullName == callee.fullName
            })
        else { return }
        let record = codebase.function(other)
        let place = record.context.typePath.isEmpty ? "" : "`\(record.context.typePath)`'s "
        let file = codebase.files[other.file].path.split(separator: "/").last.map(String.init) ?? ""
        throw refuse(
            call, "own name",
            "it calls `\(shown)`, and \(place)`\(record.fullName)` (line \(record.line) of \(file)) has the same "
                + "name and labels: the tool cannot tell which one the call reaches, or whether an override "
                + "does: convert by hand")
    }

    /// Refuses a call of `callee`, a function on the caller's call cycle, unless it surely reaches it: a
    /// method of the same type called on `self` (or the type, for a static one; never an instance method
    /// from a static one), or a free function called by its name; and no other declaration has its name.
    private func checkCallOnCycle(
        _ call: FunctionCallExprSyntax, shown: String, callee: FunctionRecord, target: FunctionKey
    ) throws(FunctionRefusal) {
        let caller = outer.function
        let sameType = callee.context.typePath == caller.context.typePath
        guard sameType, Self.isOnItsOwnType(call, callee), callee.isStatic || !caller.isStatic else {
            throw refuse(
                call, "own name",
                "it calls `\(shown)`, on its call cycle, \(sameType ? "on another object" : "in another type"): the "
                    + "tool cannot tell it from another module's function of the same name; convert by hand")
        }
        try checkNameIsItsOwn(call, shown: shown, callee: callee, target: target)
    }

    mutating func rewrite(
        _ call: FunctionCallExprSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        let codebase = outer.codebase
        // A chain that spans lines (`session.dataTask(with: r) { … }.resume`) is named by its last member.
        let written = call.calledExpression.trimmedDescription
        let firstLine = written.prefix { $0 != "\n" }
        let head = firstLine.range(of: " {").map { firstLine[..<$0.lowerBound] } ?? firstLine
        let shown =
            written.contains("\n") ? "\(head) { … }.\(Callee(call.calledExpression).name ?? "")" : written
        guard let name = Callee(call.calledExpression).name else {
            throw refuse(call, "unknown closure", "the handler is used in a call the tool cannot name: convert by hand")
        }
        let line = outer.line(of: call)
        let facts = codebase.files[outer.fileIndex]
        let records = facts.calls.filter { $0.line == line && $0.name == name }
        let passesHandler = call.arguments.contains {
            $0.expression.identifier.map(outer.handlerNames.contains) == true
        }
        guard records.count == 1, let record = records.first,
            let (kind, targets) = codebase.resolve(record, inFile: outer.fileIndex), kind != .async
        else {
            if passesHandler {
                throw refuse(
                    call, "handler stored or passed",
                    "the handler is passed to `\(shown)`, which may keep it or call it more than once: "
                        + "the tool cannot tell when it is called")
            }
            throw refuse(
                call, "unknown closure",
                "the handler is used in a closure passed to `\(shown)`, which is not a callback API of the codebase: "
                    + "the tool cannot tell when or how often that closure runs")
        }
        guard targets.count == 1, let target = targets.first, let handler = codebase.handler(target) else {
            throw refuse(
                call, "ambiguous call",
                "`\(shown)` may reach \(targets.count) declarations: pass --index-store to resolve it")
        }
        let function = codebase.function(target)
        if codebase.handlerMayActAtOnce(target) { outer.awaitsHandlerCalledAtOnce = true }
        if codebase.handlerMayDeliverOnMain(target) { outer.awaitsMainDelivery = true }
        if codebase.asyncVariant(of: target) == nil, target.file != outer.fileIndex || function != outer.function,
            let inlined = try inlinedForwarder(call, target: target, function: function, scope: scope, indent: indent)
        {
            return inlined
        }
        apiName = function.fullName
        let variant: FunctionRecord
        // Why the awaited call must say what it returns (`as [Self]`), if it must.
        let ambiguous: ResultAmbiguity?
        if let variantKey = codebase.asyncVariant(of: target) {
            // The callee in another `#if` branch with none: built there, the await would not compile.
            let alternatives = codebase.conditionalAlternatives(of: target)
            // Its variant must be there whenever it is: in no `#if`, or in its own (or one around it).
            func lacksVariant(_ declaration: FunctionKey) -> Bool {
                guard let variant = codebase.asyncVariant(of: declaration) else { return true }
                let around = codebase.function(variant).context.conditions
                return !codebase.function(declaration).context.conditions.starts(with: around)
            }
            if !alternatives.isEmpty, let other = ([target] + alternatives).first(where: lacksVariant) {
                throw refuse(
                    call, "callee has no async variant",
                    "it calls `\(function.fullName)`, whose declaration under `#if \(Self.conditionText(of: other, in: codebase))` "
                        + "(line \(codebase.function(other).line)) has no async variant yet: convert or wrap that one too, "
                        + "first")
            }
            variant = codebase.function(variantKey)
            ambiguous = codebase.resultAmbiguity(of: variant, variant: variantKey)
        } else if target.file == outer.fileIndex, function == outer.function {
            // Recursion: the async version awaits itself. Only on `self` (or the type, for a static method), and
            // where no other declaration has its name and labels: the syntax cannot tell overloads apart by
            // their arguments' types (CouchDB's `deleteDB(_ database: Database, …)` calls
            // `deleteDB(_ name: String, …)`), nor see an override, nor another module's method of the same
            // name on another object.
            guard Self.isOnItsOwnType(call, function) else {
                throw refuse(
                    call, "own name",
                    "it calls `\(shown)` on another object, which the tool cannot tell from a call of itself (it "
                        + "may be another module's method of the same name): convert by hand")
            }
            try checkNameIsItsOwn(call, shown: shown, callee: function, target: target)
            variant = outer.ownAsyncVersion
            ambiguous = codebase.resultAmbiguity(of: variant, variant: nil)
            outer.callsItself = true
        } else if let planned = outer.cycleVersions[target] {
            // A function of its call cycle, converted in the same round: the same care as for itself.
            try checkCallOnCycle(call, shown: shown, callee: function, target: target)
            variant = planned
            ambiguous = codebase.resultAmbiguity(of: variant, variant: nil)
        } else {
            throw refuse(
                call, "callee has no async variant",
                "it calls `\(function.fullName)`, which has no async variant yet: convert or wrap it first")
        }
        outer.noteAvailability(of: variant)
        try checkReceiverStays(call, shown: shown, variant: variant)
        guard scope.isTail else {
            throw refuse(
                call, "code after a nested call",
                "code after this call of `\(function.fullName)` ran before its handler; awaiting would run it "
                    + "after: move that code before the call")
        }
        let awaitPrefix = (variant.throwsClause != nil ? "try " : "") + "await "
        if variant.throwsClause != nil {
            // `{ _ in … }`: the old code went on whatever the outcome, so the new one ignores the error too.
            // Where the function can throw, the other shapes are tried next instead of refusing.
            if !outer.canThrow {
                if let ignoring = try outcomeIgnored(
                    call, function: function, handler: handler, variant: variant, ambiguous: ambiguous, scope: scope,
                    indent: indent)
                {
                    return ignoring
                }
                throw refuse(
                    call, "error with nowhere to go",
                    "`\(variant.fullName)` throws, and this function's handler cannot report an error: the tool "
                        + "converts such a call only where its closure ignores the outcome (`_ in`), not where the "
                        + "closure handles a failure itself; convert by hand")
            }
            if let ignoring = try? outcomeIgnored(
                call, function: function, handler: handler, variant: variant, ambiguous: ambiguous, scope: scope,
                indent: indent)
            {
                return ignoring
            }
            let thrown = HandlerBodyRewriter.thrownType(variant.throwsClause)
            if let own = outer.typedFailure, thrown != own {
                throw refuse(
                    call, "typed failure",
                    "`\(variant.fullName)` throws `\(thrown ?? "any Error")`, and this function's handler takes `\(own)`: "
                        + "map the error by hand")
            }
            if scope.inDoCatch {
                throw refuse(
                    call, "throw inside do",
                    "this call sits in a `do` block; its error would now go to that `catch`: move it out of the `do`")
            }
        }
        // The outer handler passed on: `api(x, completion: completion)` or `api(x) { completion($0) }`.
        // `other?.api(x) { … }`: with no `other`, neither the closure nor the handler runs, where an await
        // would go on (or, in a hop, wait forever).
        if HandlerBodyRewriter.isOptionallyChained(call.calledExpression) {
            throw refuse(
                call, "optional receiver",
                "it calls `\(shown)`, whose receiver may be nil: then neither its closure nor the handler runs, "
                    + "where an await would go on or wait forever; unwrap it first (`guard let`), calling the "
                    + "handler when it is nil")
        }
        if let forwarded = try forwarding(call, function: function, handler: handler, variant: variant) {
            if case .optional? = variant.returnType, outer.handler.valueType.map({ $0 == $0.withoutOptional }) ?? true {
                throw refuse(
                    call, "value may be nil",
                    "it passes the handler on to `\(function.fullName)`, whose async variant returns "
                        + "`\(variant.returnType?.source ?? "")`, an optional, where this function's async version "
                        + "returns a value: unwrap it first (`guard let`), calling the handler with an error when it "
                        + "is nil")
            }
            outer.noteForwarded(onMainQueue: scope.onMainQueue)
            if scope.inKnownOnceClosure {
                // In a hop's closure, which cannot await: kept as written, if the API's async variant (declared,
                // or converted in an earlier round) says it calls the handler once.
                guard codebase.asyncVariant(of: target) != nil else { return Rewritten(lines: [], exit: .never) }
                handedOnInHop = true
                return Rewritten(lines: [], exit: .always)
            }
            let awaited = CallConverter.awaitedCall(call, variantName: variant.name, arguments: forwarded)
            return Rewritten(lines: ["\(indent)return \(awaitPrefix)\(awaited)"], exit: .always)
        }
        let split = try closures(of: call, function: function, handler: handler, variant: variant)
        let awaited =
            awaitPrefix + CallConverter.awaitedCall(call, variantName: variant.name, arguments: split.arguments)
        var closureScope = scope
        closureScope.isTail = true
        for closure in split.closures {
            if let capture = closure.signature?.capture, !Self.capturesSelfOnly(capture) {
                throw captureRefusal(capture)
            }
            if CallConverter.parameterNames(closure).isEmpty, AnonymousParameterFinder.find(in: closure) {
                throw refuse(closure, "anonymous parameters", "its closure uses $0: name the parameters first")
            }
        }
        let seen = valueAtCall(call, function: function, handler: handler, variant: variant)
        // A variant that returns an optional (`maybe(id:) async throws -> String?`): the closure's value may
        // still be nil after the await.
        var valueType = seen.type
        if case .optional? = variant.returnType, let type = valueType, type == type.withoutOptional {
            valueType = .optional(type)
        }
        var inliner = ClosureInliner(outer: outer, call: call, awaited: awaited, valueType: valueType)
        inliner.calleeGenerics = seen.generics
        if variant.throwsClause != nil, HandlerBodyRewriter.thrownType(variant.throwsClause) == nil {
            inliner.widenedFailure = HandlerBodyRewriter.typedFailure(of: handler, in: function, codebase: codebase)
        }
        inliner.calleePath = function.context.typePath
        if let ambiguous {
            inliner.awaited += try resultCoercion(
                call, function: function, handler: handler, variant: variant, ambiguity: ambiguous)
        }
        inliner.thrownType = HandlerBodyRewriter.thrownType(variant.throwsClause)
        if let failureIndex = handler.failureParameterIndex {
            inliner.failureErrorType = Self.errorType(of: function, parameter: failureIndex, codebase: codebase)
        }
        return try inliner.inline(shape: handler.shape, closures: split.closures, scope: closureScope, indent: indent)
    }

    /// `_ = try? await variant(…)` and the closure's statements, when its closure never looks at what
    /// it was called with (`{ _ in … }`): the old code ignored the error too. Nil otherwise.
    private func outcomeIgnored(
        _ call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo, variant: FunctionRecord,
        ambiguous: ResultAmbiguity?, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten? {
        let split = try closures(of: call, function: function, handler: handler, variant: variant)
        guard split.closures.count == 1, let closure = split.closures.first,
            !AnonymousParameterFinder.find(in: closure)
        else { return nil }
        if let capture = closure.signature?.capture, !Self.capturesSelfOnly(capture) { throw captureRefusal(capture) }
        let names = CallConverter.parameterNames(closure)
        guard names.allSatisfy({ $0 == "_" || !HandlerUseFinder.find(in: closure.statements, names: [$0]).mentions })
        else { return nil }
        var closureScope = scope
        closureScope.isTail = true
        let rest = try outer.block(Array(closure.statements), scope: closureScope, indent: indent)
        var awaited = CallConverter.awaitedCall(call, variantName: variant.name, arguments: split.arguments)
        if let ambiguous {
            awaited += try resultCoercion(
                call, function: function, handler: handler, variant: variant, ambiguity: ambiguous)
        }
        return Rewritten(lines: ["\(indent)_ = try? await \(awaited)"] + rest.lines, exit: rest.exit)
    }

    /// The callee's handler value as this call sees it (typealiases expanded, the callee type's generic
    /// parameters the call names substituted: `U` of `fetchAllCommand()`'s type), and the callee's generic
    /// parameters it may still name, which cannot be written here.
    private func valueAtCall(
        _ call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo, variant: FunctionRecord
    ) -> (type: TypeRef?, generics: Set<String>) {
        let arguments = genericArguments(at: call, of: function, variant: variant)
        let type = handler.valueType.map {
            outer.codebase.aliases.expand($0, in: function.context.typePath).substituting(arguments)
        }
        return (type, calleeGenerics(of: function).subtracting(arguments.keys))
    }

    /// ` as [Self]`: what the awaited call returns, where the call alone does not say (`let models = try
    /// await findAll(using: db)` could reach overloads that differ only in that, or leave a generic
    /// parameter unnamed). Refused where the type cannot be written here.
    private func resultCoercion(
        _ call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo, variant: FunctionRecord,
        ambiguity: ResultAmbiguity
    ) throws(FunctionRefusal) -> String {
        let seen = valueAtCall(call, function: function, handler: handler, variant: variant)
        let returned = seen.type ?? .named("Void", [])
        let generics = seen.generics
        let ownType = Codebase.sameType(function.context.typePath, outer.function.context.typePath)
        guard
            ClosureInliner.writable(
                returned, in: outer, calleeGenerics: generics, calleePath: function.context.typePath),
            ownType || !returned.referencedNames.contains("Self")
        else {
            let why: String
            switch ambiguity {
            case .genericOnlyInResult(let generic):
                why = "its generic parameter `\(generic)` appears only in what it returns"
            case .overloadsByResult:
                why = "it has overloads that differ only in what they return"
            }
            throw refuse(
                call, "ambiguous result",
                "`\(variant.fullName)` must be told what it returns (\(why)), and the tool cannot write "
                    + "`\(returned.source)` here: convert by hand")
        }
        return " as \(returned.source)"
    }

    /// `[self]`: a strong capture of `self`, which the function holds until it returns anyway (a class's
    /// `self` is never reassigned, a struct's is a copy either way). Inlined, it goes.
    static func capturesSelfOnly(_ capture: ClosureCaptureClauseSyntax) -> Bool {
        capture.items.allSatisfy { item in
            item.specifier == nil && item.initializer == nil && item.name.text == "self"
        }
    }

    private func captureRefusal(_ capture: ClosureCaptureClauseSyntax) -> FunctionRefusal {
        refuse(
            capture, "capture list",
            "its closure captures `\(capture.trimmedDescription)`: after an await, what it captures stays "
                + "alive until the function returns; drop the capture list (and its `guard let self`) if "
                + "that is acceptable")
    }

    /// Whether two handler values are one once `Self` is read as the caller's own type: the call is made
    /// on the caller's instance or type (`Self.find(id:completion:)` of a protocol's extension, called
    /// from `User`), which is a concrete type.
    private func selfIsOwnType(at call: FunctionCallExprSyntax, _ own: TypeRef?, _ theirs: TypeRef?) -> Bool {
        let path = outer.function.context.typePath
        guard let simple = path.split(separator: ".").last.map(String.init),
            !outer.codebase.types(named: simple).contains(where: { $0.kind == "protocol" })
        else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            guard let receiver = member.base?.trimmedDescription,
                ["self", "Self", path, simple].contains(receiver)
            else { return false }
        } else if !call.calledExpression.is(DeclReferenceExprSyntax.self) {
            return false
        }
        let concrete: [String: TypeRef] = ["Self": .named(simple, [])]
        return own.map { Codebase.spelledAlike($0.substituting(concrete)) }
            == theirs.map { Codebase.spelledAlike($0.substituting(concrete)) }
    }

    /// Swift 6 (without `NonisolatedNonsendingByDefault`) runs a nonisolated async method off the caller's
    /// actor: awaited from an isolated async version, a receiver or an argument of a class of the codebase
    /// that is not `Sendable` (`self.api`, a parameter) would be sent there ("sending 'self.api' risks
    /// causing data races"). The callback call it replaces compiled.
    private func checkReceiverStays(
        _ call: FunctionCallExprSyntax, shown: String, variant: FunctionRecord
    ) throws(FunctionRefusal) {
        let codebase = outer.codebase
        guard codebase.isolatedToAnActor(outer.function), !codebase.isolatedToAnActor(variant) else { return }
        let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        for (expression, role) in [(receiver, "on")] + call.arguments.map({ ($0.expression, "passing") }) {
            guard let expression, let (name, type) = nonSendableClass(named: expression) else { continue }
            throw refuse(
                call, "not Sendable",
                "`\(shown)` would be awaited from this function's actor \(role) `\(name)`, of type `\(type)`, which "
                    + "is not `Sendable`: Swift 6 rejects sending it to the nonisolated async variant; make `\(type)` "
                    + "Sendable, or convert by hand")
        }
    }

    /// The name and type of `expression` when it is a parameter or a property of this function's type
    /// (`api`, `self.api`) whose type is a class of the codebase that is not `Sendable`.
    private func nonSendableClass(named expression: ExprSyntax) -> (name: String, type: String)? {
        let function = outer.function
        let codebase = outer.codebase
        var name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let inner = expression.as(MemberAccessExprSyntax.self),
            inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            name = inner.declName.baseName.text
        }
        guard let name, name != "self",
            let type = function.parameters.first(where: { $0.name == name })?.type.withoutOptional.simpleName
                ?? codebase.records(of: function.context.typePath).lazy.compactMap({ $0.propertyTypes[name] }).first,
            codebase.types(named: type).contains(where: { $0.kind == "class" }), !codebase.isSendableType(path: type)
        else { return nil }
        return (name, type)
    }

    /// The `#if` conditions `key` is declared under, joined (`!(FOO)` for an `#else`).
    static func conditionText(of key: FunctionKey, in codebase: Codebase) -> String {
        codebase.function(key).context.conditions.joined(separator: " && ")
    }

    /// How a failure closure's error is typed: `Error`, `Error?`, `NSError`, `NSError?`.
    static func errorType(of function: FunctionRecord, parameter: Int, codebase: Codebase) -> ClosureInliner.ErrorType {
        let typePath = function.context.typePath
        let closureType = codebase.aliases.expand(
            codebase.aliases.expand(function.parameters[parameter].type, in: typePath).withoutOptional, in: typePath)
        guard case .function(let parameters, _, _, _, _) = closureType, let written = parameters.first else {
            return .plain
        }
        let optional = written != written.withoutOptional
        switch (written.withoutOptional.simpleName == "NSError", optional) {
        case (true, true): return .optionalNSError
        case (true, false): return .nsError
        case (false, true): return .optional
        case (false, false): return .plain
        }
    }

    /// The arguments of the awaited call when `call` hands the outer handler on, unchanged.
    private func forwarding(
        _ call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo, variant: FunctionRecord
    ) throws(FunctionRefusal) -> String? {
        let handlerLabel = function.parameters[handler.parameterIndex].label
        var passed: ExprSyntax?
        var others: [LabeledExprSyntax] = []
        for argument in call.arguments {
            if (argument.label?.text ?? "_") == handlerLabel, handler.failureParameterIndex == nil {
                passed = argument.expression
            } else {
                others.append(argument)
            }
        }
        if let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty, passed == nil {
            // `{ completion($0) }` or `{ value, error in completion(value, error) }`
            let names = CallConverter.parameterNames(closure)
            guard closure.signature?.capture == nil, closure.statements.count == 1,
                let only = closure.statements.first?.expression, let inner = outer.handlerCall(only),
                inner.calledExpression.as(OptionalChainingExprSyntax.self) == nil || outer.handlerIsOptional
            else { return nil }
            let passedNames = inner.arguments.map(\.expression.trimmedDescription)
            let expected = names.isEmpty ? (0..<passedNames.count).map { "$\($0)" } : names
            guard passedNames == expected else { return nil }
        } else {
            guard let passed, passed.identifier == outer.handlerName else { return nil }
        }
        guard outer.handler.shape == handler.shape, outer.failureName == nil else {
            throw refuse(
                call, "handler shape",
                "it passes the handler on to `\(function.fullName)`, whose handler has another shape: convert by hand")
        }
        // Compared written one way (`[Self]` for `Array<Self>`), through the codebase's typealiases.
        let ownValue = outer.handler.valueType.map {
            Codebase.spelledAlike(outer.codebase.aliases.expand($0, in: outer.function.context.typePath))
        }
        var theirType = handler.valueType.map { outer.codebase.aliases.expand($0, in: function.context.typePath) }
        // `U` of `Command<T, U>`, named at this call by its receiver's declared type, when the awaited variant
        // returns that `U` too.
        if let value = theirType?.source, theirType.map(Codebase.spelledAlike) != ownValue,
            variant.returnType?.source == value,
            let argument = genericArguments(at: call, of: function, variant: variant)[value]
        {
            theirType = outer.codebase.aliases.expand(argument, in: outer.function.context.typePath)
        }
        let theirValue = theirType.map(Codebase.spelledAlike)
        guard ownValue == theirValue || selfIsOwnType(at: call, ownValue, theirValue) else {
            throw refuse(
                call, "handler shape",
                "it passes the handler on to `\(function.fullName)`, whose value is `\(theirValue?.source ?? "Void")`, "
                    + "not `\(ownValue?.source ?? "Void")`")
        }
        // The outer function's own delivery queue, passed on with its handler: the async version returns to its
        // caller instead, and the old function, kept as it is, still delivers there.
        let wanted = Set(variant.parameters.map(\.label))
        let queues = others.filter { argument in
            let label = argument.label?.text ?? "_"
            // A queue the handler is delivered on (`callbackQueue:`), not one the work runs on (`on:`).
            guard !wanted.contains(label), let name = argument.expression.identifier,
                !outer.bodyBindings.contains(name), Self.deliveryWords.contains(where: label.lowercased().contains),
                function.parameters.contains(where: { $0.label == label && $0.asyncVariantMayDrop })
            else { return false }
            return outer.function.parameters.contains { $0.name == name && $0.isQueue }
        }
        let passedOn = others.filter { argument in !queues.contains { $0.id == argument.id } }
        let labels = passedOn.map { $0.label?.text ?? "_" }
        if let reason = CallConverter.argumentRefusal(
            labels, function: function, variant: variant, codebase: outer.codebase)
        {
            let written = others.map { $0.label?.text ?? "_" }
            let mismatch = CallConverter.argumentMismatch(written, function: function, variant: variant)
            throw refuse(call, "arguments", labels == written ? reason : mismatch)
        }
        if !queues.isEmpty { outer.dropsDeliveryQueue = true }
        return CallConverter.argumentText(passedOn)
    }

    /// The generic arguments of `callee`'s type at `call`, by parameter name, when the receiver is a call of
    /// the codebase's whose declared return type names them: `fetchAllCommand().run(…)` with
    /// `fetchAllCommand() -> Command<Self, [Self]>` gives `T` and `U` of `struct Command<T, U>`. That function
    /// is the caller's type's, so `Self` in it is the caller's too.
    private func genericArguments(
        at call: FunctionCallExprSyntax, of callee: FunctionRecord, variant: FunctionRecord
    ) -> [String: TypeRef] {
        let codebase = outer.codebase
        // Not where the variant is constrained (`extension Command where U: Sendable`): the arguments may not
        // meet it.
        guard variant.context.whereClause == nil, variant.genericWhereClause == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(FunctionCallExprSyntax.self), let name = Callee(base.calledExpression).name,
            let owner = callee.context.typePath.split(separator: ".").last.map(String.init)
        else { return [:] }
        let line = outer.line(of: base)
        let records = codebase.files[outer.fileIndex].calls.filter { $0.line == line && $0.name == name }
        let declared = codebase.types(named: owner).filter { $0.kind != "extension" }
        // Only a call of a function of the caller's own type (`fetchAllCommand()`, `Self.make()`), unless a
        // local function of the body shadows it.
        guard records.count == 1, declared.count == 1, let type = declared.first,
            Self.isOnItsOwnType(base, outer.function), !outer.bodyBindings.contains(name)
        else { return [:] }
        let makers = codebase.functions(named: name).map(codebase.function).filter {
            $0.context.typePath == outer.function.context.typePath && codebase.argumentsFit(records[0], $0)
        }
        guard makers.count == 1, let maker = makers.first else { return [:] }
        guard case .named(let path, let arguments)? = maker.returnType,
            path.split(separator: ".").last.map(String.init) == owner,
            type.genericParameterNames.count == arguments.count
        else { return [:] }
        // A method's own generic parameter of the same name (`func run<U>`) hides the type's.
        let hidden = Set(callee.genericParameterNames + variant.genericParameterNames)
        let pairs = zip(type.genericParameterNames, arguments).filter { !hidden.contains($0.0) }
        return Dictionary(pairs, uniquingKeysWith: { one, _ in one })
    }

    /// The generic parameters a handler's value may name that the converted function cannot: the callee's own
    /// and its type's.
    private func calleeGenerics(of callee: FunctionRecord) -> Set<String> {
        let owner = callee.context.typePath.split(separator: ".").last.map(String.init) ?? ""
        let types = outer.codebase.types(named: owner).filter { $0.kind != "extension" }
        return Set(callee.genericParameterNames + types.flatMap(\.genericParameterNames))
    }

    /// Words that name a queue as where the handler is delivered.
    static let deliveryWords = ["callback", "completion", "delivery", "response", "result", "notification"]

    /// A queue parameter named as where the handler is delivered (`callbackQueue:`).
    static func isDeliveryQueue(_ parameter: ParameterRecord) -> Bool {
        parameter.isQueue && deliveryWords.contains(where: parameter.label.lowercased().contains)
    }

    /// The handler closures written at the call, in the order of the API's parameters, and the other
    /// arguments as the async variant takes them.
    private func closures(
        of call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo, variant: FunctionRecord
    ) throws(FunctionRefusal) -> (closures: [ClosureExprSyntax], arguments: String) {
        // Success closure first, then a pair's failure closure, whatever their order in the signature.
        let labels = handler.indexes.map {
            function.parameters[$0].label
        }
        let (found, others) = CallConverter.handlerClosures(of: call, function: function, handler: handler)
        let closures = labels.compactMap { found[$0] }
        guard closures.count == labels.count, found.count == labels.count else {
            throw refuse(
                call, "handler stored or passed",
                "its handler is not written as a closure at the call: convert by hand")
        }
        let otherLabels = others.map { $0.label?.text ?? "_" }
        if let reason = CallConverter.argumentRefusal(
            otherLabels, function: function, variant: variant, codebase: outer.codebase)
        {
            throw refuse(call, "arguments", reason)
        }
        return (closures, CallConverter.argumentText(others))
    }
}
