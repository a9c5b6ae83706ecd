import SwiftSyntax

/// Closures the platform runs exactly once: a hop onto a dispatch queue (`queue.async { … }`,
/// `queue.asyncAfter(deadline: …) { … }`, and `queue.sync { … }`, at once), a URLSession task's completion
/// (`session.dataTask(with: request) { … }.resume()`), and a web socket task's `send` or `receive`. The
/// async version keeps the hop, or the task,
/// and waits for it with a checked continuation, which the closure resumes exactly once with what the
/// handler would have been given; the work still runs on its queue. The old function keeps its body, so
/// that its callers still start the work before it returns, in their order (a serial queue's).
///
/// ```swift
/// // before
/// func save(_ data: Data, to url: URL, completion: @escaping (Error?) -> Void) {
///     queue.async {
///         do {
///             try data.write(to: url)
///             completion(nil)
///         } catch {
///             completion(error)
///         }
///     }
/// }
/// // after: the async version
/// func save(_ data: Data, to url: URL) async throws {
///     try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
///         queue.async {
///             continuation.resume(with: Swift.Result { () throws -> Void in
///                 do {
///                     try data.write(to: url)
///                     return
///                 } catch {
///                     throw error
///                 }
///             })
///         }
///     }
/// }
/// ```
extension HandlerBodyRewriter {
    /// A call whose closure runs exactly once (later, or for `sync` before the call returns).
    struct KnownOnceClosure {
        /// The statement: the hop, or the task's `.resume()`.
        let statement: FunctionCallExprSyntax
        /// The call that takes the closure (`queue.async`, `session.dataTask(with:)`).
        let call: FunctionCallExprSyntax
        let closure: ClosureExprSyntax
        /// The queue is the main one, so the old handler ran there.
        let onMainQueue: Bool
        /// `DispatchQueue.async`, `URLSession.dataTask`: what the async version awaits.
        let apiName: String
        /// `task` of `let task = session.dataTask(with: r) { … }; task.resume()`.
        var boundName: String? = nil
    }

    static let dispatchLabels: [String: Set<String>] = [
        "async": ["group", "qos", "flags"], "asyncAfter": ["deadline", "wallDeadline", "qos", "flags"],
        "sync": ["flags"],
    ]
    static let taskNames: Set<String> = ["dataTask", "uploadTask", "downloadTask"]

    /// `statement` as a hop onto a dispatch queue or a resumed URLSession task, when it is one: the
    /// receiver is the platform's type for certain, never optional, and the codebase declares no method
    /// the call could reach instead.
    func knownOnceClosure(_ statement: FunctionCallExprSyntax) -> KnownOnceClosure? {
        if let member = statement.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let allowed = Self.dispatchLabels[member.declName.baseName.text], let closure = statement.trailingClosure,
            statement.additionalTrailingClosures.isEmpty,
            statement.arguments.allSatisfy({ $0.label.map { allowed.contains($0.text) } ?? false }),
            ["async", "sync"].contains(member.declName.baseName.text)
                || statement.arguments.contains(where: { ["deadline", "wallDeadline"].contains($0.label?.text) })
        {
            let receiver = base.trimmedDescription
            guard !Self.isOptionallyChained(base),
                receiverIs(
                    "DispatchQueue", call: statement, member: member,
                    writtenAsType: Self.isPlatformQueue(receiver) || isDeclaredQueue(receiver))
            else { return nil }
            return KnownOnceClosure(
                statement: statement, call: statement, closure: closure, onMainQueue: receiver == "DispatchQueue.main",
                apiName: "DispatchQueue.\(member.declName.baseName.text)")
        }
        if let socket = webSocketCall(statement) { return socket }
        guard let resume = statement.calledExpression.as(MemberAccessExprSyntax.self),
            resume.declName.baseName.text == "resume", statement.arguments.isEmpty, statement.trailingClosure == nil,
            let call = resume.base?.as(FunctionCallExprSyntax.self)
        else { return nil }
        return sessionTask(call, statement: statement)
    }

