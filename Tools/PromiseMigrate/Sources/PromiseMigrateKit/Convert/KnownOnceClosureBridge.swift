import SwiftSyntax

/// Closures the platform runs exactly once, later: a hop onto a dispatch queue (`queue.async { … }`,
/// `queue.asyncAfter(deadline: …) { … }`) and a URLSession task's completion
/// (`session.dataTask(with: request) { … }.resume()`). The async version keeps the hop, or the task,
/// and waits for it with a checked continuation, which the closure resumes exactly once with what the
/// handler would have been given; the work still runs on its queue (a serial queue keeps its order).
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
///             continuation.resume(with: Result { () throws -> Void in
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
    /// A call whose closure runs exactly once, later.
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
    }

    static let dispatchLabels: [String: Set<String>] = [
        "async": ["group", "qos", "flags"], "asyncAfter": ["deadline", "wallDeadline", "qos", "flags"],
    ]
    static let taskNames: Set<String> = ["dataTask", "uploadTask", "downloadTask"]

    /// `statement` as a hop onto a dispatch queue or a resumed URLSession task, when it is one and the
    /// codebase declares no function the call could reach instead.
    func knownOnceClosure(_ statement: FunctionCallExprSyntax) -> KnownOnceClosure? {
        if let member = statement.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let allowed = Self.dispatchLabels[member.declName.baseName.text], let closure = statement.trailingClosure,
            statement.additionalTrailingClosures.isEmpty,
            statement.arguments.allSatisfy({ $0.label.map { allowed.contains($0.text) } ?? false }),
            member.declName.baseName.text == "async"
                || statement.arguments.contains(where: { ["deadline", "wallDeadline"].contains($0.label?.text) })
        {
            let receiver = base.trimmedDescription
            guard receiver.hasPrefix("DispatchQueue.") || receiverType(of: statement, name: member) == "DispatchQueue"
            else { return nil }
            return KnownOnceClosure(
                statement: statement, call: statement, closure: closure, onMainQueue: receiver == "DispatchQueue.main",
                apiName: "DispatchQueue.\(member.declName.baseName.text)")
        }
        guard let resume = statement.calledExpression.as(MemberAccessExprSyntax.self),
            resume.declName.baseName.text == "resume", statement.arguments.isEmpty, statement.trailingClosure == nil,
            let call = resume.base?.as(FunctionCallExprSyntax.self), let closure = call.trailingClosure,
            call.additionalTrailingClosures.isEmpty, let first = call.arguments.first?.label?.text,
            ["with", "withResumeData"].contains(first)
        else { return nil }
        let name: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            Self.taskNames.contains(member.declName.baseName.text)
        {
            name = member.declName.baseName.text
            guard
                member.base?.trimmedDescription == "URLSession.shared"
                    || receiverType(of: call, name: member) == "URLSession"
            else { return nil }
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
            Self.taskNames.contains(reference.baseName.text)
        {
            name = reference.baseName.text
            // Called on `self` in an extension of URLSession.
            guard function.context.typePath.split(separator: ".").last == "URLSession",
                record(of: call, name: name).map({ !codebaseDeclares($0) }) ?? false
            else { return nil }
        } else {
            return nil
        }
        return KnownOnceClosure(
            statement: statement, call: call, closure: closure, onMainQueue: false, apiName: "URLSession.\(name)")
    }

    /// The receiver's type the file states, unless the codebase declares a method of that type the call
    /// fits.
    private func receiverType(of call: FunctionCallExprSyntax, name member: MemberAccessExprSyntax) -> String? {
        guard let record = record(of: call, name: member.declName.baseName.text) else { return nil }
        var type = record.receiverType
        if type == nil, let name = record.receiverName, let owner = record.enclosingType {
            type = codebase.propertyType(named: name, in: owner)
        }
        guard let type, !codebaseDeclares(record, in: type) else { return nil }
        return type
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
        if let capture = closure.signature?.capture {
            throw refuse(
                capture, "capture list",
                "the closure passed to `\(known.apiName)` captures `\(capture.trimmedDescription)`: the async "
                    + "version keeps what it captures alive until it returns, so a path that gave up when it was "
                    + "gone would never run; drop the capture list if that is acceptable")
        }
        if closure.signature?.attributes.isEmpty == false || closure.signature?.effectSpecifiers != nil {
            throw refuse(closure, "unknown closure", "its closure has attributes or effects: convert by hand")
        }
        let parameters = CallConverter.parameterNames(closure)
        if closure.signature?.parameterClause == nil, AnonymousParameterFinder.find(in: closure) {
            throw refuse(closure, "anonymous parameters", "its closure uses $0: name the parameters first")
        }
        guard scope.isTail else {
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
        let taken = scope.declared.union(parameters).union(function.parameters.map(\.name))
        let continuation = ["continuation", "handlerContinuation"].first { !taken.contains($0) } ?? "continuation_"
        var inner = scope.nested
        inner.isTail = true
        inner.inDoCatch = false
        inner.returnsAfter = false
        inner.onMainQueue = known.onMainQueue
        inner.inKnownOnceClosure = true
        inner.declared.formUnion(parameters)
        inner.nonOptional.subtract(parameters)
        let body = try block(
            Array(closure.statements), scope: inner, indent: indent + String(repeating: " ", count: 12))
        if body.exit != .always {
            throw refuse(
                closure.rightBrace, "a path without the handler",
                "on some path the closure passed to `\(known.apiName)` ends here without calling the handler: "
                    + "call it on every path first")
        }
        noteAwaited(known.apiName)

        let value = handler.valueType.map { $0.isVoid ? "Void" : $0.source } ?? "Void"
        let head: String
        let resume: (open: String, close: String)
        let tail: String
        if let failure = typedFailure {
            head =
                "await withCheckedContinuation { (\(continuation): CheckedContinuation<Result<\(value), \(failure)>, Never>) in"
            resume = ("\(continuation).resume(returning: Result { () throws(\(failure)) -> \(value) in", "})")
            tail = "}.get()"
        } else if canThrow {
            head =
                "await withCheckedThrowingContinuation { (\(continuation): CheckedContinuation<\(value), any Error>) in"
            resume = ("\(continuation).resume(with: Result { () throws -> \(value) in", "})")
            tail = "}"
        } else {
            head = "await withCheckedContinuation { (\(continuation): CheckedContinuation<\(value), Never>) in"
            resume = ("\(continuation).resume(returning: { () -> \(value) in", "}())")
            tail = "}"
        }
        let returned = value == "Void" ? "" : "return "
        let tried = canThrow ? "try " : ""
        let signature = closure.signature.map { " " + Self.oneLine($0.trimmedDescription) } ?? ""
        let callText = Self.oneLine(known.call.with(\.trailingClosure, nil).trimmedDescription)
        let closeCall = known.statement.id == known.call.id ? "}" : "}.resume()"
        var lines = ["\(indent)\(returned)\(tried)\(head)"]
        lines.append("\(indent)    \(callText) {\(signature)")
        lines.append("\(indent)        \(resume.open)")
        lines += body.lines
        lines.append("\(indent)        \(resume.close)")
        lines.append("\(indent)    \(closeCall)")
        lines.append("\(indent)\(tail)")
        return Rewritten(lines: lines, exit: .always)
    }

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
