import SwiftSyntax

/// Rewrites a completion-handler function's body into its async version's: each handler call becomes
/// `return` or `throw`, each nested callback call with an async variant becomes `try await` followed by
/// its closure's statements, and a `DispatchQueue.main.async` hop around the handler becomes
/// `MainActor.run`. Anything whose meaning would change throws a `FunctionRefusal`.
///
/// The rules that keep meaning: the handler is called exactly once on every path and nothing runs after
/// it; a nested call is the last thing its path does (what followed it ran before its handler); a
/// `throw` or a throwing `await` never lands inside a `do` whose `catch` would take it; the handler is
/// never stored, passed elsewhere, or called in a loop or an unknown closure.
final class HandlerBodyRewriter {
    /// How a statement ends its path: never, on some paths, or on every path (after calling the handler).
    enum Exit { case never, sometimes, always }

    /// Where the old code called the handler.
    enum Delivery: Hashable { case direct, mainQueue }

    /// What is known at a statement.
    struct Scope {
        /// Names known not to be nil (bound by `if let`, `guard let`, `catch`, or typed as non-optional).
        var nonOptional: Set<String> = []
        /// Optional names that hold a `catch`'s error, and the non-optional name to throw instead.
        var errorAliases: [String: String] = [:]
        /// Names a `catch`'s pattern binds from a case's payload (`catch ApiError.wrapped(let error)`), whose
        /// type the tool does not know, with the pattern: a refusal says so.
        var patternBound: [String: String] = [:]
        /// Nothing follows on this path: a nested call here may await.
        var isTail = true
        /// Inside a `do` that has a `catch`: a `throw` here would be caught.
        var inDoCatch = false
        /// Inside `DispatchQueue.main.async`.
        var onMainQueue = false
        /// Statements follow in the same block (a `return`, or code the block refuses after an exit).
        var returnsAfter = false
        /// Names declared so far in the enclosing blocks (and the parameters): a closure's parameter
        /// bound under one of them would redeclare it.
        var declared: Set<String> = []
        /// Names the rewriting binds anew, from a callee closure's parameters: their type may differ from
        /// the closure's (`any Error` for an `APIError`), so code kept as written must not use them.
        var rebound: Set<String> = []
        /// Names declared in the current Swift scope: inlined code declaring one again would not compile.
        var local: Set<String> = []
        /// At the function body's own level, not in a branch.
        var isTopLevel = true
        /// Some statement ran before this one at the top level.
        var hasRunStatements = false
        /// Inside a closure the platform runs once (a queue hop, a URLSession task), which the async
        /// version runs synchronously to get the handler's outcome: nothing there may await.
        var inKnownOnceClosure = false

        /// The scope of a block nested in this one (a branch, a case, a `do` or `catch` body), where
        /// names may be declared again.
        var nested: Scope {
            var inner = self
            inner.local = []
            inner.isTopLevel = false
            return inner
        }
    }

    struct Rewritten {
        var lines: [String]
        var exit: Exit
    }

    let codebase: Codebase
    let fileIndex: Int
    let converter: SourceLocationConverter
    let function: FunctionRecord
    let handler: HandlerInfo
    /// The handler's parameter name, and the failure closure's for a pair.
    let handlerName: String
    let failureName: String?
    /// The handler is an optional closure: called as `completion?(…)`.
    let handlerIsOptional: Bool
    /// Whether the async version throws: the handler can report an error, or the function throws as well.
    let canThrow: Bool
    /// The failure type of a `Result` handler that names one (`Result<T, APIError>`): the async
    /// version `throws(APIError)`, and only what throws that type may be awaited.
    var typedFailure: String?
    /// The handler's typed failure, given up because an awaited call throws another type: the async version
    /// throws untyped, and an implicit member it throws (`.failure(.init(…))`) is named by this type.
    var widenedFailure: String? {
        didSet { if widenedFailure != nil { typedFailure = nil } }
    }
    private(set) var deliveries: Set<Delivery> = []
    /// The body ran in `Task { @MainActor in … }`: the async function is `@MainActor`.
    private(set) var runsOnMainActor = false
    /// The callback APIs the body awaits now.
    private(set) var awaited: [String] = []
    /// The platform availability of the variants it awaits (`@available(macOS 12, *)`), which the async
    /// version needs as well.
    private(set) var availability: [String] = []
    /// A queue hop or URLSession task is kept and awaited: the old function keeps its body, so that
    /// its callers still start the work before it returns, in their order.
    var bridgesClosure = false
    /// A hop's closure hands the handler on to an API with an async variant (`api(x, completion:
    /// completion)`): that closure is kept as written (`bridged`).
    var handsOnInKnownOnceClosure = false
    /// A call that hands the handler on drops the function's own queue argument (`callbackQueue:`), which its
    /// async variant does not take: only the old function, kept as it is, delivers there.
    var dropsDeliveryQueue = false
    /// A callee it awaits may act on its handler before it returns (calls it, or hands it to a serial
    /// queue, itself or through a callee: `Codebase.handlerMayActAtOnce(_:)`): so does the old function,
    /// which a wrapper calling from a `Task` would change.
    var awaitsHandlerCalledAtOnce = false
    /// A callee it awaits may deliver its handler on the main queue (`Codebase.handlerMayDeliverOnMain(_:)`),
    /// so the old function may have called its own there: a wrapper calling from a `Task` would not.
    var awaitsMainDelivery = false
    /// Arguments a forwarder takes as a non-optional parameter and hands on where the handler takes an
    /// optional (`fail(id + 1, completion:)` into `(Int?, Error?)`): known to be there.
    var nonOptionalArguments: Set<SyntaxIdentifier> = []
    /// The names the function's body binds (a local may hide a property of the same name).
    var bodyBindings: Set<String> = []
    /// For a function whose handle the async version drops: the names used only to return it
    /// (`let task = …; …; return task`).
    var onlyReturned: Set<String> = []
    /// The function also returns something (a request, a handle): `return api(…) { … }` is the nested
    /// call, its result dropped.
    var returnsHandle = false
    /// The body calls the function itself (a retry, the next page), which becomes an await of the async
    /// version being written (`ownAsyncVersion`).
    var callsItself = false
    /// The async versions planned for the other functions on this one's call cycle, converted in the same
    /// round (`ConversionRounds`): a call of one awaits it, as a call of itself awaits `ownAsyncVersion`.
    var cycleVersions: [FunctionKey: FunctionRecord] = [:]

    /// The async version this conversion writes, as a call of the function itself awaits it.
    var ownAsyncVersion: FunctionRecord {
        Self.plannedAsyncVersion(of: function, handler: handler, canThrow: canThrow, typedFailure: typedFailure)
    }

    /// The async version a conversion of `function` writes, planned before its body is rewritten (for a
    /// call of itself, or of it from its call cycle): the parameters less the handlers and the queue it
    /// delivers on (passed on with the handler, such a queue goes to the old function alone:
    /// `NestedCallRewriter.isDeliveryQueue`), throwing what the handler reports, returning its value.
    /// `FunctionConverter` refuses the function when the version it writes turns out otherwise.
    static func plannedAsyncVersion(
        of function: FunctionRecord, handler: HandlerInfo, canThrow: Bool, typedFailure: String?
    ) -> FunctionRecord {
        var version = function
        version.parameters = function.parameters.indices.filter { !handler.covers($0) }.map { function.parameters[$0] }
            .filter { !NestedCallRewriter.isDeliveryQueue($0) }
        version.isAsync = true
        version.throwsClause = canThrow ? (typedFailure.map { "throws(\($0))" } ?? "throws") : nil
        version.returnType = handler.valueType.flatMap { $0.isVoid ? nil : $0.asValue }
        version.attributes = []
        version.renamedTo = nil
        return version
    }