    /// `task.send(message) { error in … }` or `task.receive { result in … }` on a `URLSessionWebSocketTask`
    /// (declared so by the file: a parameter, property or local), whose closure runs once per call.
    func webSocketCall(_ statement: FunctionCallExprSyntax) -> KnownOnceClosure? {
        guard let member = statement.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let closure = statement.trailingClosure, statement.additionalTrailingClosures.isEmpty,
            !Self.isOptionallyChained(base)
        else { return nil }
        let name = member.declName.baseName.text
        switch name {
        case "send": guard statement.arguments.count == 1, statement.arguments.first?.label == nil else { return nil }
        case "receive": guard statement.arguments.isEmpty else { return nil }
        default: return nil
        }
        guard receiverIs("URLSessionWebSocketTask", call: statement, member: member, writtenAsType: false) else {
            return nil
        }
        return KnownOnceClosure(
            statement: statement, call: statement, closure: closure, onMainQueue: false,
            apiName: "URLSessionWebSocketTask.\(name)")
    }

    /// Platform methods that call the closure they are handed once, by name: the labels of the
    /// arguments before the closure (any of them may be left out), and the closure's label.
    static let handOnTargets: [String: (type: String, before: [String], closure: String)] = [
        "sendPing": ("URLSessionWebSocketTask", [], "pongReceiveHandler"),
        "send": ("URLSessionWebSocketTask", ["_"], "completionHandler"),
        "receive": ("URLSessionWebSocketTask", [], "completionHandler"),
        "async": ("DispatchQueue", ["group", "qos", "flags"], "execute"),
        "asyncAfter": ("DispatchQueue", ["deadline", "wallDeadline", "qos", "flags"], "execute"),
    ]

