import SwiftParser
import SwiftSyntax

/// Gives completion-handler functions of one file async versions: the body rewritten by
/// `HandlerBodyRewriter`, and the old signature kept as a thin wrapper, marked
/// `@available(*, renamed:)`, that runs the async version in a `Task` and calls the handler exactly once,
/// on the main queue when the old code delivered there, so that no caller changes.
///
/// ```swift
/// // before
/// func load(id: Int, completion: @escaping (Result<User, Error>) -> Void) {
///     api.fetch(id) { result in
///         switch result {
///         case .success(let data): completion(.success(User(data)))
///         case .failure(let error): completion(.failure(error))
///         }
///     }
/// }
/// // after
/// @available(*, renamed: "load(id:)")
/// func load(id: Int, completion: @escaping (Result<User, Error>) -> Void) {
///     Task {
///         do {
///             let value = try await load(id: id)
///             completion(.success(value))
///         } catch {
///             completion(.failure(error))
///         }
///     }
/// }
///
/// func load(id: Int) async throws -> User {
///     let data = try await api.fetch(id)
///     return User(data)
/// }
/// ```
public struct FunctionConverter {
    let codebase: Codebase
    let fileIndex: Int

    /// A converter for file `fileIndex` of `codebase`.
    /// For functions whose handler has a default: where async code calls them without it (a path and
    /// line), which would reach the async version once it exists. Without an entry, no such call.
    var callsOmittingHandler: [FunctionKey: String] = [:]
    /// For functions converted together because they call one another (`ConversionRounds`): each one's
    /// planned async version, which the others' calls of it await.
    var cycleVersions: [FunctionKey: FunctionRecord] = [:]

    /// A converter for file `fileIndex` of `codebase`.
    public init(codebase: Codebase, fileIndex: Int) {
        self.codebase = codebase
        self.fileIndex = fileIndex
    }