    /// The async version planned for function `key` of `codebase`, before any rewriting (see
    /// `plannedAsyncVersion(of:handler:canThrow:typedFailure:)`); nil without a handler.
    static func plannedAsyncVersion(of key: FunctionKey, in codebase: Codebase) -> FunctionRecord? {
        guard let handler = codebase.handler(key) else { return nil }
        let function = codebase.function(key)
        return plannedAsyncVersion(
            of: function, handler: handler, canThrow: canThrow(function, handler),
            typedFailure: function.throwsClause == nil
                ? typedFailure(of: handler, in: function, codebase: codebase) : nil)
    }

    init(
        codebase: Codebase, fileIndex: Int, converter: SourceLocationConverter, function: FunctionRecord,
        handler: HandlerInfo
    ) {
        self.codebase = codebase
        self.fileIndex = fileIndex
        self.converter = converter
        self.function = function
        self.handler = handler
        let parameter = function.parameters[handler.parameterIndex]
        handlerName = parameter.name
        failureName = handler.failureParameterIndex.map { function.parameters[$0].name }
        handlerNames = Self.handlerNames(of: function, handler: handler)
        if case .optional = parameter.type { handlerIsOptional = true } else { handlerIsOptional = false }
        canThrow = Self.canThrow(function, handler)
        typedFailure = Self.typedFailure(of: handler, in: function, codebase: codebase)
        // A function that throws as well throws what its body throws too: untyped.
        // (An initializer runs no `didSet`.)
        if function.throwsClause != nil, typedFailure != nil {
            widenedFailure = typedFailure
            typedFailure = nil
        }
    }

    /// Whether the async version of `function` throws: its handler can report an error, or it throws as well
    /// (before it calls the handler: both become the async version's errors).
    static func canThrow(_ function: FunctionRecord, _ handler: HandlerInfo) -> Bool {
        function.throwsClause != nil || ![.value, .none].contains(handler.shape)
    }

    /// `E` of a `(Result<T, E>) -> Void` handler, unless `E` is `Error`.
    static func typedFailure(of handler: HandlerInfo, in function: FunctionRecord, codebase: Codebase) -> String? {
        guard handler.shape == .result,
            case .named(_, let arguments) = codebase.aliases.expand(handler.handlerType, in: function.context.typePath)
                .resultArgument, arguments.count == 2,
            !CallConverter.untypedError.contains(arguments[1].source)
        else { return nil }
        return arguments[1].source
    }

    /// `throws(E)` written as the variant declares it, or nil for an untyped `throws`.
    static func thrownType(_ throwsClause: String?) -> String? {
        guard let clause = throwsClause, let open = clause.firstIndex(of: "("), clause.hasSuffix(")") else {
            return nil
        }
        let inner = clause[clause.index(after: open)..<clause.index(before: clause.endIndex)]
            .trimmingCharacters(in: .whitespaces)
        return ["any Error", "Error"].contains(inner) ? nil : inner
    }

    /// `handlerName` and `failureName`.
    let handlerNames: Set<String>

    /// The names of the handler's parameters (a success/failure pair has two).
    static func handlerNames(of function: FunctionRecord, handler: HandlerInfo) -> Set<String> {
        Set(handler.indexes.map { function.parameters[$0].name })
    }

    func refuse(_ node: some SyntaxProtocol, _ kind: String, _ reason: String) -> FunctionRefusal {
        FunctionRefusal(line: line(of: node), function: function.fullName, kind: kind, reason: reason)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    // MARK: Blocks

    /// The statements of a block, rewritten, and how the block ends.
    func block(_ items: [CodeBlockItemSyntax], scope: Scope, indent: String) throws(FunctionRefusal) -> Rewritten {
        var lines = Self.openingComments(before: items, indent: indent)
        let closing = Self.closingComments(after: items, indent: indent)
        var exit = Exit.never
        var scope = scope
        let outerTail = scope.isTail
        // A `return` follows the statement that holds this block (`guard … else { if … { hop } ; return }`):
        // the block's tail ends the function through it, and that `return` is dropped.
        let outerReturns = scope.returnsAfter
        var skipNext = false
        for (index, item) in items.enumerated() {
            if skipNext {
                skipNext = false
                continue
            }
            var rest = items[(index + 1)...]
            // `let task = session.dataTask(with: r) { … }; task.resume()`: one statement, kept and awaited.
            let task =
                HandlerUseFinder.find(in: item, names: handlerNames).mentions
                ? boundSessionTask(item, next: rest.first) : nil
            if task != nil { rest = rest.dropFirst() }
            // A plain `return` after it ends the function there (`if … { call { … }; return }`), unless it
            // only ends a closure the platform runs later.
            let returnsNext = !rest.isEmpty && !scope.inKnownOnceClosure
            scope.isTail = (outerTail || returnsNext) && rest.allSatisfy(isPlainReturn)
            // Statements after it in its own block are checked below, once it is known to exit.
            scope.returnsAfter = !rest.isEmpty || (outerReturns && scope.isTail)
            let names = Self.declaredNames(item)
            if let clash = names.intersection(scope.local).sorted().first {
                throw refuse(
                    item, "name clash",
                    "`\(clash)` is declared again here, in code that now shares one scope with the code before the "
                        + "call it was inlined from: rename one, and convert again")
            }
            var rewritten: Rewritten
            if let task, !scope.inKnownOnceClosure {
                rewritten = try bridged(task, scope: scope, indent: indent)
                skipNext = true
            } else {
                rewritten = try statement(item, scope: &scope, indent: indent)
            }
            scope.local.formUnion(names)
            // A `guard let` may shadow a name of its own scope, but a `let` after it may not redeclare one.
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                scope.local.formUnion(Self.boundNames(guardStatement.conditions))
            }
            scope.hasRunStatements = true
            lines += Self.leadingComments(of: item, indent: indent, isFirst: index == 0)
            if let comment = Self.trailingComment(of: item), let last = rewritten.lines.indices.last {
                rewritten.lines[last] += comment
            }
            lines += rewritten.lines
            switch rewritten.exit {
            case .always:
                if let next = rest.first(where: { !isPlainReturn($0) }) {
                    if let expression = next.expression, handlerCall(expression) != nil {
                        throw refuse(
                            next, "handler called twice",
                            "the handler is called again (first at line \(line(of: item))): the old callers got two "
                                + "calls, an async function returns once; keep one")
                    }
                    throw refuse(
                        next, "code after the handler",
                        "this runs after the handler is called (line \(line(of: item))); as a `return` the call "
                            + "would skip it: move it before the handler call")
                }
                return Rewritten(lines: lines + closing, exit: .always)
            case .sometimes: exit = .sometimes
            case .never: break
            }
        }
        return Rewritten(lines: lines + closing, exit: exit)
    }

    /// A `return` that only leaves: bare, or for a function that returns a handle, one that returns
    /// something other than a call using the handler (`return nil` after the handler was called).
    func isPlainReturn(_ item: CodeBlockItemSyntax) -> Bool {
        guard let statement = item.item.as(ReturnStmtSyntax.self) else { return false }
        guard let value = statement.expression else { return true }
        return returnsHandle && Self.readsOnly(value)
    }

    /// `result`, `make()`, `self.load(x).map(f)`: a chain of names, members and calls that starts at a name,
    /// so that `.get()` after it applies to the whole and its type needs no context.
    static func isNamedPostfix(_ expression: ExprSyntax) -> Bool {
        if expression.is(DeclReferenceExprSyntax.self) { return true }
        if let call = expression.as(FunctionCallExprSyntax.self) { return isNamedPostfix(call.calledExpression) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return isNamedPostfix(base)
        }
        return false
    }