    /// `task.sendPing(pongReceiveHandler: completion)`, `queue.asyncAfter(deadline: d, execute: completion)`:
    /// the handler handed as it is to a platform method that calls it once. Its name, or nil.
    func platformHandOn(_ call: FunctionCallExprSyntax) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty, !Self.isOptionallyChained(base),
            let target = Self.handOnTargets[member.declName.baseName.text], let last = call.arguments.last,
            last.label?.text == target.closure, last.expression.identifier == handlerName
        else { return nil }
        let others = call.arguments.dropLast()
        let labels = others.map { $0.label?.text ?? "_" }
        guard labels.allSatisfy(target.before.contains),
            !others.contains(where: { HandlerUseFinder.find(in: $0, names: [handlerName]).mentions }),
            // `asyncAfter` needs its deadline; a web socket's `send`, its message.
            member.declName.baseName.text != "asyncAfter"
                || labels.contains(where: ["deadline", "wallDeadline"].contains),
            member.declName.baseName.text != "send" || labels == ["_"],
            receiverIs(
                target.type, call: call, member: member,
                writtenAsType: Self.isPlatformQueue(base.trimmedDescription)
                    || isDeclaredQueue(base.trimmedDescription))
        else { return nil }
        return "\(target.type).\(member.declName.baseName.text)"
    }

    /// The handler handed on to a platform method that calls it once (`platformHandOn`): the call kept as
    /// written, awaited through a continuation that the handler, a local closure, resumes.
    func handedOnToPlatform(
        _ call: FunctionCallExprSyntax, apiName: String, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> Rewritten {
        guard Self.keptHandlerShapes.contains(handler.shape), !handlerIsOptional else {
            throw refuse(
                call, "handler stored or passed",
                "the handler is passed to `\(apiName)`, and the tool keeps such a call only for a non-optional "
                    + "handler of shape Result<T, E>, (Error?), (T) or (): convert by hand")
        }
        guard scope.isTail else {
            throw refuse(
                call, "code after a nested call",
                "code after this `\(apiName)` ran before the handler; awaiting it would run that code after: "
                    + "move that code before it")
        }
        if canThrow, scope.inDoCatch {
            throw refuse(
                call, "throw inside do",
                "this `\(apiName)` sits in a `do` block; its error would now go to that `catch`: move it out of "
                    + "the `do`")
        }
        // (`handlerResuming` refuses a value not known to be Sendable: it is sent into the continuation.)
        let continuation = continuationName(avoiding: scope.declared.union(IdentifierFinder.names(in: call)), at: call)
        let (head, _, tail) = continuationFrame(continuation, returns: scope.returnsAfter)
        var lines = ["\(indent)\(head)"]
        lines += try handlerResuming(continuation, in: call, scope: scope, indent: indent + "    ")
        lines += Self.movedLines(
            call.trimmedDescription, from: CallConverter.indentation(before: call.leadingTrivia), to: indent + "    ")
        lines.append("\(indent)\(tail)")
        noteAwaited(apiName)
        bridgesClosure = true
        return Rewritten(lines: lines, exit: .always)
    }

    /// `session.dataTask(with: r) { … }` (and upload and download tasks), resumed by `statement`.
    func sessionTask(_ call: FunctionCallExprSyntax, statement: FunctionCallExprSyntax?) -> KnownOnceClosure? {
        guard let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty,
            let first = call.arguments.first?.label?.text, ["with", "withResumeData"].contains(first)
        else { return nil }
        let name: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            Self.taskNames.contains(member.declName.baseName.text), let base = member.base
        {
            name = member.declName.baseName.text
            guard !Self.isOptionallyChained(base),
                receiverIs(
                    "URLSession", call: call, member: member,
                    writtenAsType: base.trimmedDescription == "URLSession.shared")
            else { return nil }
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
            Self.taskNames.contains(reference.baseName.text)
        {
            name = reference.baseName.text
            // Called on `self` in an extension of URLSession.
            guard function.context.typePath.split(separator: ".").last == "URLSession",
                !codebaseDeclaresType("URLSession"),
                record(of: call, name: name).map({ !codebaseDeclares($0) }) ?? false
            else { return nil }
        } else {
            return nil
        }
        return KnownOnceClosure(
            statement: statement ?? call, call: call, closure: closure, onMainQueue: false,
            apiName: "URLSession.\(name)")
    }

    /// `let task = session.dataTask(with: r) { … }` followed by `task.resume()`, where `task` is used
    /// nowhere else but in `return task`.
    func boundSessionTask(_ item: CodeBlockItemSyntax, next: CodeBlockItemSyntax?) -> KnownOnceClosure? {
        guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let binding = variable.bindings.first, binding.typeAnnotation == nil,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let resume = next?.expression?.as(FunctionCallExprSyntax.self), resume.arguments.isEmpty,
            resume.trailingClosure == nil, let member = resume.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "resume",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
            !IdentifierFinder.names(in: call).contains(name),
            var known = sessionTask(call, statement: nil)
        else { return nil }
        known.boundName = name
        return known
    }

    /// `DispatchQueue.main`, `DispatchQueue.global(…)`: the platform's queues, written as such (not a member a
    /// codebase's extension adds, `DispatchQueue.fake`, which may be another type).
    static func isPlatformQueue(_ receiver: String) -> Bool {
        receiver == "DispatchQueue.main" || receiver == "DispatchQueue.global()"
            || (receiver.hasPrefix("DispatchQueue.global(qos: .") && receiver.hasSuffix(")")
                && !receiver.dropFirst("DispatchQueue.global(qos: .".count).contains { "(,:".contains($0) })
    }

    /// `DispatchQueue.database`, a static property a codebase's extension declares as a `DispatchQueue`.
    private func isDeclaredQueue(_ receiver: String) -> Bool {
        guard receiver.hasPrefix("DispatchQueue.") else { return false }
        let name = String(receiver.dropFirst("DispatchQueue.".count))
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && codebase.propertyType(named: name, in: "DispatchQueue") == "DispatchQueue"
    }

    /// `queue?.async`, `self.session?.dataTask`: when the receiver is nil, nothing runs.
    static func isOptionallyChained(_ expression: ExprSyntax) -> Bool {
        if expression.is(OptionalChainingExprSyntax.self) { return true }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return isOptionallyChained(base)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return isOptionallyChained(call.calledExpression) }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
            return isOptionallyChained(unwrapped.expression)
        }
        return false
    }

    /// Whether the call's receiver is the platform's `type`: written as it (`DispatchQueue.main`), or
    /// declared so by the file (a property, or a local typed or initialized as it), and the codebase
    /// declares neither a type of that name nor a method of it that the call fits.
    private func receiverIs(
        _ type: String, call: FunctionCallExprSyntax, member: MemberAccessExprSyntax, writtenAsType: Bool
    ) -> Bool {
        guard let record = record(of: call, name: member.declName.baseName.text), !codebaseDeclaresType(type),
            !codebaseDeclares(record, in: type)
        else { return false }
        if writtenAsType { return true }
        // A property or parameter of the type may hold the codebase's subclass; `URLSession.shared` cannot.
        if codebaseSubclasses(type) { return false }
        // A name the function binds itself may hide the property the file's facts typed it by.
        let written = member.base?.trimmedDescription
        // A parameter of the type, which the body does not bind again.
        if let written, !bodyBindings.contains(written),
            let parameter = function.parameters.first(where: { $0.name == written })
        {
            return parameter.type.simpleName == type && parameter.type == parameter.type.withoutOptional
        }
        if let written, functionBinds(written) { return false }
        if let declared = record.receiverType { return declared == type }
        // A property of the type (no local or parameter hides it: checked above).
        guard let name = record.receiverName, let owner = record.enclosingType,
            written == "self.\(name)" || written == name
        else { return false }
        return codebase.propertyType(named: name, in: owner) == type
    }

    /// Whether a class of the codebase inherits from the platform's `type` (a test's mock session): its
    /// overrides may call a closure more than once, or never.
    private func codebaseSubclasses(_ type: String) -> Bool {
        codebase.files.contains { file in
            file.types.contains { declared in
                declared.kind == "class"
                    && declared.inheritedTypes.contains { $0.split(separator: ".").last.map(String.init) == type }
            }
        }
    }

    /// Whether the codebase declares a type (not an extension) named `name`.
    private func codebaseDeclaresType(_ name: String) -> Bool {
        codebase.types(named: name).contains { $0.kind != "extension" }
    }

    /// Whether the function binds `name` itself: a parameter, or a name its body declares.
    private func functionBinds(_ name: String) -> Bool {
        function.parameters.contains { $0.name == name } || bodyBindings.contains(name)
    }

    private func record(of call: FunctionCallExprSyntax, name: String) -> CallRecord? {
        let line = line(of: call)
        let records = codebase.files[fileIndex].calls.filter { $0.line == line && $0.name == name }
        return records.count == 1 ? records.first : nil
    }

    /// Whether the codebase declares a function the call fits: a method of `type` (the platform's type, which
    /// an extension may add to), or with no receiver, any.
    private func codebaseDeclares(_ record: CallRecord, in type: String? = nil) -> Bool {
        codebase.functions(named: record.name).contains { key in
            let declared = codebase.function(key)
            return codebase.argumentsFit(record, declared)
                && (type == nil || declared.context.typePath.split(separator: ".").last.map(String.init) == type)
        }
    }

    /// The hop or task kept, awaited through a continuation that its closure resumes with the outcome
    /// the handler would have got.
    func bridged(_ known: KnownOnceClosure, scope: Scope, indent: String) throws(FunctionRefusal) -> Rewritten {
        let closure = known.closure
        // A strong capture (`[self]`, `[x = y]`) is made where it was; a weak one may find its object gone.
        if let capture = closure.signature?.capture, capture.items.contains(where: { $0.specifier != nil }) {
            throw refuse(
                capture, "capture list",
                "the closure passed to `\(known.apiName)` captures `\(capture.trimmedDescription)`: the async "
                    + "version keeps what it captures alive until it returns, so a path that gave up when it was "
                    + "gone would never run; drop the capture list if that is acceptable")
        }
        if known.apiName == "URLSession.downloadTask", let value = handler.valueType,
            value.referencedNames.contains("URL")
        {
            throw refuse(
                known.call, "download location",
                "it hands on a URL from `downloadTask`, whose file is deleted when its closure returns; the async "
                    + "version would return it after that: move or read the file inside the closure first")
        }
        // From the main actor, only what is Sendable may leave through the continuation: main-actor state
        // is not disconnected, so Swift 6 refuses to send it. (Elsewhere a value made in the closure may.)
        let onMainActor =
            known.onMainQueue || (function.attributes + function.context.typeAttributes).contains("@MainActor")
        if let value = handler.valueType, onMainActor, !isSendable(value) {
            throw refuse(
                known.call, "not Sendable",
                "its handler's value `\(value.source)` is not known to be Sendable, and from the main actor the "
                    + "continuation would send it out of `\(known.apiName)`'s closure: make it Sendable first")
        }
        if closure.signature?.attributes.isEmpty == false || closure.signature?.effectSpecifiers != nil {
            throw refuse(closure, "unknown closure", "its closure has attributes or effects: convert by hand")
        }
        let parameters = CallConverter.parameterNames(closure)
        if closure.signature?.parameterClause == nil, AnonymousParameterFinder.find(in: closure) {
            throw refuse(closure, "anonymous parameters", "its closure uses $0: name the parameters first")
        }
        guard scope.isTail else {
            if known.apiName == "DispatchQueue.sync" {
                throw refuse(
                    known.statement, "code after the handler",
                    "code after this `DispatchQueue.sync` ran after its closure called the handler; as a `return` "
                        + "that call would skip it: move that code before the handler call")
            }
            throw refuse(
                known.statement, "code after a nested call",
                "code after this `\(known.apiName)` ran before its closure; awaiting it would run that code after: "
                    + "move that code before it")
        }
        if canThrow, scope.inDoCatch {
            throw refuse(
                known.statement, "throw inside do",
                "this `\(known.apiName)` sits in a `do` block; its error would now go to that `catch`: move it out "
                    + "of the `do`")
        }
        // A name the closure does not use: its own, or one it reads from outside (a property, a global).
        let continuation = continuationName(
            avoiding: scope.declared.union(parameters).union(IdentifierFinder.names(in: closure)), at: closure)
        var inner = scope.nested
        inner.isTail = true
        inner.inDoCatch = false
        inner.returnsAfter = false
        inner.onMainQueue = known.onMainQueue
        inner.inKnownOnceClosure = true
        inner.declared.formUnion(parameters)
        inner.nonOptional.subtract(parameters)
        let handedOnBefore = handsOnInKnownOnceClosure
        handsOnInKnownOnceClosure = false
        let body = try block(
            Array(closure.statements), scope: inner, indent: indent + String(repeating: " ", count: 12))
        let keptAsWritten = handsOnInKnownOnceClosure
        handsOnInKnownOnceClosure = handedOnBefore || keptAsWritten
        if body.exit != .always {
            throw refuse(
                closure.rightBrace, "a path without the handler",
                "on some path the closure passed to `\(known.apiName)` ends here without calling the handler: "
                    + "call it on every path first")
        }
        noteAwaited(known.apiName)
        bridgesClosure = true

        let (head, resume, tail) = continuationFrame(continuation, returns: scope.returnsAfter)
        let signature = closure.signature.map { " " + Self.withoutComments($0) } ?? ""
        let closeCall = known.boundName != nil || known.statement.id == known.call.id ? "}" : "}.resume()"
        var lines = ["\(indent)\(head)"]
        let written = CallConverter.indentation(before: known.statement.leadingTrivia)
        var callLines = Self.movedLines(
            (known.boundName.map { "let \($0) = " } ?? "") + known.call.with(\.trailingClosure, nil).trimmedDescription,
            from: written, to: indent + "    ")
        callLines[callLines.count - 1] += " {\(signature)"
        lines += callLines
        if keptAsWritten {
            let kept = Self.keptStatements(of: closure, from: written, to: indent + "    ")
            // A comment stays after the brace; a statement there goes after the handler it may use.
            if !kept.comment.isEmpty { lines[lines.count - 1] += " " + kept.comment }
            lines += try handlerResuming(
                continuation, in: closure.statements, scope: inner, indent: indent + "        ")
            if !kept.statement.isEmpty { lines.append(indent + "        " + kept.statement) }
            lines += kept.lines
        } else {
            lines.append("\(indent)        \(resume.open)")
            lines += body.lines
            lines.append("\(indent)        \(resume.close)")
        }
        lines.append("\(indent)    \(closeCall)")
        if let name = known.boundName { lines.append("\(indent)    \(name).resume()") }
        lines.append("\(indent)\(tail)")
        return Rewritten(lines: lines, exit: .always)
    }

    /// A name for the continuation that none of `taken` or the function's parameters is.
    private func continuationName(avoiding taken: Set<String>, at node: some SyntaxProtocol) -> String {
        let taken = taken.union(function.parameters.map(\.name))
        return ["continuation", "handlerContinuation", "bridgeContinuation"].first { !taken.contains($0) }
            ?? "continuation_\(line(of: node))"
    }

    /// A call as written, its first line at `to`, its later lines moved as far as the call moved from
    /// `from`, every one alike or none (a multi-line string's line left of the call would change the string
    /// if moved another amount); an empty line stays empty.
    static func movedLines(_ text: String, from written: String, to indent: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let moves = lines.dropFirst().allSatisfy { $0.isEmpty || $0.hasPrefix(written) }
        return lines.enumerated().map { offset, line in
            if offset == 0 { return indent + line }
            return line.isEmpty || !moves ? line : indent + line.dropFirst(written.count)
        }
    }

    /// The async version's wait on `continuation`: the line that opens it (`return try await …`), how the
    /// closure's outcome resumes it, and the line that closes it.
    /// `returns`: a `return` follows in the block (`guard … else { hop; return }`), which the rewriting drops
    /// after an exit: the wait must return itself, even for `Void`.
    private func continuationFrame(
        _ continuation: String, returns: Bool
    ) -> (head: String, resume: (open: String, close: String), tail: String) {
        let value = handler.valueType.map { $0.isVoid ? "Void" : $0.asValue.source } ?? "Void"
        let prefix = (value == "Void" && !returns ? "" : "return ") + (canThrow ? "try " : "")
        if let failure = typedFailure {
            return (
                prefix
                    + "await withCheckedContinuation { (\(continuation): CheckedContinuation<Swift.Result<\(value), \(failure)>, Never>) in",
                ("\(continuation).resume(returning: Swift.Result { () throws(\(failure)) -> \(value) in", "})"),
                "}.get()"
            )
        } else if canThrow {
            return (
                prefix
                    + "await withCheckedThrowingContinuation { (\(continuation): CheckedContinuation<\(value), any Error>) in",
                ("\(continuation).resume(with: Swift.Result { () throws -> \(value) in", "})"), "}"
            )
        }
        return (
            prefix + "await withCheckedContinuation { (\(continuation): CheckedContinuation<\(value), Never>) in",
            ("\(continuation).resume(returning: { () -> \(value) in", "}())"), "}"
        )
    }

    /// The handler shapes a closure kept as written can resume a continuation with (`handlerResuming`).
    static let keptHandlerShapes: Set<HandlerShape> = [.result, .optionalError, .value, .none]

    /// For a closure kept as written: the handler, as a local closure of its own type that resumes
    /// `continuation` with what it is given. Every path of the closure calls it once, itself or through
    /// an API with an async variant, which calls it once (checked by rewriting the closure first).
    private func handlerResuming(
        _ continuation: String, in closure: some SyntaxProtocol, scope: Scope, indent: String
    ) throws(FunctionRefusal) -> [String] {
        func uses(_ name: String) -> Bool { HandlerUseFinder.find(in: closure, names: [name]).mentions }
        // A parameter the async version leaves out (a delivery queue) is not there to use.
        let planned = Set(ownAsyncVersion.parameters.map(\.name))
        if let missing = function.parameters.enumerated().first(where: { index, parameter in
            !handler.covers(index) && !planned.contains(parameter.name) && uses(parameter.name)
        })?.element {
            throw refuse(
                closure, "callback in a hop",
                "the code kept as written uses `\(missing.name)`, which the async version does not take: convert by "
                    + "hand")
        }
        // A name the rewriting bound anew (a callee closure's parameter, a caught error) may have another
        // type than the closure, kept as written, was checked against (`any Error` for an `APIError`).
        let rebound = scope.rebound.union(scope.errorAliases.keys).union(scope.patternBound.keys)
        if let name = rebound.sorted().first(where: uses) {
            throw refuse(
                closure, "callback in a hop",
                "the code kept as written uses `\(name)`, which the async version binds anew (its type may differ): "
                    + "convert by hand")
        }
        // The value arrives as a parameter of the local closure: only a Sendable one may go into the
        // continuation.
        if let value = handler.valueType, !value.isVoid, !isSendable(value) {
            throw refuse(
                closure, "not Sendable",
                "its handler's value `\(value.source)` is not known to be Sendable, and the code kept as written would "
                    + "send it into the continuation: make it Sendable first")
        }
        // As a value, `@Sendable` (it captures only the continuation, and so may go into a `@Sendable`
        // closure, a hop's, or to a platform method that wants one), with the `@MainActor` a parenthesised
        // type loses in the rendering. A typealias is written expanded: a variable's type cannot give an
        // alias attributes (`@Sendable Done`). One declared elsewhere stays as it is.
        let parameter = function.parameters[handler.parameterIndex]
        var declared = parameter.type.asValue
        if case .named = declared.withoutOptional {
            declared = codebase.aliases.expand(declared, in: function.context.typePath)
        }
        var type = declared.source
        if case .function = declared.withoutOptional {
            if parameter.typeSource.contains("@MainActor"), !type.contains("@MainActor") { type = "@MainActor " + type }
            if !type.contains("@Sendable") { type = "@Sendable " + type }
        }
        let body: [String]
        switch handler.shape {
        case .result:
            body = [
                "\(handlerName): \(type) = { result in",
                "    \(continuation).resume(\(typedFailure == nil ? "with" : "returning"): result)",
            ]
        case .optionalError:
            body = [
                "\(handlerName): \(type) = { error in",
                "    if let error = error {", "        \(continuation).resume(throwing: error)", "    } else {",
                "        \(continuation).resume()", "    }",
            ]
        case .value: body = ["\(handlerName): \(type) = { value in", "    \(continuation).resume(returning: value)"]
        case .none: body = ["\(handlerName): \(type) = {", "    \(continuation).resume()"]
        default: throw refuse(closure, "callback in a hop", "its handler's shape cannot be kept as written")
        }
        return ["\(indent)let " + body[0]] + body.dropFirst().map { indent + $0 } + ["\(indent)}"]
    }

    /// The closure's statements exactly as written, comments included: the comments on the line of its `{`
    /// (and in its signature), a statement that begins there, and the lines after, moved right as far as
    /// the call moved from `from` to `to` (every line alike, so a multi-line string keeps its content).
    /// Where the call moved left, they stay where they were.
    static func keptStatements(
        of closure: ClosureExprSyntax, from: String, to: String
    ) -> (comment: String, statement: String, lines: [String]) {
        var comments: [String] = []
        if let signature = closure.signature {
            let trivia =
                Array(closure.leftBrace.trailingTrivia)
                + signature.tokens(viewMode: .sourceAccurate).flatMap { token in
                    Array(token.leadingTrivia) + (token.id == signature.inKeyword.id ? [] : Array(token.trailingTrivia))
                }
            comments = trivia.filter(\.isComment).map { Trivia(pieces: [$0]).description }
        }
        let opening = closure.signature?.inKeyword.trailingTrivia ?? closure.leftBrace.trailingTrivia
        let text = opening.description + closure.statements.description + closure.rightBrace.leadingTrivia.description
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines.removeFirst().trimmingCharacters(in: .whitespaces)
        if let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
        let shift = to.hasPrefix(from) ? String(to.dropFirst(from.count)) : ""
        let statement = first.hasPrefix("//") ? "" : first
        if first.hasPrefix("//") { comments.append(first) }
        return (comments.joined(separator: " "), statement, lines.map { $0.isEmpty ? $0 : shift + $0 })
    }

    /// `node` on one line, its comments left out (a `//` comment would swallow the rest of the line).
    static func withoutComments(_ node: some SyntaxProtocol) -> String {
        var text = ""
        var spaced = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            if !text.isEmpty, spaced || !token.leadingTrivia.isEmpty { text += " " }
            text += token.text
            spaced = !token.trailingTrivia.isEmpty
        }
        return text
    }

    /// Whether `type` is Sendable for certain: the standard library's and Foundation's value types, the
    /// codebase's types that say so, and optionals, arrays, dictionaries and tuples of those.
    func isSendable(_ type: TypeRef) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped): return isSendable(wrapped)
        case .dictionary(let key, let value): return isSendable(key) && isSendable(value)
        case .tuple(let elements): return elements.allSatisfy(isSendable)
        case .named(let name, let arguments):
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            if Self.sendableValueTypes.contains(simple) { return arguments.allSatisfy(isSendable) }
            return arguments.isEmpty && codebase.isSendableType(path: name)
        default: return false
        }
    }

    static let sendableValueTypes: Set<String> = [
        "Void", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "String", "Character", "Substring", "Data", "Date", "URL", "UUID", "Decimal",
        "TimeInterval", "Array", "Dictionary", "Set", "Optional", "Result",
    ]

    /// Code written over several lines, on one: a line break becomes one space, or none next to a
    /// bracket or before a `.` (where a space would make `.member` an implicit member).
    static func oneLine(_ text: String) -> String {
        var result = ""
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = offset == 0 ? Substring(line) : line.drop { $0 == " " || $0 == "\t" }
            if offset > 0, let next = trimmed.first, let last = result.last, !"([".contains(last),
                !".)]".contains(next)
            {
                result += " "
            }
            result += trimmed
        }
        return result
    }
}
