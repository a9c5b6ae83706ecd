import Foundation
import SwiftParser
import SwiftSyntax

/// Finds, in one file, the calls in async code of completion-handler APIs that have an async variant,
/// and rewrites those whose handler closure can become straight-line code: the success path after
/// `try await`, the error path in `catch`. Everything else is left alone with the reason.
///
/// A call is converted only when it is the last thing its async function does (the last statement of
/// the body, or of an `if`/`do` block that is itself last, never in a loop), so that no statement
/// that ran before the handler now runs after it; when its closure has no capture list and no
/// `return`, `break` or `continue` of its own; and when the closure's body has one of the shapes
/// below, by handler shape:
///
/// - `Result`: a `switch` over it, `.success(let v)` and `.failure(let e)` (an untyped failure);
/// - `(Error?)`: `if let e { … } else { … }`, or the error ignored (`_`);
/// - `(T?, Error?)`, `(T, Error?)`: `if let e { … } else if let v { … }`, or the error ignored with
///   `if let v { … }`;
/// - `(T)`, `()`: any body, in a throwing function (the async variant throws when a handler is dropped).
public struct CallConverter {
    let codebase: Codebase
    let fileIndex: Int

    /// A converter for file `fileIndex` of `codebase`.
    public init(codebase: Codebase, fileIndex: Int) {
        self.codebase = codebase
        self.fileIndex = fileIndex
    }