    /// Each of `functions` (indexes into the file's functions) converted or refused.
    public func convert(_ source: String, functions: Set<Int>) -> [Int: Result<FunctionConversion, FunctionRefusal>] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let facts = codebase.files[fileIndex]
        var byPosition: [Int: Int] = [:]
        for index in functions {
            byPosition[facts.functions[index].line << 20 | facts.functions[index].column] = index
        }
        var results: [Int: Result<FunctionConversion, FunctionRefusal>] = [:]
        let floor = DeploymentFloor.concurrencyAvailability(forFileAt: facts.path)
        let toolsVersion = DeploymentFloor.toolsVersionBeforeSix(forFileAt: facts.path)
        for declaration in FunctionDeclarationFinder.find(in: tree) {
            let location = converter.location(for: declaration.name.positionAfterSkippingLeadingTrivia)
            guard let index = byPosition[location.line << 20 | location.column] else { continue }
            let key = FunctionKey(file: fileIndex, index: index)
            do throws(FunctionRefusal) {
                // Parse-Swift's `swift-tools-version:5.5`, built by Swift 5.6 in its CI: a typed failure is
                // thrown untyped, as the package's own async API throws, beside the old function kept as it is.
                let conversion = try convert(
                    declaration, key: key, converter: converter, concurrencyFloor: floor,
                    untypedOnly: toolsVersion != nil)
                if let toolsVersion, conversion.replacement.contains(where: { $0.contains("throws(") }) {
                    throw FunctionRefusal(
                        line: location.line, function: codebase.function(key).fullName, kind: "typed throws",
                        reason: "its async version would throw a typed error (`throws(E)`), which needs a Swift 6 "
                            + "compiler, and the package's `swift-tools-version` is \(toolsVersion): raise it first, or "
                            + "convert by hand")
                }
                results[index] = .success(conversion)
            } catch {
                results[index] = .failure(error)
            }
        }
        return results
    }

    private func convert(
        _ declaration: FunctionDeclSyntax, key: FunctionKey, converter: SourceLocationConverter,
        concurrencyFloor: String?, untypedOnly: Bool
    ) throws(FunctionRefusal) -> FunctionConversion {
        let function = codebase.function(key)
        func refuse(_ node: some SyntaxProtocol, _ kind: String, _ reason: String) -> FunctionRefusal {
            FunctionRefusal(
                line: converter.location(for: node.positionAfterSkippingLeadingTrivia).line,
                function: function.fullName, kind: kind, reason: reason)
        }
        guard let handler = codebase.handler(key) else {
            throw refuse(declaration.name, "handler shape", "it has no completion handler")
        }
        guard let body = declaration.body else { throw refuse(declaration.name, "no body", "it has no body") }
        // One that throws as well gets an async version that throws both its own errors and the handler's;
        // `rethrows` and a typed `throws` have no such union.
        if function.isAsync {
            throw refuse(declaration.name, "async or throws", "it is already async: convert by hand")
        }
        if let clause = function.throwsClause, !Self.untypedThrows.contains(clause.filter { !$0.isWhitespace }) {
            throw refuse(
                declaration.name, "async or throws",
                clause == "rethrows"
                    ? "it is declared `rethrows` as well: it throws only what its closures throw, which an async "
                        + "version beside it could not say of the handler's errors; convert by hand"
                    : "it is declared `\(clause)` as well: its errors and the handler's have no one type to throw; "
                        + "convert by hand")
        }
        let throwsAsWell = function.throwsClause != nil
        // A function that also returns a handle (a task, a request, something to cancel) keeps its body for
        // the callers that use it; the async version, converted from the same body, drops the handle, and
        // cancelling its Task is the async way to cancel. Another value would be lost to its callers.
        let returnsHandle = function.returnType != nil
        if let returned = function.returnType, !isHandle(returned, of: function) {
            throw refuse(
                declaration.name, "returns a value",
                "it returns `\(returned.source)` as well as calling the handler: the async version would have "
                    + "nothing to return it through; convert by hand")
        }
        let modifiers = declaration.modifiers.map(\.name.text)
        if modifiers.contains("override") {
            throw refuse(
                declaration.name, "override",
                "it overrides a superclass method: an async version must start at the method it overrides")
        }
        // Only an `open` class can be subclassed in another module.
        if modifiers.contains("open"),
            codebase.types(named: function.context.typePath.split(separator: ".").last.map(String.init) ?? "")
                .contains(where: { $0.accessLevel == "open" })
        {
            throw refuse(
                declaration.name, "open",
                "it is `open`: subclasses in other modules may override it, and an async version would skip their "
                    + "overrides; convert by hand")
        }
        if modifiers.contains("mutating") {
            throw refuse(declaration.name, "mutating", "it is `mutating`, and a Task cannot capture `inout self`")
        }
        let owner = function.context.typePath.split(separator: ".").last.map(String.init) ?? ""
        // A protocol's default implementation: conformers may implement the requirement themselves, and an async
        // version in the extension, no requirement, would never reach theirs.
        if function.context.typeKind == "extension",
            codebase.types(named: owner).contains(where: { $0.kind == "protocol" }),
            let requirement = codebase.functions(named: function.name).first(where: { other in
                let requirement = codebase.function(other)
                let type = requirement.context.typePath.split(separator: ".").last.map(String.init) ?? ""
                return requirement.context.typeKind == "protocol" && requirement.fullName == function.fullName
                    && codebase.family(of: owner).contains(type)
                    // Of overloads that differ only in their handler, the one this implements.
                    && codebase.sameValueType(
                        codebase.handler(other)?.valueType, in: requirement.context.typePath,
                        codebase.handler(key)?.valueType, in: function.context.typePath)
            })
        {
            throw refuse(
                declaration.name, "default implementation",
                "it is `\(owner)`'s default implementation of a requirement: an async version in the extension would "
                    + "not reach the conformers' own implementations; \(wrapRemedy(for: requirement))"
            )
        }
        if !owner.isEmpty,
            let overriding = codebase.functions(named: function.name).first(where: { other in
                let candidate = codebase.function(other)
                guard other != key, candidate.otherModifiers.contains("override"),
                    candidate.parameters.map(\.label) == function.parameters.map(\.label)
                else { return false }
                let type = candidate.context.typePath.split(separator: ".").last.map(String.init) ?? ""
                return codebase.family(of: type, includingItself: false).contains(owner)
            })
        {
            let subclass = codebase.function(overriding).context.typePath
            throw refuse(
                declaration.name, "overridden",
                "`\(subclass)` overrides it: the async version would skip that override; convert both by hand")
        }
        if codebase.overridesForeignMethod(key) {
            throw refuse(declaration.name, "override", "it implements another module's requirement")
        }
        // A delegate's or data source's method: the framework calls it, and an async version beside it may
        // clash with the requirement's own async form (an Objective-C protocol's has the same selector).
        if !["private", "fileprivate"].contains(function.accessLevel ?? ""),
            let found = codebase.frameworkRequirement(key)
        {
            throw refuse(
                declaration.name, "framework requirement",
                "\(found.why), and its type conforms to `\(found.conformance)`, declared outside the codebase: it "
                    + "may implement that protocol's requirement, whose async form an async version beside it "
                    + "would clash with or shadow; convert by hand (or pass --context with the protocol's "
                    + "declaration)")
        }
        // The generated code says `any Error` and `Result<T, Error>` for Swift's; the handler's `Error` may be
        // the codebase's, a typed failure the tool would take for an untyped one.
        if let own = codebase.ownErrorType(visibleFrom: function) {
            throw refuse(
                declaration.name, "own Error",
                "the codebase declares `\(own)`, which `Error` names here instead of `Swift.Error`, in its handler "
                    + "and in the code the tool would write: convert by hand (or rename it)")
        }
        // Under `@objcMembers` (its class's or a superclass's) or in an `@objc extension`, the async version is
        // `@objc` too, and its selector (`goWithId:completionHandler:`) is the old method's.
        func exposesMembers(_ type: String) -> Bool {
            codebase.types(named: type).contains { $0.kind == "class" && $0.attributes.contains("@objcMembers") }
        }
        if function.parameters.last?.label == "completionHandler",
            handler.parameterIndex == function.parameters.count - 1,
            function.context.typeKind == "extension" && function.context.typeAttributes.contains("@objc")
                || codebase.family(of: owner).contains(where: exposesMembers)
        {
            throw refuse(
                declaration.name, "name taken",
                "its type exposes its methods to Objective-C (`@objcMembers` or an `@objc extension`), where the async "
                    + "version's selector would be the old method's (`…completionHandler:`): rename the handler's "
                    + "label, or mark one `@nonobjc`, first")
        }
        if case .function(_, _, _, _, let attributes)? = handler.valueType, attributes.contains("autoclosure") {
            throw refuse(
                declaration.name, "handler shape",
                "its handler takes an `@autoclosure`, which an async version cannot return: convert by hand")
        }
        switch handler.shape {
        case .valueAndError:
            throw refuse(
                declaration.name, "handler shape",
                "its handler takes a non-optional value even with an error: the wrapper would have none to pass")
        case .other:
            throw refuse(declaration.name, "handler shape", "its handler's shape has no async form")
        case .successAndFailure:
            // The async version throws untyped; the wrapper can pass what it catches to `Error` or `NSError`.
            if let failureIndex = handler.failureParameterIndex,
                case .function(let parameters, _, _, _, _) = codebase.aliases.expand(
                    function.parameters[failureIndex].type, in: function.context.typePath
                ).withoutOptional,
                let written = parameters.first?.withoutOptional,
                !CallConverter.untypedError.contains(written.source), written.simpleName != "NSError"
            {
                throw refuse(
                    declaration.name, "handler shape",
                    "its failure closure takes `\(written.source)`, not any error: the async version would throw "
                        + "untyped, and the wrapper could not pass on what it catches; convert by hand")
            }
        default: break
        }
        let kept = function.parameters.indices.filter { !handler.covers($0) }
        // ownCloud's `scheduleTasks(fetchCompletion:completion:)`: which one completes the work?
        if let other = kept.map({ function.parameters[$0] }).first(where: { parameter in
            guard case .function = parameter.type.withoutOptional else { return false }
            let name = parameter.name.lowercased()
            return name.contains("completion") || name.hasSuffix("handler")
        }) {
            throw refuse(
                declaration.name, "handler shape",
                "it takes another completion closure, `\(other.name)`, besides its handler: the tool cannot tell which "
                    + "one says the work is done; convert by hand")
        }
        if handler.isDefaulted(in: function), let site = callsOmittingHandler[key] {
            throw refuse(
                declaration.name, "defaulted handler",
                "its handler has a default, and async code calls it without one (\(site)): that call would now "
                    + "reach the async version; pass the handler there, or convert the call, first")
        }
        if handler.isDefaulted(in: function) {
            let finder = SelfCallFinder(
                name: function.name, handlerLabels: Set(handler.indexes.map { function.parameters[$0].label }))
            finder.walk(body)
            if let call = finder.omittingHandler.first {
                throw refuse(
                    call, "defaulted handler",
                    "it calls itself here without its handler, which has a default: in the async version this call "
                        + "would reach the async version: pass the handler, or convert by hand")
            }
        }
        // `net.warm(text: x)`, leaving out a defaulted handler: in the async version it would reach the callee's
        // async version, unawaited.
        let facts = codebase.files[fileIndex]
        for call in facts.calls where call.enclosingFunction == key.index && call.trailingClosureLabels.isEmpty {
            guard let (_, targets) = codebase.resolve(call, inFile: fileIndex) else { continue }
            for target in targets where target != key {
                let callee = codebase.function(target)
                guard let calleeHandler = codebase.handler(target), calleeHandler.isDefaulted(in: callee),
                    !calleeHandler.indexes.contains(where: {
                        call.argumentLabels.contains(callee.parameters[$0].label)
                    }),
                    codebase.asyncVariant(of: target) != nil
                else { continue }
                throw refuse(
                    declaration.name, "defaulted handler",
                    "it calls `\(callee.fullName)` without its handler (line \(call.line)), which has a default: in the "
                        + "async version that call would reach `\(callee.name)`'s async version; pass the handler, or "
                        + "convert by hand")
            }
        }
        // A generic parameter that appears only in the handler: the wrapper's call names it by saying what it
        // returns (`as (I, Self)`).
        let coercesResult =
            handler.valueType.map {
                !$0.referencedNames.intersection(function.genericParameterNames)
                    .subtracting(kept.flatMap { function.parameters[$0].type.referencedNames }).isEmpty
            } ?? false
        // A synchronous `value(for:)` beside a new `value(for:) async` (in the type, a superclass, a
        // subclass, or a protocol it conforms to), or another callback overload that would get the same
        // async name: async code calling it would get the new function, or the two would clash.
        func checkNameFree(_ kept: [Int]) throws(FunctionRefusal) {
            if let taken = nameClash(for: key, keeping: kept) {
                throw refuse(
                    declaration.name, "name taken",
                    "`\(codebase.function(taken).fullName)` is declared already (\(codebase.function(taken).context.typePath), "
                        + "line \(codebase.function(taken).line) of \(codebase.files[taken.file].path.split(separator: "/").last ?? "")); "
                        + "an async `\(function.name)` with these labels would clash with it (a call may leave out "
                        + "defaulted arguments), or take over its calls in async code: rename one first")
            }
        }
        try checkNameFree(kept)
        if let type = caseClash(for: key) {
            throw refuse(
                declaration.name, "name taken",
                "`\(type)` has a case named `\(function.name)`: a static async `\(function.name)` beside it would make "
                    + "`\(function.name)(…)` ambiguous where the arguments fit both: rename one first")
        }
        if SharedLine.found(around: declaration, converter: converter) {
            throw refuse(
                declaration.name, "shared line",
                "other code or a comment shares a line with the declaration: put the declaration on lines of its own")
        }
        let syntaxParameters = Array(declaration.signature.parameterClause.parameters)
        for index in kept {
            let parameter = function.parameters[index]
            if parameter.isVariadic || parameter.specifier != nil || syntaxParameters[index].secondName?.text == "_"
                || (syntaxParameters[index].secondName == nil && parameter.label == "_")
            {
                throw refuse(
                    syntaxParameters[index], "parameter",
                    "parameter `\(syntaxParameters[index].trimmedDescription)` cannot be passed on from the wrapper "
                        + "(variadic, inout, autoclosure or unnamed)")
            }
        }
        // A stub (a test double's requirement): nothing to convert, and nothing to fix.
        if body.statements.isEmpty {
            throw refuse(
                declaration.name, "empty body",
                "its body is empty, so it never calls the handler (a stub?): an async version could never return; "
                    + "leave it as it is")
        }
        let handlerNames = HandlerBodyRewriter.handlerNames(of: function, handler: handler)
        if let hiding = HandlerShadowFinder.find(in: body, names: handlerNames) {
            throw refuse(
                hiding, "handler hidden",
                "`\(hiding.text)` is declared here too, and hides the handler: the tool cannot tell which calls are "
                    + "the handler's; rename it first")
        }
        let indent = CallConverter.indentation(before: declaration.leadingTrivia)
        func rewrite(widening: Bool) throws(FunctionRefusal) -> (HandlerBodyRewriter, HandlerBodyRewriter.Rewritten) {
            let rewriter = HandlerBodyRewriter(
                codebase: codebase, fileIndex: fileIndex, converter: converter, function: function, handler: handler)
            if widening, rewriter.typedFailure != nil { rewriter.widenedFailure = rewriter.typedFailure }
            rewriter.returnsHandle = returnsHandle
            if returnsHandle { rewriter.onlyReturned = ReturnedNameFinder.namesOnlyReturned(in: body) }
            rewriter.bodyBindings = IdentifierFinder.bound(in: body)
            rewriter.cycleVersions = cycleVersions.filter { $0.key != key }
            var scope = HandlerBodyRewriter.Scope()
            scope.declared = Set(kept.map { function.parameters[$0].name })
            for index in kept
            where !(function.parameters[index].type != function.parameters[index].type.withoutOptional) {
                scope.nonOptional.insert(function.parameters[index].name)
            }
            return (rewriter, try rewriter.block(Array(body.statements), scope: scope, indent: indent + "    "))
        }
        // An awaited call that throws another type than the handler's typed failure: the async version throws
        // untyped, beside the old function kept as it is (a wrapper could not turn any error into the type).
        let rewriter: HandlerBodyRewriter
        let rewritten: HandlerBodyRewriter.Rewritten
        do throws(FunctionRefusal) {
            // (`Result<T, Never>` keeps `throws(Never)`, which such a package cannot read: refused below.)
            (rewriter, rewritten) = try rewrite(
                widening: untypedOnly
                    && HandlerBodyRewriter.typedFailure(of: handler, in: function, codebase: codebase) != "Never")
        } catch  where error.kind == "typed failure" {
            (rewriter, rewritten) = try rewrite(widening: true)
        }
        if rewritten.exit != .always {
            throw refuse(
                body.rightBrace, "a path without the handler",
                "on some path the function ends here without calling the handler: call it on every path first")
        }
        // The old function keeps its body when the async version drops its handle, or keeps a queue hop or
        // a task: its callers still start the work before it returns, in their order, and get the handle.
        // So it does when it calls the handler before it returns, itself or through a callee that does (a
        // wrapper would call it later, from a task), and when the async version's errors are wider than the
        // handler's.
        let synchronous =
            rewriter.awaitsHandlerCalledAtOnce || codebase.handlerMayActAtOnce(key)
            || !DirectCallFinder.parametersCalled(in: body, among: rewriter.handlerNames).isEmpty
            || (rewriter.awaited.isEmpty && rewriter.deliveries != [.mainQueue])
        // Below concurrency's platform floor, the wrapper's `Task` would need an `@available` of its own.
        let floor = needsFloor(concurrencyFloor, function: function, variants: rewriter.availability)
        // An async version more available than the old function: the wrapper could not call it.
        let written = Set(declaration.attributes.map { $0.trimmedDescription.filter { !$0.isWhitespace } })
        let newAvailability = (rewriter.availability + (floor.map { [$0] } ?? [])).contains {
            !written.contains($0.filter { !$0.isWhitespace })
        }
        // A function on a call cycle keeps its body too: whether it calls its handler before it returns
        // depends on the others, which this conversion cannot see (`parametersActingAtOnce` is per body).
        let keepsBody =
            returnsHandle || rewriter.bridgesClosure || synchronous || rewriter.widenedFailure != nil
            || rewriter.dropsDeliveryQueue || rewriter.awaitsMainDelivery || newAvailability
            || cycleVersions[key] != nil
            // Its callers catch what it throws before it returns; a wrapper could only hand that to the handler.
            || throwsAsWell
            || !wrapperIsSendable(function, handler: handler, kept: kept)
            // `completion?(counter.next())` computed nothing when no handler was passed.
            || OptionalHandlerCallFinder.computesArgument(in: body, handlerNames: rewriter.handlerNames)
        if rewriter.deliveries.count > 1, !keepsBody {
            throw refuse(
                declaration.name, "delivery queue",
                "it calls the handler on the main queue on some paths and not on others: hop on every path, or none")
        }
        let onMainQueue = rewriter.deliveries == [.mainQueue]
        if returnsHandle, rewriter.awaited.isEmpty {
            throw refuse(
                declaration.name, "returns a value",
                "it returns `\(function.returnType?.source ?? "")` as well as calling the handler, and awaits "
                    + "nothing: an async version beside it would only repeat it; convert by hand")
        }
        var bodyLines = rewritten.lines
        while bodyLines.last?.isEmpty == true { bodyLines.removeLast() }
        if let blocking = BlockingCallFinder.find(inAsyncBody: bodyLines.joined(separator: "\n")) {
            throw refuse(
                BlockingCallFinder.call(blocking, in: body).map(Syntax.init) ?? Syntax(declaration.name),
                "blocking call",
                "`\(blocking)` would run in the async version's own code: Swift 6 rejects a lock's and a "
                    + "condition's calls and `Thread.sleep` there (`noasync`), and a semaphore's or a group's wait "
                    + "there holds a thread of the cooperative pool; \(BlockingCallFinder.remedy(for: blocking))")
        }
        if handler.valueType?.isVoid ?? true, bodyLines.last == "\(indent)    return" { bodyLines.removeLast() }
        while bodyLines.last?.isEmpty == true { bodyLines.removeLast() }
        // Only returns of what does no work (`return`, `return name`, `return 42`): computing counts as work.
        let readsOnly = /^(return|return [A-Za-z_][A-Za-z0-9_.]*|return [0-9.]+|return "[^"\\]*")?$/
        if bodyLines.allSatisfy({ line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("//") || trimmed.wholeMatch(of: readsOnly) != nil
        }),
            rewriter.awaited.isEmpty
        {
            let advice =
                onMainQueue
                ? "callers can `await MainActor.run` instead"
                : function.forwarding != nil
                    ? "a caller that hands it its own handler converts that call into what it passes"
                    : "callers can use what it passes directly"
            throw refuse(
                declaration.name, "nothing to do",
                "it only calls the handler, \(onMainQueue ? "on the main queue" : "before it returns"): an async "
                    + "version would do nothing; \(advice)")
        }

        // A queue the handler was delivered on that the async version no longer uses: it returns to its
        // caller instead. The kept old function still delivers there; a wrapper passes on only what the
        // async version takes, so there only a queue the old body never used goes.
        let oldLines = body.statements.description.split(separator: "\n").map(String.init)
        let asyncKept = kept.filter { index in
            let parameter = function.parameters[index]
            return !parameter.isQueue
                || (keepsBody ? bodyLines : oldLines).contains { ClosureInliner.mentions($0, parameter.name) }
        }
        // A call of itself, or of it from its call cycle, awaits the version `ownAsyncVersion` planned: no
        // delivery queue, and the handler's own error type.
        if rewriter.callsItself || cycleVersions[key] != nil,
            asyncKept != kept.filter({ !NestedCallRewriter.isDeliveryQueue(function.parameters[$0]) })
                || rewriter.widenedFailure != nil || throwsAsWell
        {
            let caller = rewriter.callsItself ? "it calls itself" : "a function on its call cycle calls it"
            throw refuse(
                declaration.name, "recursion",
                rewriter.widenedFailure != nil || throwsAsWell
                    ? "\(caller), and its async version throws more than its handler's error type: "
                        + "convert it by hand"
                    : "\(caller), and its async version's parameters are not those the call passes (a queue it "
                        + "delivers on): convert it by hand")
        }
        if asyncKept != kept { try checkNameFree(asyncKept) }
        let droppedNames = Set(kept.filter { !asyncKept.contains($0) }.map { function.parameters[$0].name })
        let asyncName = "\(function.name)(\(asyncKept.map { "\(function.parameters[$0].label):" }.joined()))"
            .replacingOccurrences(of: "`", with: "")
        let start = converter.location(for: declaration.positionAfterSkippingLeadingTrivia).line
        let end = converter.location(for: declaration.endPositionBeforeTrailingTrivia).line
        let header = declaration.with(\.body, nil).with(\.leadingTrivia, []).trimmedDescription
        var lines = ["\(indent)@available(*, renamed: \"\(asyncName)\")"]
        if keepsBody {
            let original = declaration.with(\.leadingTrivia, []).trimmedDescription
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines += [indent + original[0]] + original.dropFirst() + [""]
        } else {
            lines.append("\(indent)\(header) {")
            lines += wrapperBody(
                function: function, handler: handler, kept: asyncKept, onMainQueue: onMainQueue,
                typedFailure: rewriter.typedFailure, mainActor: rewriter.runsOnMainActor, coercesResult: coercesResult,
                indent: indent + "    ")
            lines += ["\(indent)}", ""]
        }
        lines += docComment(
            declaration, dropping: rewriter.handlerNames.union(droppedNames), returns: !returnsHandle, indent: indent)
        lines.append(
            indent
                + asyncSignature(
                    declaration, function: function, handler: handler, kept: asyncKept, canThrow: rewriter.canThrow,
                    typedFailure: rewriter.typedFailure, mainActor: rewriter.runsOnMainActor,
                    availability: rewriter.availability + (floor.map { [$0] } ?? []), indent: indent)
                + " {")
        lines += bodyLines
        lines.append("\(indent)}")
        if Self.needsBlankLineAfter(declaration) { lines.append("") }
        return FunctionConversion(
            startLine: start, endLine: end, replacement: lines, function: function.fullName, asyncName: asyncName,
            availability: rewriter.availability + (floor.map { [$0] } ?? []))
    }

    /// Whether code follows the declaration on the next line: the async version written below it then
    /// needs a blank line before that code, as the wrapper has before the async version.
    static func needsBlankLineAfter(_ declaration: FunctionDeclSyntax) -> Bool {
        guard let next = declaration.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate),
            ![.endOfFile, .rightBrace, .poundElse, .poundElseif, .poundEndif].contains(next.tokenKind)
        else { return false }
        var newlines = 0
        for piece in next.leadingTrivia {
            switch piece {
            case .newlines(let count), .carriageReturnLineFeeds(let count), .carriageReturns(let count):
                newlines += count
            case .spaces, .tabs:
                continue
            default:
                return newlines < 2
            }
        }
        return newlines < 2
    }

    /// `throws` clauses that throw any error, spaces removed.
    static let untypedThrows: Set<String> = [
        "throws", "throws(Error)", "throws(anyError)", "throws(Swift.Error)", "throws(anySwift.Error)",
    ]

    /// `floor` (the project's platforms start below concurrency's), unless what the function, its type,
    /// or an awaited variant states covers every Apple platform at concurrency's floor already.
    private func needsFloor(_ floor: String?, function: FunctionRecord, variants: [String]) -> String? {
        guard let floor else { return nil }
        let stated = function.attributes + function.context.typeAttributes + variants
        return DeploymentFloor.covered(by: stated) ? nil : floor
    }

    /// Whether `type` is a handle to the work: named as one (`URLSessionDataTask`, `DataRequest`,
    /// `Cancellable`, `CancellableToken`, `Operation`), a type of the codebase with a `cancel()`, or the
    /// function's own type (a fluent request). A closure that cancels counts too.
    private func isHandle(_ type: TypeRef, of function: FunctionRecord) -> Bool {
        var type = type.withoutOptional
        if case .existential(let inner) = type { type = inner }
        if case .function(let parameters, let result, _, _, _) = type { return parameters.isEmpty && result.isVoid }
        guard let name = type.simpleName else {
            if case .other(let text) = type {
                return text.hasPrefix("some ") && isHandleName(String(text.dropFirst(5)))
            }
            return false
        }
        if name == "Self" || name == function.context.typePath.split(separator: ".").last.map(String.init) {
            return true
        }
        if isHandleName(name) { return true }
        // Foundation's `Progress` reports a request's progress and cancels it (`cancel()`).
        if codebase.isFoundationProgress(type, of: function) { return true }
        return codebase.functions(named: "cancel").contains {
            codebase.function($0).context.typePath.split(separator: ".").last.map(String.init) == name
        }
    }

    private func isHandleName(_ name: String) -> Bool {
        name.contains("Cancel")
            || ["Task", "TaskProtocol", "Request", "Operation", "Handle", "Subscription"].contains {
                name.hasSuffix($0)
            }
    }

    // MARK: The async function

    private func asyncSignature(
        _ declaration: FunctionDeclSyntax, function: FunctionRecord, handler: HandlerInfo, kept: [Int], canThrow: Bool,
        typedFailure: String?, mainActor: Bool, availability: [String], indent: String
    ) -> String {
        let attributes = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }
            .filter { !["objc", "discardableResult", "IBAction"].contains($0.attributeName.trimmedDescription) }
            .filter { attribute in
                // Platform availability stays; a rename or deprecation is about the callback version.
                attribute.attributeName.trimmedDescription != "available"
                    || !["renamed", "deprecated", "obsoleted", "unavailable", "noasync"].contains {
                        attribute.trimmedDescription.contains($0)
                    }
            }
            .map(\.trimmedDescription)
        let modifiers = declaration.modifiers.filter { !["dynamic", "optional"].contains($0.name.text) }
            .map(\.trimmedDescription)
        let parameters = Array(declaration.signature.parameterClause.parameters)
        let keptText = kept.map { index in
            parameters[index].with(\.trailingComma, nil).trimmedDescription
                .replacingOccurrences(of: "\n", with: " ")
        }
        let isolation = mainActor && !attributes.contains("@MainActor") ? ["@MainActor"] : []
        // What the awaited variants need, unless the declaration says it already, on lines of their own.
        let written = Set(attributes.map { $0.filter { !$0.isWhitespace } })
        let needed = availability.filter { !written.contains($0.filter { !$0.isWhitespace }) }
        var text = needed.map { $0 + "\n" + indent }.joined()
        text += (attributes + isolation + modifiers).map { $0 + " " }.joined()
        text += "func \(declaration.name.text)\(declaration.genericParameterClause?.trimmedDescription ?? "")"
        text += "(\(keptText.joined(separator: ", "))) async"
        if canThrow { text += typedFailure.map { " throws(\($0))" } ?? " throws" }
        if let value = handler.valueType, !value.isVoid { text += " -> \(value.asValue.source)" }
        if let whereClause = declaration.genericWhereClause { text += " \(whereClause.trimmedDescription)" }
        return text
    }

    /// The declaration's `///` lines, less those about the handler (and, for a function whose handle the
    /// async version drops, what it returns).
    private func docComment(
        _ declaration: FunctionDeclSyntax, dropping names: Set<String>, returns: Bool, indent: String
    ) -> [String] {
        var lines: [String] = []
        for piece in declaration.leadingTrivia {
            if case .docLineComment(let text) = piece {
                if names.contains(where: { ClosureInliner.mentions(text, $0) }) { continue }
                if !returns, text.lowercased().contains("- returns:") { continue }
                lines.append(indent + text)
            }
        }
        return lines
    }

    // MARK: The wrapper

    private func wrapperBody(
        function: FunctionRecord, handler: HandlerInfo, kept: [Int], onMainQueue: Bool, typedFailure: String?,
        mainActor: Bool, coercesResult: Bool, indent: String
    ) -> [String] {
        let names = Set(function.parameters.map(\.name))
        let value = ["value", "asyncValue", "convertedValue"].first { !names.contains($0) } ?? "value_"
        // A handler named `error` is hidden by a plain `catch`'s `error`.
        let error = ["error", "caughtError", "asyncError"].first { !names.contains($0) } ?? "error_"
        let arguments = kept.map { index in
            let parameter = function.parameters[index]
            return parameter.label == "_" ? parameter.name : "\(parameter.label): \(parameter.name)"
        }.joined(separator: ", ")
        // A parameter named as the function (`task(_ task:…)`) hides the method: name it through `self`.
        let shadowed = function.parameters.contains { $0.name == function.name }
        let receiver = shadowed ? (function.isStatic ? "Self." : "self.") : ""
        let returned = handler.valueType.flatMap { $0.isVoid ? nil : $0.source } ?? "Void"
        let call = "\(receiver)\(function.name)(\(arguments))" + (coercesResult ? " as \(returned)" : "")
        let handlerParameter = function.parameters[handler.parameterIndex]
        let optionalMark = handlerParameter.type != handlerParameter.type.withoutOptional ? "?" : ""
        let completion = handlerParameter.name + optionalMark
        func deliver(_ text: String) -> String {
            onMainQueue ? "DispatchQueue.main.async { \(text) }" : text
        }
        let isVoid = handler.valueType?.isVoid ?? true
        let awaitValue = isVoid ? "try await \(call)" : "let \(value) = try await \(call)"
        let inner = indent + "    "
        var body: [String]
        switch handler.shape {
        case .value, .none:
            let awaited = isVoid ? "await \(call)" : "let \(value) = await \(call)"
            let argument = handler.shape == .none ? "" : (isVoid ? "()" : value)
            body = [awaited, deliver("\(completion)(\(argument))")]
        case .result:
            body = doCatch(
                [awaitValue, deliver("\(completion)(.success(\(isVoid ? "()" : value)))")],
                [deliver("\(completion)(.failure(\(error)))")], caught: error,
                head: typedFailure.map { "do throws(\($0)) {" })
        case .optionalValueAndError:
            body = doCatch(
                [awaitValue, deliver("\(completion)(\(value), nil)")], [deliver("\(completion)(nil, \(error))")],
                caught: error)
        case .optionalError:
            body = doCatch(
                [awaitValue, deliver("\(completion)(nil)")], [deliver("\(completion)(\(error))")], caught: error)
        case .twoValuesAndError:
            body = doCatch(
                [awaitValue, deliver("\(completion)(\(value).0, \(value).1, nil)")],
                [deliver("\(completion)(nil, nil, \(error))")], caught: error)
        case .successAndFailure:
            let failureIndex = handler.failureParameterIndex ?? handler.parameterIndex
            let failureParameter = function.parameters[failureIndex]
            let failure =
                failureParameter.name + (failureParameter.type != failureParameter.type.withoutOptional ? "?" : "")
            let successArguments: String
            switch handler.successArity {
            case 0: successArguments = ""
            case 1: successArguments = value
            default: successArguments = (0..<handler.successArity).map { "\(value).\($0)" }.joined(separator: ", ")
            }
            let errorType = NestedCallRewriter.errorType(of: function, parameter: failureIndex, codebase: codebase)
            let passed = errorType == .nsError || errorType == .optionalNSError ? "\(error) as NSError" : error
            let success = handler.successArity == 0 ? "try await \(call)" : "let \(value) = try await \(call)"
            body = doCatch(
                [success, deliver("\(completion)(\(successArguments))")], [deliver("\(failure)(\(passed))")],
                caught: error)
        case .valueAndError, .other:
            body = []
        }
        // A codebase with a `Task` type of its own (a to-do app's model) hides Swift's.
        let task = codebase.types(named: "Task").isEmpty ? "Task" : "_Concurrency.Task"
        // The old body's `Task { @MainActor in … }` called the handler on the main actor; so does this one.
        let head = mainActor ? "\(task) { @MainActor in" : "\(task) {"
        return ["\(indent)\(head)"] + body.map { inner + $0 } + ["\(indent)}"]
    }

    private func doCatch(_ success: [String], _ failure: [String], caught: String, head: String? = nil) -> [String] {
        let catchHead = caught == "error" ? "} catch {" : "} catch let \(caught) {"
        return [head ?? "do {"] + success.map { "    " + $0 } + [catchHead] + failure.map { "    " + $0 } + ["}"]
    }
}

/// Every function declaration of a file.
final class FunctionDeclarationFinder: SyntaxVisitor {
    private(set) var declarations: [FunctionDeclSyntax] = []

    static func find(in tree: SourceFileSyntax) -> [FunctionDeclSyntax] {
        let finder = FunctionDeclarationFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.declarations
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.append(node)
        return .visitChildren
    }
}