    /// `nil`, a literal, a name or `a.b.c`: an expression that does no work (a call may).
    static func readsOnly(_ expression: ExprSyntax) -> Bool {
        if expression.is(NilLiteralExprSyntax.self) || expression.is(DeclReferenceExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
        {
            return true
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base.map(readsOnly) ?? true }
        return false
    }

    /// The comments after the token that opens a block (`{`, a closure's `in`, a case's `:`), on its
    /// line: the rewritten header leaves them out, so they become the block's first lines.
    static func openingComments(before items: [CodeBlockItemSyntax], indent: String) -> [String] {
        guard let token = items.first?.firstToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate),
            [.leftBrace, .keyword(.in), .colon].contains(token.tokenKind)
        else { return [] }
        var lines: [String] = []
        if token.tokenKind == .colon, let label = token.parent,
            label.is(SwitchCaseLabelSyntax.self) || label.is(SwitchDefaultLabelSyntax.self)
        {
            lines += commentLines(in: caseLabelComments(label.leadingTrivia).own, indent: indent)
        }
        return lines + commentLines(in: token.trailingTrivia, indent: indent)
    }

    /// The comments before the `}` that closes a block, which belong to its end. (Comments above a
    /// `case` label describe that case: they open its block.)
    static func closingComments(after items: [CodeBlockItemSyntax], indent: String) -> [String] {
        guard let token = items.last?.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)
        else { return [] }
        if token.tokenKind == .rightBrace { return commentLines(in: token.leadingTrivia, indent: indent) }
        if token.tokenKind == .keyword(.case) || token.tokenKind == .keyword(.default) {
            return commentLines(in: caseLabelComments(token.leadingTrivia).previous, indent: indent)
        }
        return []
    }

    /// The comments above a `case` label: those indented deeper than the label end the case before it,
    /// the others describe the label's own case.
    static func caseLabelComments(_ trivia: Trivia) -> (previous: Trivia, own: Trivia) {
        var column = 0
        var comments: [(column: Int, piece: TriviaPiece)] = []
        for piece in trivia {
            switch piece {
            case .spaces(let count), .tabs(let count): column = count
            case .newlines, .carriageReturnLineFeeds, .carriageReturns: column = 0
            case .lineComment, .docLineComment, .blockComment, .docBlockComment: comments.append((column, piece))
            default: break
            }
        }
        // `column` ends as the label's own.
        return (
            Trivia(pieces: comments.filter { $0.column > column }.map(\.piece)),
            Trivia(pieces: comments.filter { $0.column <= column }.map(\.piece))
        )
    }

    /// The comments in `trivia`, one line each.
    static func commentLines(in trivia: Trivia, indent: String) -> [String] {
        trivia.flatMap { piece -> [String] in
            switch piece {
            case .lineComment(let text), .docLineComment(let text), .blockComment(let text),
                .docBlockComment(let text):
                return commentLines(text, indent: indent)
            default: return []
            }
        }
    }

    /// One comment's lines at `indent`, a block comment's later lines aligned under its first.
    static func commentLines(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, line in
            let body = offset == 0 ? Substring(line) : line.drop { $0 == " " || $0 == "\t" }
            return indent + (offset == 0 ? "" : " ") + body
        }
    }

    /// The comments written above a statement, and a blank line where one separated it from the one
    /// before: a statement's text leaves out its leading trivia.
    static func leadingComments(of item: CodeBlockItemSyntax, indent: String, isFirst: Bool) -> [String] {
        var lines: [String] = []
        var newlines = 0
        for piece in item.leadingTrivia {
            switch piece {
            case .newlines(let count), .carriageReturnLineFeeds(let count), .carriageReturns(let count):
                newlines += count
            case .lineComment(let text), .docLineComment(let text), .blockComment(let text),
                .docBlockComment(let text):
                if newlines >= 2, !isFirst || !lines.isEmpty { lines.append("") }
                newlines = 0
                lines += commentLines(text, indent: indent)
            default: break
            }
        }
        if newlines >= 2, !isFirst || !lines.isEmpty { lines.append("") }
        return lines
    }

    /// A comment after `token` on its line, with the spaces before it; empty if none.
    static func sameLineComment(_ token: TokenSyntax) -> String {
        let comments = commentLines(in: token.trailingTrivia, indent: "")
        return comments.isEmpty ? "" : "  " + comments.joined(separator: " ")
    }

    /// A `// comment` after a statement on its last line, with the spaces before it.
    static func trailingComment(of item: CodeBlockItemSyntax) -> String? {
        var spaces = ""
        for piece in item.trailingTrivia {
            switch piece {
            case .spaces(let count): spaces += String(repeating: " ", count: count)
            case .tabs(let count): spaces += String(repeating: "\t", count: count)
            case .lineComment(let text), .blockComment(let text): return (spaces.isEmpty ? " " : spaces) + text
            default: spaces = ""
            }
        }
        return nil
    }

    /// Whether `node` sits in a closure inside the function (one of a call's, inlined), not in its own body.
    private static func isInClosure(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let node = current, !node.is(FunctionDeclSyntax.self) {
            if node.is(ClosureExprSyntax.self) { return true }
            current = node.parent
        }
        return false
    }

    private func statement(
        _ item: CodeBlockItemSyntax, scope: inout Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        if item.item.is(DeferStmtSyntax.self) {
            throw refuse(
                item, "defer",
                scope.inKnownOnceClosure
                    ? "a `defer` in the closure ran when the closure ended, after it called the handler; in the async "
                        + "version the handler's call becomes the closure's result, and the `defer` would run before "
                        + "the caller gets it: move its work where it should run"
                    : Self.isInClosure(item)
                        ? "a `defer` in this closure ran when the closure ended, after everything else in it (a call of "
                            + "the handler, and the caller's code that call ran, included); inlined into the async "
                            + "version it would run as the version returns, before the caller goes on: move its work "
                            + "where it should run"
                        : "a `defer` ran when the old function returned, before the handler's work; in the async one "
                            + "it runs at its end: move its work where it should run")
        }
        // `try api(x) { … completion(…) }`, returned, bound or discarded: errors come two ways, thrown there or
        // passed to the closure, and one `try await` would send both down the same path.
        if let call = TriedHandlerCallFinder.find(in: item, names: handlerNames) {
            throw refuse(
                call, "throwing call",
                "the handler is handed to "
                    + "`\(Self.oneLine(call.calledExpression.trimmedDescription))`, called under `try`: the tool "
                    + "does not convert such a call, whose errors come two ways (thrown, or passed to the handler) "
                    + "that this code may handle apart; convert it by hand")
        }
        if let returnStatement = item.item.as(ReturnStmtSyntax.self) {
            if let value = returnStatement.expression, let call = handlerCall(value) {
                // `return completion(x)`: nothing after it runs, wherever it is.
                var last = scope
                last.isTail = true
                return try handlerExit(call, scope: last, indent: indent)
            }
            // `return api(x) { … }`, or in a function that returns nothing `return forward(x, completion:
            // completion)` (a call that returns nothing too: Perfect-Redis's parser).
            if returnsHandle || function.returnType?.isVoid ?? true,
                let call = returnStatement.expression?.as(FunctionCallExprSyntax.self),
                HandlerUseFinder.find(in: call, names: handlerNames).mentions
            {
                // Nothing runs after a `return`.
                var last = scope
                last.isTail = true
                return try nestedCall(call, item: item, scope: last, indent: indent)
            }
            throw refuse(
                item, "a path without the handler",
                "it returns without calling the handler: the old function never completed on this path; "
                    + "call the handler (or remove the path) first")
        }
        let use = HandlerUseFinder.find(in: item, names: handlerNames)
        guard use.mentions || use.returns else {
            bind(item, into: &scope)
            scope.declared.formUnion(Self.declaredNames(item))
            var lines = CallConverter.reindent([item], to: indent)
            // The handle the async version drops is still made (its initializer may start work), unnamed.
            if let name = Self.declaredNames(item).first, Self.declaredNames(item).count == 1,
                onlyReturned.contains(name), let first = lines.first,
                let equals = first.range(of: " = "),
                first.dropFirst(indent.count).hasPrefix("let ")
                    || first.dropFirst(indent.count).hasPrefix("var ")
            {
                lines[0] = indent + "_ = " + first[equals.upperBound...]
            }
            return Rewritten(lines: lines, exit: .never)
        }
        if let guardStatement = item.item.as(GuardStmtSyntax.self) {
            return try guardStatementRewritten(guardStatement, scope: &scope, indent: indent)
        }
        // `let request = api(x) { … }; return request`: the call is awaited, the handle dropped.
        if returnsHandle, let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, onlyReturned.contains(name),
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
        {
            return try nestedCall(call, item: item, scope: scope, indent: indent)
        }
        if let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            binding.initializer?.value.is(FunctionCallExprSyntax.self) == true
        {
            throw refuse(
                item, "handle used",
                "`\(name)`, what this call returns besides calling the handler, is used after it (not only "
                    + "returned, or resumed at once): the async version would have none; convert by hand")
        }
        if let doStatement = item.item.as(DoStmtSyntax.self) {
            return try doStatementRewritten(doStatement, scope: scope, indent: indent)
        }
        if let expression = item.expression {
            let discarded = Self.discardedCall(expression)
            if let call = handlerCall(expression) ?? discarded.flatMap({ handlerCall(ExprSyntax($0)) }) {
                if call.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .poundIf }) {
                    throw refuse(
                        item, "handler under #if",
                        "the handler's argument holds an `#if`, which the tool does not rewrite: compute the value "
                            + "into a name first, or convert by hand")
                }
                return try handlerExit(call, scope: scope, indent: indent)
            }
            if let ifExpression = expression.as(IfExprSyntax.self) {
                return try ifRewritten(ifExpression, scope: scope, indent: indent)
            }
            if let switchExpression = expression.as(SwitchExprSyntax.self) {
                return try switchRewritten(switchExpression, scope: scope, indent: indent)
            }
            if let call = expression.as(FunctionCallExprSyntax.self) ?? discarded {
                return try nestedCall(call, item: item, scope: scope, indent: indent)
            }
        }
        // (`outer: for …`: a labeled loop is a loop.)
        let unlabeled = item.item.as(LabeledStmtSyntax.self).map { Syntax($0.statement) } ?? Syntax(item.item)
        if unlabeled.is(ForStmtSyntax.self) || unlabeled.is(WhileStmtSyntax.self)
            || unlabeled.is(RepeatStmtSyntax.self)
        {
            if use.returns, !use.mentions {
                throw refuse(
                    item, "a path without the handler",
                    "it returns from inside a loop without calling the handler")
            }
            throw refuse(item, "handler in a loop", "the handler is used in a loop: it may be called more than once")
        }
        if use.returns, !use.mentions {
            throw refuse(item, "a path without the handler", "it returns without calling the handler")
        }
        if let labeled = item.item.as(LabeledStmtSyntax.self) {
            throw refuse(
                item, "labeled statement",
                "the handler is used in `\(labeled.label.text):`, a labeled statement the tool does not rewrite (a "
                    + "`break \(labeled.label.text)` would leave it): drop the label, or convert by hand")
        }
        if item.item.is(IfConfigDeclSyntax.self) {
            throw refuse(
                item, "handler under #if",
                "the handler is used inside `#if`, whose branches the tool does not rewrite: decide the value in "
                    + "the `#if` and call the handler after `#endif`, or convert by hand")
        }
        throw refuse(
            item, "handler stored or passed",
            "the handler is stored, captured or passed on here, so the tool cannot tell when it is called: "
                + "call it directly")
    }

    /// The call of `_ = call(…) { … }`: what it returns (Moya's `cURLDescription` gives back its request)
    /// is dropped, so the awaited variant may return only the handler's value.
    static func discardedCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            elements[0].is(DiscardAssignmentExprSyntax.self), elements[1].is(AssignmentExprSyntax.self)
        else { return nil }
        return elements[2].as(FunctionCallExprSyntax.self)
    }

    /// The names a `let`/`var` declares (tuple patterns included), or a local function.
    static func declaredNames(_ item: CodeBlockItemSyntax) -> Set<String> {
        if let function = item.item.as(FunctionDeclSyntax.self) { return [function.name.text] }
        guard let variable = item.item.as(VariableDeclSyntax.self) else { return [] }
        var names: Set<String> = []
        func collect(_ pattern: PatternSyntax) {
            if let identifier = pattern.as(IdentifierPatternSyntax.self) { names.insert(identifier.identifier.text) }
            if let tuple = pattern.as(TuplePatternSyntax.self) {
                for element in tuple.elements { collect(element.pattern) }
            }
        }
        for binding in variable.bindings { collect(binding.pattern) }
        return names
    }

    /// Names a plain statement binds that are known not to be nil: `let x: T = …` with `T` not optional, or
    /// `let y = x.uppercased()` with a value known to be there (`isKnownNonOptional`).
    private func bind(_ item: CodeBlockItemSyntax, into scope: inout Scope) {
        guard let variable = item.item.as(VariableDeclSyntax.self) else { return }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let type = binding.typeAnnotation?.type {
                if !type.is(OptionalTypeSyntax.self), !type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                    scope.nonOptional.insert(name)
                }
            } else if let value = binding.initializer?.value, isKnownNonOptional(value, scope: scope) {
                scope.nonOptional.insert(name)
            } else {
                scope.nonOptional.remove(name)
            }
        }
    }

    /// Literals and `try … decode(…)`: expressions that are never optional.
    static func isNonOptionalExpression(_ expression: ExprSyntax) -> Bool {
        if expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
            || expression.is(ArrayExprSyntax.self) || expression.is(DictionaryExprSyntax.self)
        {
            return true
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // `count == 0`, `a && b`: comparisons and logic give a Bool; only a ternary or an assignment,
            // which bind more loosely, could give something else, or a `try?`, which covers the whole.
            let elements = Array(sequence.elements)
            let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            return !operators.isEmpty && operators.contains(where: Self.booleanOperators.contains)
                && !elements.contains(where: {
                    $0.is(UnresolvedTernaryExprSyntax.self) || $0.is(AssignmentExprSyntax.self)
                        || $0.as(TryExprSyntax.self)?.questionOrExclamationMark?.text == "?"
                })
        }
        if let tried = expression.as(TryExprSyntax.self), tried.questionOrExclamationMark == nil,
            let call = tried.expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "decode"
        {
            return true
        }
        return false
    }

    // MARK: Branches

    private func guardStatementRewritten(
        _ statement: GuardStmtSyntax, scope: inout Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        if HandlerUseFinder.find(in: statement.conditions, names: handlerNames).mentions {
            throw refuse(statement, "handler stored or passed", "the handler is used in a condition")
        }
        var inner = scope.nested
        inner.isTail = true
        let body = try block(Array(statement.body.statements), scope: inner, indent: indent + "    ")
        if body.exit != .always {
            throw refuse(
                statement, "a path without the handler",
                "this `guard` leaves without calling the handler on some path: call it before leaving")
        }
        for name in Self.boundNames(statement.conditions) {
            scope.nonOptional.insert(name)
            scope.declared.insert(name)
        }
        let head = "\(indent)guard \(statement.conditions.trimmedDescription) else {"
        return Rewritten(lines: [head] + body.lines + ["\(indent)}"], exit: .sometimes)
    }

    private func ifRewritten(
        _ expression: IfExprSyntax, scope: Scope, indent: String, prefix: String? = nil
    ) throws(FunctionRefusal) -> Rewritten {
        if HandlerUseFinder.find(in: expression.conditions, names: handlerNames).mentions {
            throw refuse(expression, "handler stored or passed", "the handler is used in a condition")
        }
        var inner = scope.nested
        for name in Self.boundNames(expression.conditions) { inner.nonOptional.insert(name) }
        let body = try block(Array(expression.body.statements), scope: inner, indent: indent + "    ")
        var lines = ["\(prefix ?? indent)if \(expression.conditions.trimmedDescription) {"] + body.lines
        var exits = [body.exit]
        switch expression.elseBody {
        case .codeBlock(let elseBlock)?:
            let elseBody = try block(Array(elseBlock.statements), scope: scope.nested, indent: indent + "    ")
            lines += ["\(indent)} else {"] + elseBody.lines + ["\(indent)}"]
            exits.append(elseBody.exit)
        case .ifExpr(let nested)?:
            let nestedBody = try ifRewritten(nested, scope: scope, indent: indent, prefix: "")
            lines.append("\(indent)} else " + nestedBody.lines[0])
            lines += nestedBody.lines.dropFirst()
            exits.append(nestedBody.exit)
        case nil:
            lines.append("\(indent)}")
            exits.append(.never)
        }
        return Rewritten(lines: lines, exit: Self.combine(exits))
    }

    private func switchRewritten(
        _ expression: SwitchExprSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        if HandlerUseFinder.find(in: expression.subject, names: handlerNames).mentions {
            throw refuse(expression, "handler stored or passed", "the handler is used in a `switch` subject")
        }
        let comment = Self.sameLineComment(expression.leftBrace)
        var lines = ["\(indent)switch \(expression.subject.trimmedDescription) {\(comment)"]
        var exits: [Exit] = []
        for element in expression.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else {
                throw refuse(element, "unsupported code", "an `#if` among the cases: convert by hand")
            }
            let statements = Array(switchCase.statements)
            if statements.contains(where: { $0.item.is(FallThroughStmtSyntax.self) }) {
                throw refuse(switchCase, "fallthrough", "a case falls through to the next: convert by hand")
            }
            if HandlerUseFinder.find(in: switchCase.statements, names: handlerNames).mentions,
                let leaving = ControlTransferFinder.breakLeaving(statements)
            {
                if leaving.id == statements.last?.item.id, leaving.is(BreakStmtSyntax.self) {
                    throw refuse(
                        leaving, "code after the handler",
                        "a `break` ends this case, after its call of the handler: a case ends there anyway; remove it")
                }
                throw refuse(
                    leaving, "a path without the handler",
                    "`\(leaving.trimmedDescription)` leaves the case before its call of the handler, and the code "
                        + "after the `switch` runs instead: call the handler (or `return`) there first")
            }
            var caseScope = scope.nested
            // `.failure(let e)` binds a Result's failure, which is never optional.
            if let label = switchCase.label.as(SwitchCaseLabelSyntax.self), label.caseItems.count == 1,
                let pattern = label.caseItems.first?.pattern.trimmedDescription.replacingOccurrences(of: " ", with: ""),
                pattern.hasPrefix(".failure(let"), pattern.hasSuffix(")")
            {
                let name = String(pattern.dropFirst(".failure(let".count).dropLast())
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    caseScope.nonOptional.insert(name)
                    caseScope.errorAliases[name] = nil
                }
            }
            let body = try block(statements, scope: caseScope, indent: indent + "    ")
            lines.append("\(indent)\(switchCase.label.trimmedDescription)")
            lines += body.lines.isEmpty ? ["\(indent)    break"] : body.lines
            exits.append(body.exit)
        }
        lines.append("\(indent)}")
        return Rewritten(lines: lines, exit: Self.combine(exits, exhaustive: true))
    }

    private func doStatementRewritten(
        _ statement: DoStmtSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        var inner = scope.nested
        // A catch that only hands the error to the handler throws it on, as the handler call would have.
        inner.inDoCatch = !statement.catchClauses.isEmpty && !catchForwardsError(statement) || scope.inDoCatch
        let body = try block(Array(statement.body.statements), scope: inner, indent: indent + "    ")
        let throwsClause = statement.throwsClause.map { " " + $0.trimmedDescription } ?? ""
        var lines = ["\(indent)do\(throwsClause) {"] + body.lines
        var exits = [body.exit]
        for clause in statement.catchClauses {
            var caught = scope.nested
            let items = clause.catchItems
            // What the clause binds hides any outer name: an alias of it no longer holds.
            let bound: Set<String> =
                items.isEmpty
                ? ["error"]
                : Set(
                    items.tokens(viewMode: .sourceAccurate).compactMap { token in
                        if case .identifier(let name) = token.tokenKind { return name }
                        return nil
                    })
            caught.errorAliases = caught.errorAliases.filter { !bound.contains($0.key) && !bound.contains($0.value) }
            caught.nonOptional.subtract(bound)
            for name in bound { caught.patternBound[name] = items.trimmedDescription }
            if let name = clause.caughtErrorName {
                caught.nonOptional.insert(name)
                caught.patternBound[name] = nil
            }
            let catchBody = try block(Array(clause.body.statements), scope: caught, indent: indent + "    ")
            let head = items.isEmpty ? "catch" : "catch \(items.trimmedDescription)"
            lines.append("\(indent)} \(head) {")
            lines += catchBody.lines
            exits.append(catchBody.exit)
        }
        lines.append("\(indent)}")
        // Without a catch-all, an error leaves the `do` block: treat as "some paths".
        let catchesAll = statement.catchClauses.contains(where: \.catchesAll)
        return Rewritten(lines: lines, exit: Self.combine(exits, exhaustive: catchesAll))
    }

    /// One `catch` that takes every error and only passes it to the handler unchanged
    /// (`completion(error)`, `completion(.failure(error))`, `completion(nil, error)`, `failure(error)`).
    private func catchForwardsError(_ statement: DoStmtSyntax) -> Bool {
        // With a typed failure, the `do` may have inferred its error type, which a new `throw .case` lacks.
        guard typedFailure == nil, statement.catchClauses.count == 1, let clause = statement.catchClauses.first,
            clause.catchesAll,
            let name = clause.catchItems.isEmpty
                ? "error"
                : clause.catchItems.first?.pattern?.as(ValueBindingPatternSyntax.self)?.pattern
                    .as(IdentifierPatternSyntax.self)?.identifier.text
        else { return false }
        let items = Array(clause.body.statements)
        guard let first = items.first, items.dropFirst().allSatisfy(isPlainReturn),
            let call = first.expression.flatMap(handlerCall)
        else { return false }
        let arguments = call.arguments.map(\.expression)
        var callee = call.calledExpression
        if let chained = callee.as(OptionalChainingExprSyntax.self) { callee = chained.expression }
        switch handler.shape {
        case .optionalError:
            return arguments.count == 1 && arguments[0].identifier == name
        case .result:
            guard arguments.count == 1, let (member, payload) = Self.caseCall(arguments[0]) else { return false }
            return member == "failure" && payload?.identifier == name
        case .optionalValueAndError:
            return arguments.count == 2 && arguments[0].isNilLiteral && arguments[1].identifier == name
        case .successAndFailure:
            return failureName != nil && callee.identifier == failureName && arguments.count == 1
                && arguments[0].identifier == name
        default:
            return false
        }
    }

    static func combine(_ exits: [Exit], exhaustive: Bool = true) -> Exit {
        if exhaustive, exits.allSatisfy({ $0 == .always }) { return .always }
        return exits.contains { $0 != .never } ? .sometimes : .never
    }

    /// The names `if let x`, `guard let x = y`, `if case .some(let x)` bind.
    static func boundNames(_ conditions: ConditionElementListSyntax) -> [String] {
        conditions.compactMap { element in
            element.condition.as(OptionalBindingConditionSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?
                .identifier.text
        }
    }

    // MARK: The handler

    /// `completion(…)`, `completion?(…)`, `success(…)`, `failure(…)`.
    func handlerCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        var callee = call.calledExpression
        if let chained = callee.as(OptionalChainingExprSyntax.self) { callee = chained.expression }
        guard let name = callee.identifier, handlerNames.contains(name) else { return nil }
        return call
    }

    /// The `return` or `throw` a handler call becomes.
    func handlerExit(
        _ call: FunctionCallExprSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        var callee = call.calledExpression
        if let chained = callee.as(OptionalChainingExprSyntax.self) { callee = chained.expression }
        return try handlerExit(
            call, arguments: call.arguments.map(\.expression),
            isFailureClosure: failureName != nil && callee.identifier == failureName, scope: scope, indent: indent)
    }

    /// The `return` or `throw` a call of the handler with `arguments` becomes; `call` is where it is made
    /// (itself, or a call of a function that only forwards to it: `HandlerForwarding`).
    func handlerExit(
        _ call: FunctionCallExprSyntax, arguments: [ExprSyntax], isFailureClosure: Bool, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        guard scope.isTail || scope.returnsAfter else {
            throw refuse(
                call, "code after the handler",
                "the handler is called here with no `return` after it, and the function goes on past this block: "
                    + "as a `return` the call would skip what followed; add the `return` if that is what was meant")
        }
        deliveries.insert(scope.onMainQueue ? .mainQueue : .direct)
        let lines: [String]
        switch handler.shape {
        case .result:
            guard arguments.count == 1, let argument = arguments.first else { throw unexpected(call) }
            if let (member, payload) = Self.caseCall(argument), member == "success" {
                lines = [returning(payload.map { $0.trimmedDescription })]
            } else if let (member, payload) = Self.caseCall(argument), member == "failure", let payload {
                // A Result's failure is never optional: `.failure(e)` compiled, so `throw e` does.
                if let name = payload.identifier, let caught = scope.errorAliases[name] {
                    lines = ["throw \(caught)"]
                } else if let widened = widenedFailure, Self.isImplicitMember(payload) {
                    lines = ["throw (\(payload.trimmedDescription) as \(widened))"]
                } else if let widened = widenedFailure, Self.containsImplicitMember(payload) {
                    lines = ["throw ((\(payload.trimmedDescription)) as \(widened))"]
                } else {
                    lines = ["throw \(payload.trimmedDescription)"]
                }
            } else if Self.isNamedPostfix(argument), !Self.containsImplicitMember(argument) {
                lines = ["return try \(argument.trimmedDescription).get()"]
            } else {
                // `c ? .success(x) : .failure(e)`, `.success(x).map { … }`, `r.flatMapError { _ in .success(x) }`:
                // typed as the handler took it, so that `.get()` applies to the whole and the implicit members
                // (and the generic parameters they decide) have a type.
                let value = handler.valueType.map { $0.isVoid ? "Void" : $0.asValue.source } ?? "Void"
                let result = "Swift.Result<\(value), \(typedFailure ?? widenedFailure ?? "any Error")>"
                lines = ["return try (\(argument.trimmedDescription) as \(result)).get()"]
            }
        case .optionalError:
            guard arguments.count == 1, let error = arguments.first else { throw unexpected(call) }
            if error.isNilLiteral {
                lines = ["return"]
            } else {
                let thrown = try throwingIfPresent(error, scope: scope, call: call)
                lines = thrown[0].hasPrefix("if let") ? thrown + ["return"] : thrown
            }
        case .optionalValueAndError, .valueAndError:
            guard arguments.count == 2 else { throw unexpected(call) }
            let (value, error) = (arguments[0], arguments[1])
            if error.isNilLiteral {
                if handler.shape == .optionalValueAndError, !isKnownNonOptional(value, scope: scope) {
                    throw valueMayBeNil(value, call: call, returning: "a value")
                }
                lines = [returning(value.trimmedDescription)]
            } else if value.isNilLiteral || handler.shape == .valueAndError {
                lines = try throwing(error, scope: scope, call: call)
            } else {
                throw refuse(
                    call, "value and error",
                    "it passes both a value and an error: which one the caller gets is not clear; pass `nil` for one")
            }
        case .value:
            guard arguments.count == 1, let value = arguments.first else { throw unexpected(call) }
            lines = [returning(value.trimmedDescription)]
        case .none:
            lines = ["return"]
        case .successAndFailure:
            if isFailureClosure {
                guard arguments.count == 1, let error = arguments.first else { throw unexpected(call) }
                lines =
                    handler.failureErrorIsOptional
                    ? try throwing(error, scope: scope, call: call)
                    : ["throw \(error.trimmedDescription)"]
            } else {
                switch arguments.count {
                case 0: lines = ["return"]
                case 1: lines = [returning(arguments[0].trimmedDescription)]
                default: lines = [returning("(\(arguments.map(\.trimmedDescription).joined(separator: ", ")))")]
                }
            }
        case .twoValuesAndError:
            guard arguments.count == 3 else { throw unexpected(call) }
            let (first, second, error) = (arguments[0], arguments[1], arguments[2])
            if error.isNilLiteral {
                if [first, second].contains(where: \.isNilLiteral) {
                    throw refuse(
                        call, "value may be nil",
                        "it passes `nil` for a value with no error: the async version returns both values; pass "
                            + "both, or an error")
                }
                if let value = [first, second].first(where: { !isKnownNonOptional($0, scope: scope) }) {
                    throw valueMayBeNil(value, call: call, returning: "both values")
                }
                lines = [returning("(\(first.trimmedDescription), \(second.trimmedDescription))")]
            } else if first.isNilLiteral, second.isNilLiteral {
                lines = try throwing(error, scope: scope, call: call)
            } else {
                throw refuse(
                    call, "value and error",
                    "it passes a value and an error: which one the caller gets is not clear; pass `nil` for the values")
            }
        case .other:
            throw refuse(call, "handler shape", "its handler's shape has no async form")
        }
        if lines.contains(where: { $0.hasPrefix("throw") || $0.contains(" throw ") }), scope.inDoCatch {
            throw refuse(
                call, "throw inside do",
                "the handler reports an error inside a `do` block; as a `throw` its own `catch` would take it: "
                    + "move the call out of the `do`")
        }
        return Rewritten(lines: lines.map { indent + $0 }, exit: .always)
    }

    /// `completion(cached, nil)` where `cached` may be nil: the async version returns `what` instead.
    private func valueMayBeNil(_ value: ExprSyntax, call: FunctionCallExprSyntax, returning what: String)
        -> FunctionRefusal
    {
        refuse(
            call, "value may be nil",
            "it passes `\(value.trimmedDescription)` with no error, and the tool cannot tell that it is never nil "
                + "(it knows literals, what `guard let` and `if let` bind, the cases of a callee's result switched "
                + "on directly in its closure, not inside a hop, and values declared with a type); "
                + "the async version returns \(what): unwrap it first (`guard let`), calling the handler with an "
                + "error when it is nil")
    }

    private func unexpected(_ call: FunctionCallExprSyntax) -> FunctionRefusal {
        refuse(call, "handler shape", "the handler is called with arguments its type does not have")
    }

    private func returning(_ value: String?) -> String {
        guard let value, value != "()" else { return "return" }
        return "return \(value)"
    }

    /// `throw error` for an error known to be there; an optional error is refused.
    private func throwing(
        _ error: ExprSyntax, scope: Scope, call: FunctionCallExprSyntax
    ) throws(FunctionRefusal) -> [String] {
        if let name = error.identifier, let caught = scope.errorAliases[name] { return ["throw \(caught)"] }
        // A name or a property of a value (`self.box.lastError`) may be nil; a call, or a case
        // (`APIError.gone`, `.gone`), is the error.
        let member = error.as(MemberAccessExprSyntax.self)
        let isCase =
            member.map { member in
                member.base.map { $0.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true }
                    ?? true
            } ?? false
        if isKnownNonOptional(error, scope: scope) || isCase
            || !(error.is(DeclReferenceExprSyntax.self) || member != nil)
        {
            return ["throw \(error.trimmedDescription)"]
        }
        if let name = error.identifier, let pattern = scope.patternBound[name] {
            throw refuse(
                call, "error may be nil",
                "it passes `\(name)` as the error, which `catch \(pattern)` binds from a case's payload: the tool "
                    + "does not know its type, which may be optional; unwrap it first (`if let \(name)`)")
        }
        throw refuse(
            call, "error may be nil",
            "it passes `\(error.trimmedDescription)` as the error, and the tool cannot tell that it is never "
                + "nil: unwrap it first (`if let \(error.trimmedDescription)`)")
    }

    /// `if let error = e as (any Error)? { throw error }`: an optional error, thrown when it is there.
    private func throwingIfPresent(
        _ error: ExprSyntax, scope: Scope, call: FunctionCallExprSyntax
    ) throws(FunctionRefusal) -> [String] {
        if let name = error.identifier, let caught = scope.errorAliases[name] { return ["throw \(caught)"] }
        if isKnownNonOptional(error, scope: scope) { return ["throw \(error.trimmedDescription)"] }
        return ["if let error = \(error.trimmedDescription) as (any Error)? { throw error }"]
    }

    func isKnownNonOptional(_ expression: ExprSyntax, scope: Scope) -> Bool {
        if nonOptionalArguments.contains(expression.id) { return true }
        if let name = expression.identifier {
            return scope.nonOptional.contains(name) || name == "self"
        }
        if expression.is(ForceUnwrapExprSyntax.self) { return true }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `base.method(…)` on a known value, unless the method is one that answers with an optional;
            // `Type(…)` for a type of the codebase (the platform's `URL(string:)` and `Int(_:)` may fail).
            // `base.method(…)` on a known value, where the method is the standard library's that never
            // answers nil, or the codebase's declared with a non-optional result.
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                isKnownNonOptional(base, scope: scope)
            {
                let name = member.declName.baseName.text
                let declared = codebase.functions(named: name)
                if declared.isEmpty { return Self.nonOptionalAnswers.contains(name) }
                // Found by name, a method of the codebase is known only on `self`, declared in its own type with
                // the call's labels: another receiver, or an extension of the platform's type, may have a method
                // of that name that answers an optional (`randomElement()`).
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                let own = declared.filter { key in
                    let method = codebase.function(key)
                    return Codebase.sameType(method.context.typePath, function.context.typePath)
                        && method.parameters.map(\.label) == labels
                }
                guard base.identifier == "self", !function.context.typePath.isEmpty, !own.isEmpty else { return false }
                return own.allSatisfy { key in
                    guard let returned = codebase.function(key).returnType else { return false }
                    return returned == returned.withoutOptional
                }
            }
        }
        return Self.isNonOptionalExpression(expression)
    }

    /// Operators that give a `Bool`.
    static let booleanOperators: Set<String> = ["==", "!=", "===", "!==", "<", ">", "<=", ">=", "&&", "||"]

    /// Methods of the standard library and Foundation that never answer nil.
    static let nonOptionalAnswers: Set<String> = [
        "uppercased", "lowercased", "capitalized", "trimmingCharacters", "replacingOccurrences", "appending",
        "appendingPathComponent", "joined", "sorted", "reversed", "filter", "prefix", "suffix", "dropFirst",
        "dropLast", "components", "split", "description", "formatted", "encode",
    ]

    /// `.init(…)`, `.case`, `.case(…)`: a member whose type comes from the context.
    static func isImplicitMember(_ expression: ExprSyntax) -> Bool {
        let callee = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        return callee.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
    }

    /// An implicit member anywhere in `expression` (`c ? .gone : e`, `r.mapError { _ in .gone }`): it
    /// takes its type from the context.
    static func containsImplicitMember(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .period && token.parent?.as(MemberAccessExprSyntax.self).map { $0.base == nil } == true
        }
    }

    /// `.success(x)` → ("success", x); `.success` → ("success", nil).
    static func caseCall(_ expression: ExprSyntax) -> (String, ExprSyntax?)? {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return (member.declName.baseName.text, nil)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.trimmedDescription == "Result", call.arguments.count == 1
        else { return nil }
        return (member.declName.baseName.text, call.arguments.first?.expression)
    }

    /// A call that passes the handler on delivers where the callee does.
    func noteForwarded(onMainQueue: Bool) { deliveries.insert(onMainQueue ? .mainQueue : .direct) }

    /// The async version awaits `api` (a continuation bridging it).
    func noteAwaited(_ api: String) { awaited.append(api) }

    /// The async version awaits `variant`: its platform availability becomes the async version's.
    func noteAvailability(of variant: FunctionRecord) {
        // Its own, and its type's or extension's.
        for attribute in variant.attributes + variant.context.typeAttributes where attribute.hasPrefix("@available(") {
            let arguments = attribute.dropFirst("@available(".count)
            guard arguments.contains(where: \.isNumber),
                !["renamed", "deprecated", "obsoleted", "unavailable", "noasync", "message"].contains(where: {
                    arguments.contains($0)
                })
            else { continue }
            if !availability.contains(attribute) { availability.append(attribute) }
        }
    }

    // MARK: Nested calls

    private func nestedCall(
        _ call: FunctionCallExprSyntax, item: CodeBlockItemSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        if scope.inKnownOnceClosure {
            let refusal = refuse(
                call, "callback in a hop",
                "the handler is reached through another call inside a queue hop or URLSession task, whose closure "
                    + "the async version runs without awaiting: convert by hand")
            // Handed on as it is to an API with an async variant, which calls it once: the closure is kept as
            // written, the handler a local closure that resumes the continuation (see `bridged`).
            guard Self.keptHandlerShapes.contains(handler.shape), !handlerIsOptional,
                call.arguments.contains(where: { $0.expression.identifier == handlerName })
            else { throw refusal }
            var nested = NestedCallRewriter(outer: self)
            let rewritten = try nested.rewrite(call, scope: scope, indent: indent)
            guard nested.handedOnInHop else { throw refusal }
            handsOnInKnownOnceClosure = true
            awaited.append(nested.apiName)
            return rewritten
        }
        // `api(id: try parse(text)) { … }`: awaited, what `parse` throws would take the call's error path (its
        // closure's failure branch, or a continuation's closure, which cannot throw).
        if UncaughtTryFinder.find(in: call) {
            throw refuse(
                call, "try in the arguments",
                "a `try` in the call's receiver or arguments: awaited, what it throws would go where the call's own "
                    + "errors go; compute it into a name before the call")
        }
        if call.calledExpression.trimmedDescription == "DispatchQueue.main.async" {
            do throws(FunctionRefusal) {
                return try mainQueueHop(call, scope: scope, indent: indent)
            } catch  where error.kind == "main-queue hop" {
                // What `MainActor.run` cannot express, a continuation resumed on the main queue can.
                guard let known = knownOnceClosure(call) else { throw error }
                return try bridged(known, scope: scope, indent: indent)
            }
        }
        if call.calledExpression.trimmedDescription == "Task" {
            return try taskBody(call, scope: scope, indent: indent)
        }
        if let known = knownOnceClosure(call) { return try bridged(known, scope: scope, indent: indent) }
        if let apiName = platformHandOn(call) {
            return try handedOnToPlatform(call, apiName: apiName, scope: scope, indent: indent)
        }
        var nested = NestedCallRewriter(outer: self)
        let rewritten = try nested.rewrite(call, scope: scope, indent: indent)
        if !nested.apiName.isEmpty { awaited.append(nested.apiName) }  // (empty: a forwarder's call, nothing awaited)
        return rewritten
    }

    /// `Task { … completion(x) }`, the body already async: its statements become the async function's,
    /// run by the wrapper's own `Task` as before. `Task { @MainActor in … }` makes the function
    /// `@MainActor`.
    private func taskBody(
        _ call: FunctionCallExprSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        guard let closure = call.trailingClosure, call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty
        else {
            throw refuse(call, "task", "a `Task` with a priority or other arguments: convert by hand")
        }
        if let capture = closure.signature?.capture {
            throw refuse(
                capture, "capture list",
                "its `Task` captures `\(capture.trimmedDescription)`: in an async function, what it captures stays "
                    + "alive until the function returns; drop the capture list if that is acceptable")
        }
        let attributes = closure.signature?.attributes.map(\.trimmedDescription) ?? []
        guard closure.signature?.parameterClause == nil, attributes.allSatisfy({ $0 == "@MainActor" }) else {
            throw refuse(closure, "task", "its `Task` closure has attributes or parameters: convert by hand")
        }
        guard scope.isTail, !scope.inDoCatch, !scope.onMainQueue else {
            throw refuse(
                call, "code after a nested call",
                "code after this `Task` ran before its body; as one async function it would run after")
        }
        if UncaughtTryFinder.find(in: closure.statements) {
            throw refuse(
                closure, "task",
                "its `Task` lets errors escape, so the old code never called the handler when one was thrown; the "
                    + "async version would throw it to the caller: catch it in the Task first")
        }
        if !attributes.isEmpty {
            // The whole async function would run on the main actor: only when the Task is all it did.
            if function.otherModifiers.contains("nonisolated") || function.context.typeKind == "actor" {
                throw refuse(
                    call, "task",
                    "a `Task { @MainActor in … }` in a nonisolated or actor function: as one `@MainActor` "
                        + "function, the rest of its code would move onto the main actor")
            }
            if !scope.isTopLevel {
                throw refuse(
                    call, "task",
                    "a `Task { @MainActor in … }` inside a branch or a `do` block: only one that is the whole "
                        + "body converts (the async function then runs on the main actor); make it the body's only "
                        + "statement, or convert by hand")
            }
            if scope.hasRunStatements {
                throw refuse(
                    call, "task",
                    "a `Task { @MainActor in … }` after other statements: as one `@MainActor` function, that code "
                        + "would move onto the main actor")
            }
            runsOnMainActor = true
        }
        awaited.append("Task")
        var inner = scope
        inner.isTail = true
        return try block(Array(closure.statements), scope: inner, indent: indent)
    }

    /// `DispatchQueue.main.async { work; completion(x) }` → `await MainActor.run { work }; return x`.
    private func mainQueueHop(
        _ call: FunctionCallExprSyntax, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        guard let closure = call.trailingClosure, call.arguments.isEmpty, closure.signature == nil else {
            // `DispatchQueue.main.async(execute: completion)`: the handler itself, no closure to rewrite.
            if call.arguments.count == 1, call.arguments.first?.label?.text == "execute",
                call.arguments.first?.expression.identifier == handlerName, call.trailingClosure == nil
            {
                throw refuse(
                    call, "main-queue hop",
                    "the handler is handed to `DispatchQueue.main.async(execute:)` itself: write "
                        + "`DispatchQueue.main.async { \(handlerName)() }` (which the tool rewrites), or convert by "
                        + "hand")
            }
            throw refuse(call, "main-queue hop", "a main-queue hop with arguments or a capture list: convert by hand")
        }
        guard scope.isTail else {
            throw refuse(
                call, "code after a nested call",
                "code after this main-queue hop ran before it; awaiting it would run that code after")
        }
        let statements = Array(closure.statements)
        guard let last = statements.last, let lastExpression = last.expression,
            let exitCall = handlerCall(lastExpression)
        else {
            throw refuse(
                call, "main-queue hop",
                "the handler is not the last statement of this main-queue hop: convert by hand")
        }
        let work = statements.dropLast()
        if work.contains(where: {
            let use = HandlerUseFinder.find(in: $0, names: handlerNames)
            return use.mentions || use.returns
        }) {
            throw refuse(call, "main-queue hop", "the hop uses the handler before its last statement")
        }
        if work.contains(where: { !Self.declaredNames($0).isEmpty }) {
            throw refuse(
                call, "main-queue hop",
                "the hop declares names the handler may use; after `MainActor.run` they would be out of scope: "
                    + "convert by hand")
        }
        // The handler's arguments were computed on the main queue: only plain names and literals, which
        // read the same anywhere, may move out of the hop.
        let plain = exitCall.arguments.allSatisfy { argument in
            var expression = argument.expression
            if let (_, payload) = Self.caseCall(expression) {
                guard let payload else { return true }
                expression = payload
            }
            return expression.is(DeclReferenceExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
                || expression.is(StringLiteralExprSyntax.self) && !expression.description.contains("\\(")
                || expression.is(IntegerLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
        }
        guard plain else {
            throw refuse(
                exitCall, "main-queue hop",
                "the handler's argument is computed inside the main-queue hop; as a `return` it would be computed "
                    + "off the main queue: compute it into a name first")
        }
        var inner = scope
        inner.onMainQueue = true
        var lines: [String] = []
        if !work.isEmpty {
            lines.append("\(indent)await MainActor.run {")
            lines += CallConverter.reindent(work, to: indent + "    ")
            lines.append("\(indent)}")
        }
        lines += try handlerExit(exitCall, scope: inner, indent: indent).lines
        return Rewritten(lines: lines, exit: .always)
    }
}

/// A call under `try`, `try?` or `try!` (outside nested closures) that is handed the handler (`names`), or one
/// of whose closures uses it: the call that takes it.
final class TriedHandlerCallFinder: SyntaxVisitor {
    private let names: Set<String>
    private var found: FunctionCallExprSyntax?
    private var tries = 0

    private init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    static func find(in node: some SyntaxProtocol, names: Set<String>) -> FunctionCallExprSyntax? {
        let finder = TriedHandlerCallFinder(names: names)
        finder.walk(node)
        return finder.found
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        tries += 1
        return .visitChildren
    }
    override func visitPost(_ node: TryExprSyntax) { tries -= 1 }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    // `try api(x, completion: completion)`: the handler handed on under `try`.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if tries > 0, found == nil,
            node.arguments.contains(where: { $0.expression.identifier.map(names.contains) == true })
        {
            found = node
        }
        return .visitChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if tries > 0, found == nil, HandlerUseFinder.find(in: node, names: names).mentions {
            var ancestor = node.parent
            while let current = ancestor, !current.is(FunctionCallExprSyntax.self) { ancestor = current.parent }
            found = ancestor?.as(FunctionCallExprSyntax.self)
        }
        return .skipChildren
    }
}