    /// The conversions and refusals for `source`, the text of the file.
    public func convert(_ source: String) -> (conversions: [CallConversion], refusals: [ConversionRefusal]) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let finder = ConvertibleCallFinder(converter: converter)
        finder.walk(tree)
        let facts = codebase.files[fileIndex]
        var conversions: [CallConversion] = []
        var refusals: [ConversionRefusal] = []
        let tried = Set(finder.tried.map(\.id))
        for node in (finder.calls + finder.tried).sorted(by: { $0.position < $1.position }) {
            let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
            guard let name = Callee(node.calledExpression).name else { continue }
            let records = facts.calls.filter { $0.line == line && $0.name == name }
            guard records.count == 1, let record = records.first, facts.contextIsAsync[record.context],
                let (kind, targets) = codebase.resolve(record, inFile: fileIndex), kind == .callback,
                targets.count == 1,
                let target = targets.first, let handler = codebase.handler(target)
            else { continue }
            let function = codebase.function(target)
            guard let variantKey = codebase.asyncVariant(of: target) else {
                refusals.append(
                    ConversionRefusal(
                        line: line, api: function.fullName,
                        reason: "no async variant yet: `promise-migrate wrap` its file, then convert"))
                continue
            }
            if tried.contains(node.id) {
                refusals.append(
                    ConversionRefusal(
                        line: line, api: function.fullName,
                        reason: "it is called with `try`: what it throws and what it passes its closure would come "
                            + "out of one `try await` alike, where this code may handle them apart; convert it by hand")
                )
                continue
            }
            let variant = codebase.function(variantKey)
            // `let text = try await store.load(id: 1)` would be ambiguous; `--functions` writes `as String`.
            if let ambiguity = codebase.resultAmbiguity(of: variant, variant: variantKey) {
                let why =
                    switch ambiguity {
                    case .genericOnlyInResult(let generic): "its generic parameter `\(generic)` appears only in it"
                    case .overloadsByResult: "it has overloads that differ only in that"
                    }
                refusals.append(
                    ConversionRefusal(
                        line: line, api: function.fullName,
                        reason: "`\(variant.fullName)` must be told what it returns (\(why)): convert it by hand"))
                continue
            }
            switch rewrite(node, function: function, handler: handler, variant: variant, converter: converter) {
            case .success(var conversion):
                conversion.api = function.fullName
                conversions.append(conversion)
            case .failure(let reason):
                refusals.append(ConversionRefusal(line: line, api: function.fullName, reason: reason.text))
            }
        }
        return (conversions, refusals)
    }

    struct Reason: Error { let text: String }

    private func rewrite(
        _ call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo, variant: FunctionRecord,
        converter: SourceLocationConverter
    ) -> Result<CallConversion, Reason> {
        func refuse(_ text: String) -> Result<CallConversion, Reason> { .failure(Reason(text: text)) }
        if handler.shape == .successAndFailure {
            return rewritePair(call, function: function, handler: handler, variant: variant, converter: converter)
        }
        guard let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty,
            handler.parameterIndex == function.parameters.count - 1
        else { return refuse("the handler is not the trailing closure") }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        if let reason = Self.argumentRefusal(labels, function: function, variant: variant, codebase: codebase) {
            return refuse(reason)
        }
        guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
            return refuse("its result is used")
        }
        if let reason = Self.runsLast(statement) { return refuse(reason) }
        if let reason = Self.bodyRefusal(closure, named: "its closure") { return refuse(reason) }
        let names = Self.parameterNames(closure)
        let indent = Self.indentation(of: statement)
        let awaited = Self.awaitedCall(call, variantName: variant.name)
        let throwing = Self.enclosingFunctionThrows(statement)
        let body = closure.statements
        var lines: [String]
        var kept: [CodeBlockItemSyntax]  // the statements `lines` copy, comments and all
        switch handler.shape {
        case .result:
            guard
                case .named(_, let arguments) = codebase.aliases.expand(
                    handler.handlerType, in: function.context.typePath
                ).resultArgument,
                arguments.count == 2, Self.untypedError.contains(arguments[1].source)
            else { return refuse("its Result has a typed failure, which the async variant does not keep") }
            guard names.count == 1, body.count == 1, let switchExpr = Self.switchExpression(body.first!),
                switchExpr.subject.trimmedDescription == names[0],
                let (success, failure) = Self.resultCases(switchExpr)
            else { return refuse("its closure is not a `switch` over the result with `.success` and `.failure`") }
            lines = Self.doCatch(
                indent: indent, awaited: awaited, value: success.binding, success: success.body,
                error: failure.binding, failure: failure.body)
            kept = success.body + failure.body
        case .optionalError:
            guard names.count == 1 else { return refuse("its closure does not name the error") }
            if names[0] == "_" {
                lines = ["\(indent)_ = try? await \(awaited)"] + Self.reindent(body, to: indent, keepingComments: true)
                kept = Array(body)
            } else if body.count == 1, let branch = Self.ifLet(body.first!, binding: names[0]) {
                lines = Self.doCatch(
                    indent: indent, awaited: awaited, value: nil, success: branch.elseBody ?? [],
                    error: branch.name, failure: branch.body)
                kept = (branch.elseBody ?? []) + branch.body
            } else {
                return refuse("its closure is not `if let error { … } else { … }`")
            }
        case .optionalValueAndError, .valueAndError:
            guard names.count == 2 else { return refuse("its closure does not name the value and the error") }
            if names[1] == "_", body.count == 1, let branch = Self.ifLet(body.first!, binding: names[0]),
                branch.elseBody == nil, handler.shape == .optionalValueAndError
            {
                lines =
                    ["\(indent)if let \(branch.name) = try? await \(awaited) {"]
                    + Self.reindent(branch.body, to: indent + "    ", keepingComments: true) + ["\(indent)}"]
                kept = branch.body
            } else if body.count == 1, let branch = Self.ifLet(body.first!, binding: names[1]),
                let elseIf = branch.elseIf, let valueBranch = Self.ifLet(elseIf, binding: names[0]),
                valueBranch.elseBody == nil
            {
                lines = Self.doCatch(
                    indent: indent, awaited: awaited, value: valueBranch.name, success: valueBranch.body,
                    error: branch.name, failure: branch.body)
                kept = valueBranch.body + branch.body
            } else {
                return refuse("its closure is not `if let error { … } else if let value { … }`")
            }
        case .value, .none:
            guard throwing else {
                return refuse("the function does not throw, and the async variant throws when a handler is dropped")
            }
            let binding = names.first.map { $0 == "_" ? "_ = " : "let \($0) = " } ?? ""
            lines = ["\(indent)\(binding)try await \(awaited)"] + Self.reindent(body, to: indent, keepingComments: true)
            kept = Array(body)
        case .twoValuesAndError, .other, .successAndFailure:
            return refuse("its handler shape has no straight-line form here")
        }
        if SharedLine.found(around: statement, converter: converter) {
            return refuse(
                "other code or a comment shares a line with the call's statement: "
                    + "put the statement on lines of its own")
        }
        if let comment = Self.lostComment(in: statement, keeping: kept) {
            return refuse(
                "the comment `\(comment)` is in code the conversion replaces and would be lost: "
                    + "move it above the call's statement")
        }
        let start = converter.location(for: statement.positionAfterSkippingLeadingTrivia).line
        let end = converter.location(for: statement.endPositionBeforeTrailingTrivia).line
        return .success(
            CallConversion(
                startLine: start, endLine: end, replacement: lines, api: "", asyncVariant: variant.fullName))
    }

    /// `api(x, success: { v in S }, failure: { e in F })`, or with trailing closures, becomes
    /// `do { let v = try await api(x); S } catch { let e = error; F }`.
    private func rewritePair(
        _ call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo, variant: FunctionRecord,
        converter: SourceLocationConverter
    ) -> Result<CallConversion, Reason> {
        func refuse(_ text: String) -> Result<CallConversion, Reason> { .failure(Reason(text: text)) }
        guard let failureIndex = handler.failureParameterIndex else { return refuse("no failure closure") }
        let successLabel = function.parameters[handler.parameterIndex].label
        let failureLabel = function.parameters[failureIndex].label
        let (closures, others) = Self.handlerClosures(of: call, function: function, handler: handler)
        guard let success = closures[successLabel], let failure = closures[failureLabel], closures.count == 2 else {
            return refuse("its success and failure closures are not both written at the call")
        }
        let labels = others.map { $0.label?.text ?? "_" }
        if let reason = Self.argumentRefusal(labels, function: function, variant: variant, codebase: codebase) {
            return refuse(reason)
        }
        guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else { return refuse("its result is used") }
        if let reason = Self.runsLast(statement) { return refuse(reason) }
        for closure in [success, failure] {
            if let reason = Self.bodyRefusal(closure, named: "a closure") { return refuse(reason) }
        }
        let values = Self.parameterNames(success)
        let errors = Self.parameterNames(failure)
        guard values.count == handler.successArity, errors.count == handler.failureArity, errors.count <= 1 else {
            return refuse("its closures do not name each of their parameters")
        }
        var errorLine: String?
        if let name = errors.first, name != "_" {
            let typePath = function.context.typePath
            let closureType = codebase.aliases.expand(
                codebase.aliases.expand(function.parameters[failureIndex].type, in: typePath).withoutOptional,
                in: typePath)
            guard case .function(let parameters, _, _, _, _) = closureType,
                let written = parameters.first
            else { return refuse("its failure closure's type is not known") }
            let errorType = written.withoutOptional.source
            // An optional error stays optional, so the closure's `e?.` and `if let e` still compile.
            let optional = written != written.withoutOptional
            switch errorType {
            case "Error", "any Error", "Swift.Error":
                if optional {
                    errorLine = "let \(name): (any Error)? = error"
                } else {
                    errorLine = name == "error" ? nil : "let \(name) = error"
                }
            case "NSError":
                errorLine = optional ? "let \(name): NSError? = error as NSError" : "let \(name) = error as NSError"
            default:
                return refuse(
                    "its failure closure takes `\(errorType)`, and the async variant throws `any Error`: cast in the "
                        + "catch by hand")
            }
        }
        let value: String? =
            switch values.count {
            case 0: nil
            case 1: values[0] == "_" ? nil : values[0]
            default: "(\(values.joined(separator: ", ")))"
            }
        let indent = Self.indentation(of: statement)
        let awaited = Self.awaitedCall(call, variantName: variant.name, arguments: Self.argumentText(others))
        var lines = Self.doCatch(
            indent: indent, awaited: awaited, value: value, success: Array(success.statements), error: nil,
            failure: Array(failure.statements))
        if values.count == 1, values[0] == "_" { lines[1] = "\(indent)    _ = try await \(awaited)" }
        if let errorLine, let catchLine = lines.firstIndex(of: "\(indent)} catch {") {
            lines.insert("\(indent)    \(errorLine)", at: catchLine + 1)
        }
        if SharedLine.found(around: statement, converter: converter) {
            return refuse(
                "other code or a comment shares a line with the call's statement: "
                    + "put the statement on lines of its own")
        }
        let kept = Array(success.statements) + Array(failure.statements)
        if let comment = Self.lostComment(in: statement, keeping: kept) {
            return refuse(
                "the comment `\(comment)` is in code the conversion replaces and would be lost: "
                    + "move it above the call's statement")
        }
        let start = converter.location(for: statement.positionAfterSkippingLeadingTrivia).line
        let end = converter.location(for: statement.endPositionBeforeTrailingTrivia).line
        return .success(
            CallConversion(
                startLine: start, endLine: end, replacement: lines, api: "", asyncVariant: variant.fullName))
    }

    /// The handler closures written at `call`, by their labels in `function` (an argument, the trailing
    /// closure for the first one not yet given, or a labelled trailing closure), and the other arguments.
    static func handlerClosures(
        of call: FunctionCallExprSyntax, function: FunctionRecord, handler: HandlerInfo
    ) -> (closures: [String: ClosureExprSyntax], others: [LabeledExprSyntax]) {
        let indexes = handler.indexes.sorted()
        let labels = indexes.map { function.parameters[$0].label }
        var closures: [String: ClosureExprSyntax] = [:]
        var others: [LabeledExprSyntax] = []
        for argument in call.arguments {
            let label = argument.label?.text ?? "_"
            if labels.contains(label), let closure = argument.expression.as(ClosureExprSyntax.self) {
                closures[label] = closure
            } else {
                others.append(argument)
            }
        }
        if let trailing = call.trailingClosure, let label = labels.first(where: { closures[$0] == nil }) {
            closures[label] = trailing
        }
        for extra in call.additionalTrailingClosures { closures[extra.label.text] = extra.closure }
        return (closures, others)
    }

    /// Arguments as written, `label: value`, for the awaited call.
    static func argumentText(_ arguments: [LabeledExprSyntax]) -> String {
        arguments.map { argument in
            (argument.label.map { "\($0.text): " } ?? "") + argument.expression.trimmedDescription
        }.joined(separator: ", ")
    }

    /// How an untyped failure is written (`Result<T, Error>`): what `throws` without a type throws.
    static let untypedError: Set<String> = ["Error", "any Error", "Swift.Error"]

    /// Why a call's arguments do not fit the async variant: it passes a defaulted argument the variant
    /// dropped (where the handler ran, for a queue), or its labels are another overload's.
    static func argumentMismatch(_ labels: [String], function: FunctionRecord, variant: FunctionRecord) -> String {
        let wanted = Set(variant.parameters.map(\.label))
        let extra = labels.filter { !wanted.contains($0) }
        let defaulted = Set(function.parameters.filter { $0.defaultValue != nil }.map(\.label))
        if !extra.isEmpty, extra.allSatisfy(defaulted.contains) {
            let names = extra.map { "`\($0):`" }.joined(separator: ", ")
            let queue = extra.contains { $0.lowercased().contains("queue") || $0 == "on" }
            return "it passes \(names), which its async variant `\(variant.fullName)` does not take"
                + (queue ? " (after an await, the code runs where the caller runs, not on that queue)" : "")
                + ": drop the argument if that suits, and convert again"
        }
        return "its arguments (\(labels.map { "\($0):" }.joined())) are not those of its async variant "
            + "`\(variant.fullName)`"
    }

    // MARK: Where the call is

    /// Nil when `statement` is the last thing its function does; otherwise why not.
    static func runsLast(_ statement: CodeBlockItemSyntax) -> String? {
        var item: Syntax = Syntax(statement)
        while true {
            guard let list = item.parent?.as(CodeBlockItemListSyntax.self), let last = list.last else {
                return "it is not a statement of a block"
            }
            guard last.id == item.id else {
                return "statements after it ran before its handler; awaiting would run them after: "
                    + "move them into the handler first"
            }
            // The list's owner: a function body, a closure, or a block of an `if`, `do`, loop…
            guard let block = list.parent else { return "it is not in a function" }
            if block.parent?.is(FunctionDeclSyntax.self) == true || block.parent?.is(AccessorDeclSyntax.self) == true
                || block.parent?.is(InitializerDeclSyntax.self) == true
            {
                return nil
            }
            if block.is(ClosureExprSyntax.self) {
                return "it is in a closure, which may run later or more than once"
            }
            guard let owner = block.parent else { return "it is not in a function" }
            if owner.is(ForStmtSyntax.self) || owner.is(WhileStmtSyntax.self) || owner.is(RepeatStmtSyntax.self) {
                return "it is in a loop: awaiting would run the iterations one after another"
            }
            // `if`/`else`, `do`, `guard`'s body: go on with the statement that holds the block.
            var holder: Syntax = owner
            while let parent = holder.parent, !parent.is(CodeBlockItemSyntax.self) {
                holder = parent
            }
            guard let next = holder.parent, next.is(CodeBlockItemSyntax.self) else { return "it is not in a function" }
            item = next
        }
    }

    static func enclosingFunctionThrows(_ statement: CodeBlockItemSyntax) -> Bool {
        var node: Syntax? = Syntax(statement)
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) {
                return function.signature.effectSpecifiers?.throwsClause != nil
            }
            if let accessor = current.as(AccessorDeclSyntax.self) {
                return accessor.effectSpecifiers?.throwsClause != nil
            }
            node = current.parent
        }
        return false
    }

    // MARK: The closure

    static func parameterNames(_ closure: ClosureExprSyntax) -> [String] {
        guard let parameters = closure.signature?.parameterClause else { return [] }
        if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self) {
            return shorthand.map(\.name.text)
        }
        if let full = parameters.as(ClosureParameterClauseSyntax.self) {
            return full.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
        return []
    }

    static func switchExpression(_ item: CodeBlockItemSyntax) -> SwitchExprSyntax? {
        if let expression = item.item.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self) {
            return expression
        }
        return item.item.as(SwitchExprSyntax.self)
    }

    typealias Branch = (binding: String?, body: [CodeBlockItemSyntax])

    /// The `.success` and `.failure` cases of a switch over a `Result`, with their bindings.
    static func resultCases(_ switchExpr: SwitchExprSyntax) -> (success: Branch, failure: Branch)? {
        var success: Branch?
        var failure: Branch?
        for element in switchExpr.cases {
            // Exactly one `.success` and one `.failure` case, with no `where` and no cast: anything else
            // is a switch whose other cases matter.
            guard let switchCase = element.as(SwitchCaseSyntax.self),
                let label = switchCase.label.as(SwitchCaseLabelSyntax.self), label.caseItems.count == 1,
                let item = label.caseItems.first, item.whereClause == nil,
                !switchCase.statements.contains(where: { $0.item.is(FallThroughStmtSyntax.self) })
            else { return nil }
            let pattern = item.pattern.trimmedDescription
            if pattern.contains(" as ") || pattern.contains(" is ") { return nil }
            let body = Array(switchCase.statements)
            if success == nil, let binding = caseBinding(pattern, member: "success") {
                success = (binding.name, body)
            } else if failure == nil, let binding = caseBinding(pattern, member: "failure") {
                failure = (binding.name, body)
            } else {
                return nil
            }
        }
        guard let success, let failure else { return nil }
        return (success, failure)
    }

    /// `.success(let x)` → x; `.success`, `.success(_)` → nil name; anything else → nil.
    private static func caseBinding(_ pattern: String, member: String) -> (name: String?, Void)? {
        let compact = pattern.replacingOccurrences(of: " ", with: "")
        if compact == ".\(member)" || compact == ".\(member)(_)" || compact == ".\(member)(let_)" { return (nil, ()) }
        for prefix in [".\(member)(let", "let.\(member)("] where compact.hasPrefix(prefix) && compact.hasSuffix(")") {
            let name = compact.dropFirst(prefix.count).dropLast()
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return (String(name), ()) }
        }
        return nil
    }

    /// `if let x [= binding] { body } [else { … } | else if …]` where the condition unwraps `binding`.
    static func ifLet(_ item: CodeBlockItemSyntax, binding: String) -> (
        name: String, body: [CodeBlockItemSyntax], elseBody: [CodeBlockItemSyntax]?, elseIf: IfExprSyntax?
    )? {
        ifExpression(item).flatMap { ifLet($0, binding: binding) }
    }

    /// The same for an `if` itself. An `else if` stays in its tree, so that its lines are the file's.
    static func ifLet(_ ifExpr: IfExprSyntax, binding: String) -> (
        name: String, body: [CodeBlockItemSyntax], elseBody: [CodeBlockItemSyntax]?, elseIf: IfExprSyntax?
    )? {
        guard ifExpr.conditions.count == 1,
            let optional = ifExpr.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            optional.bindingSpecifier.text == "let",
            let name = optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        let unwrapped = optional.initializer?.value.trimmedDescription ?? name
        guard unwrapped == binding else { return nil }
        var elseBody: [CodeBlockItemSyntax]?
        var elseIf: IfExprSyntax?
        switch ifExpr.elseBody {
        case .codeBlock(let block)?: elseBody = Array(block.statements)
        case .ifExpr(let nested)?: elseIf = nested
        case nil: break
        }
        return (name, Array(ifExpr.body.statements), elseBody, elseIf)
    }

    /// The `if` that `item` is, if it is one.
    static func ifExpression(_ item: CodeBlockItemSyntax) -> IfExprSyntax? {
        item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.item.as(IfExprSyntax.self)
    }

    // MARK: Text

    /// A comment in `statement` (below its first line's start) that is in none of the `kept` statements: the
    /// conversion copies those, comments and all (`reindent(keepingComments:)`), and drops what lies between
    /// them and the closure's braces, labels and `else`.
    static func lostComment(in statement: CodeBlockItemSyntax, keeping kept: [CodeBlockItemSyntax]) -> String? {
        let keptComments = Set(kept.flatMap { comments(in: $0, withLeadingTrivia: true) }.map(\.offset))
        let lost = comments(in: statement, withLeadingTrivia: false).first { !keptComments.contains($0.offset) }
        return lost.map { $0.text.split(separator: "\n").first.map(String.init) ?? $0.text }
    }

    /// The comments in `node`'s trivia, by their offset in the file; the trivia before its first token only
    /// `withLeadingTrivia`.
    static func comments(in node: some SyntaxProtocol, withLeadingTrivia: Bool) -> [(offset: Int, text: String)] {
        var found: [(offset: Int, text: String)] = []
        let first = node.firstToken(viewMode: .sourceAccurate)
        func collect(_ trivia: Trivia, from start: AbsolutePosition) {
            var offset = start.utf8Offset
            for piece in trivia {
                if piece.isComment { found.append((offset, Trivia(pieces: [piece]).description)) }
                offset += piece.sourceLength.utf8Length
            }
        }
        for token in node.tokens(viewMode: .sourceAccurate) {
            if withLeadingTrivia || token != first { collect(token.leadingTrivia, from: token.position) }
            collect(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
        }
        return found
    }

    /// `call`'s receiver calling `variantName` with `arguments` (by default the call's own).
    static func awaitedCall(_ call: FunctionCallExprSyntax, variantName: String, arguments: String? = nil) -> String {
        let callee: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            callee = "\(base.trimmedDescription).\(variantName)"
        } else {
            callee = variantName
        }
        return "\(callee)(\(arguments ?? call.arguments.trimmedDescription))"
    }

    /// Why a handler closure's body cannot become straight-line code after an await, if it cannot.
    static func bodyRefusal(_ closure: ClosureExprSyntax, named subject: String) -> String? {
        if closure.signature?.capture != nil {
            return "\(subject) has a capture list: awaiting would keep what it captures alive"
        }
        if ControlTransferFinder.find(in: closure.statements) {
            return "\(subject) has a return, break or continue, which would leave the function"
        }
        if parameterNames(closure).isEmpty, AnonymousParameterFinder.find(in: closure) {
            return "\(subject) uses $0: name the parameters first"
        }
        return nil
    }

    static func indentation(of statement: CodeBlockItemSyntax) -> String {
        indentation(before: statement.leadingTrivia)
    }

    /// The spaces and tabs after the last line break of `trivia`.
    static func indentation(before trivia: Trivia) -> String {
        var indent = ""
        for piece in trivia.reversed() {
            switch piece {
            case .spaces(let count): indent = String(repeating: " ", count: count) + indent
            case .tabs(let count): indent = String(repeating: "\t", count: count) + indent
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: return indent
            default: indent = ""
            }
        }
        return indent
    }

    /// Statements' lines, their common indentation replaced by `indent`. With `keepingComments`, a comment
    /// above a statement keeps its own line and one after it its place (function conversion places them
    /// itself).
    static func reindent(
        _ items: some Sequence<CodeBlockItemSyntax>, to indent: String, keepingComments: Bool = false
    ) -> [String] {
        var lines: [String] = []
        var verbatim = Set<Int>()  // a block comment's later lines: reindenting them would change its text
        var inStrings = Set<Int>()  // lines of a statement with a multi-line string literal
        for item in items {
            let own = indentation(of: item)
            if keepingComments {
                for piece in item.leadingTrivia where piece.isComment {
                    let commentLines = Trivia(pieces: [piece]).description
                        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    lines.append(own + commentLines[0])
                    verbatim.formUnion(lines.count..<(lines.count + commentLines.count - 1))
                    lines += commentLines.dropFirst()
                }
            }
            var text = own + item.trimmedDescription
            var trailingCommentLines = 0  // a block comment after the statement that goes on below it
            if keepingComments, item.trailingTrivia.contains(where: \.isComment) {
                var trailing = item.trailingTrivia.description
                while trailing.last?.isWhitespace == true { trailing.removeLast() }
                trailingCommentLines = trailing.filter { $0 == "\n" }.count
                text += trailing
            }
            let itemLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            verbatim.formUnion((lines.count + itemLines.count - trailingCommentLines)..<(lines.count + itemLines.count))
            if item.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .multilineStringQuote }) {
                inStrings.formUnion(lines.count..<(lines.count + itemLines.count))
            }
            lines += itemLines
        }
        let common =
            lines.indices.filter { !verbatim.contains($0) && !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }
            .map { lines[$0].prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return lines.indices.map { index in
            let line = lines[index]
            if verbatim.contains(index) { return line }
            // A blank line loses its spaces, unless a multi-line string may hold it: there the spaces past
            // the closing quotes' indentation are the string's.
            guard line.trimmingCharacters(in: .whitespaces).isEmpty else { return indent + line.dropFirst(common) }
            return inStrings.contains(index) && line.count > common ? indent + line.dropFirst(common) : ""
        }
    }

    static func doCatch(
        indent: String, awaited: String, value: String?, success: [CodeBlockItemSyntax], error: String?,
        failure: [CodeBlockItemSyntax]
    ) -> [String] {
        let inner = indent + "    "
        let first = value.map { "\(inner)let \($0) = try await \(awaited)" } ?? "\(inner)try await \(awaited)"
        var lines =
            ["\(indent)do {", first] + reindent(success, to: inner, keepingComments: true) + ["\(indent)} catch {"]
        if let error, error != "error" { lines.append("\(inner)let \(error) = error") }
        lines += reindent(failure, to: inner, keepingComments: true)
        lines.append("\(indent)}")
        return lines
    }
}

extension TypeRef {
    /// The `Result<…>` a `(Result<…>) -> Void` handler takes.
    var resultArgument: TypeRef? {
        guard case .function(let parameters, _, _, _, _) = self, parameters.count == 1 else { return nil }
        return parameters[0]
    }
}