/// Whether statements have a `try` (not `try?` or `try!`) that no catch-all `do` around it handles:
/// an error that would leave them (for a `Task` body, be dropped). Nested closures and functions are
/// their own.
final class UncaughtTryFinder: SyntaxVisitor {
    private var found = false
    private var handled = 0

    static func find(in node: some SyntaxProtocol) -> Bool {
        let finder = UncaughtTryFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.catchClauses.contains(where: \.catchesAll) {
            handled += 1
            walk(node.body)
            handled -= 1
            for clause in node.catchClauses { walk(clause.body) }
            return .skipChildren
        }
        return .visitChildren
    }
    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil, handled == 0 { found = true }
        return .visitChildren
    }
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        if handled == 0 { found = true }
        return .visitChildren
    }
}

extension CatchClauseSyntax {
    /// The name the caught error has in the clause, a value: `error` for `catch`, `e` for `catch let e`
    /// or `catch let e as ApiError` (not as an optional type, nor a case's payload).
    var caughtErrorName: String? {
        if catchItems.isEmpty { return "error" }
        guard catchItems.count == 1, let item = catchItems.first, item.whereClause == nil,
            let binding = item.pattern?.as(ValueBindingPatternSyntax.self)
        else { return nil }
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { return name }
        let words = binding.pattern.trimmedDescription.split(whereSeparator: \.isWhitespace)
        guard words.count == 3, words[1] == "as", !words[2].contains("?"), !words[2].contains("("),
            words[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(words[0])
    }

    /// Whether the clause binds `name`: `error`, implicitly, where it has no pattern, or by its pattern
    /// (`catch let error as ApiError`).
    func binds(_ name: String) -> Bool {
        if catchItems.isEmpty { return name == "error" }
        return catchItems.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == name && token.parent?.is(IdentifierPatternSyntax.self) == true
        }
    }

    /// `catch` or `catch let e`: every error lands here.
    var catchesAll: Bool {
        catchItems.isEmpty
            || (catchItems.count == 1 && catchItems.first?.whereClause == nil
                && catchItems.first?.pattern?.as(ValueBindingPatternSyntax.self)?.pattern
                    .is(IdentifierPatternSyntax.self) == true)
    }
}
