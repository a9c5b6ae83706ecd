import SwiftParser
import SwiftSyntax

/// Something the codemod left for a person, with the line and why.
public struct PromiseKitNote: Equatable, Sendable {
    /// 1-based line.
    public var line: Int
    /// What to do by hand.
    public var reason: String
}

/// Rewrites one PromiseKit file into this library's spellings (Migration.md's table) where the code
/// really is PromiseKit: chains rooted in promise values (calls of functions declared to return one,
/// `firstly`, `when`, PMKFoundation tasks), PromiseKit-only steps, `extension Promise` bodies. Names
/// other types share (`Dictionary.mapValues`, an app's enum case `.value`) are left alone.
final class PromiseKitRewriter: SyntaxVisitor {
    private let index: PromiseKitIndex
    private let queues: StepQueues
    private let converter: SourceLocationConverter
    private let importsThen: Bool
    private(set) var edits: [TextEdit] = []
    private(set) var notes: [PromiseKitNote] = []
    private(set) var rules: [String: Int] = [:]
    /// Names bound to promises (`let filePromise = fetch()`, a parameter `_ p: Promise<Int>`), each
    /// with the UTF-8 range of the function or closure it is visible in.
    private var localPromises: [(scope: Range<Int>, name: String)] = []
    /// Argument lists to rebuild once their own arguments' rewrites are known.
    private var pendingArguments: [SyntaxIdentifier: (kept: [ArgumentPiece], trailing: Bool, nameEnd: Int, rule: String)] = [:]
    /// Depth of `extension Promise` bodies, where `T` is `Value` and bare steps act on `self`.
    private var promiseExtensionDepth = 0
    /// Functions inside those that declare their own `T`.
    private var shadowingT = 0
    /// Signature ranges of functions with `<U: Thenable>` parameters, and those parameters.
    private var thenableScopes: [(range: Range<Int>, names: Set<String>)] = []

    init(index: PromiseKitIndex, queues: StepQueues, tree: SourceFileSyntax, fileName: String) {
        self.index = index
        self.queues = queues
        self.converter = SourceLocationConverter(fileName: fileName, tree: tree)
        importsThen = tree.statements.contains {
            $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription == "Then"
        }
        super.init(viewMode: .sourceAccurate)
    }

    /// The rewritten source, the notes and the rewrites made per rule.
    static func rewrite(
        _ source: String, path: String, index: PromiseKitIndex, queues: StepQueues
    ) -> (source: String, notes: [PromiseKitNote], rules: [String: Int]) {
        let tree = Parser.parse(source: source)
        guard !SyntaxDepth.exceedsLimit(tree) else {
            let note = PromiseKitNote(
                line: 1,
                reason: "its syntax tree nests more than \(SyntaxDepth.limit) levels deep (a chain of hundreds of "
                    + "calls?); left as it is: walking it would overflow the stack")
            return (source, [note], [:])
        }
        let rewriter = PromiseKitRewriter(index: index, queues: queues, tree: tree, fileName: path)
        rewriter.walk(tree)
        return (TextEdit.apply(rewriter.edits, to: source), rewriter.notes, rewriter.rules)
    }

    /// Whether `source` uses PromiseKit (imports it or PMKFoundation).
    static func usesPromiseKit(_ source: String) -> Bool {
        source.contains("import PromiseKit") || source.contains("import PMKFoundation")
    }

    // MARK: - Recording

    private func replace(_ node: some SyntaxProtocol, with text: String, rule: String) {
        replace(start: node.positionAfterSkippingLeadingTrivia, end: node.endPositionBeforeTrailingTrivia, with: text, rule: rule)
    }

    private func replace(start: AbsolutePosition, end: AbsolutePosition, with text: String, rule: String) {
        edits.append(TextEdit(start: start.utf8Offset, end: end.utf8Offset, text: text))
        rules[rule, default: 0] += 1
    }

    private func insert(_ text: String, at position: AbsolutePosition) {
        edits.append(TextEdit(start: position.utf8Offset, end: position.utf8Offset, text: text))
    }

    private func note(_ node: some SyntaxProtocol, _ reason: String) {
        let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        if !notes.contains(PromiseKitNote(line: line, reason: reason)) {
            notes.append(PromiseKitNote(line: line, reason: reason))
        }
    }

    // MARK: - What is a promise

    private func isPromise(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        while true {
            if let wrapped = expression.as(TryExprSyntax.self) {
                expression = wrapped.expression
            } else if let wrapped = expression.as(AwaitExprSyntax.self) {
                expression = wrapped.expression
            } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first, only.label == nil
            {
                expression = only.expression
            } else {
                break
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return isPromiseCall(call) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            // Only what this file binds: a codebase's `func users() -> Promise<…>` says nothing
            // about a parameter `users`.
            return isLocalPromise(reference.baseName.text, at: reference.position)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
            return index.promiseProperties.contains(member.declName.baseName.text)
        }
        return false
    }

    /// `A`, `A.B` or `A.B.C`: names only.
    private static func isDottedName(_ expression: ExprSyntax) -> Bool {
        var current = expression
        for _ in 0..<3 {
            guard let member = current.as(MemberAccessExprSyntax.self), let base = member.base else { break }
            current = base
        }
        return current.is(DeclReferenceExprSyntax.self)
    }

    /// `isPromiseCall`'s answers so far. Visiting a chain's outer call asks about every call below it, and
    /// each of those is visited in turn: without them, a chain of n steps cost time quadratic in n. (An answer
    /// does not change during the walk: the locals and the extension it depends on are those of the
    /// statement, already seen when its outermost call asks.)
    private var promiseCalls: [SyntaxIdentifier: Bool] = [:]

    private func isPromiseCall(_ call: FunctionCallExprSyntax) -> Bool {
        if let known = promiseCalls[call.id] { return known }
        let answer = computeIsPromiseCall(call)
        promiseCalls[call.id] = answer
        return answer
    }

    private func computeIsPromiseCall(_ call: FunctionCallExprSyntax) -> Bool {
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if ["firstly", "when", "after", "race", "Promise", "Guarantee"].contains(name) { return true }
            if index.promiseFunctions.contains(name) || isLocalPromise(name, at: reference.position) { return true }
            return promiseExtensionDepth > 0 && PromiseKitNames.chainSteps.contains(name)
        }
        guard let member = callee.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        let name = member.declName.baseName.text
        if isPromiseTypeName(base) { return name != "pending" }
        if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "PromiseKit", name != "hang",
            Self.freeFunctions.contains(name)
        {
            return true  // `PromiseKit.firstly { … }`
        }
        if ["dataTask", "uploadTask", "downloadTask", "async"].contains(name), firstArgumentIsDotPromise(call) {
            return true
        }
        if PromiseKitNames.chainSteps.contains(name) {
            if isPromise(base) || Self.namesAQueue(call) { return true }
            if isPromiseKitOnly(name), call.trailingClosure != nil || name == "cauterize" { return true }
        }
        return index.promiseFunctions.contains(name) || index.promiseProperties.contains(name)
    }

    private func isLocalPromise(_ name: String, at position: AbsolutePosition) -> Bool {
        localPromises.contains { $0.name == name && $0.scope.contains(position.utf8Offset) }
    }

    /// The function or closure body a name bound at `node` is visible in (the file at the top level).
    private static func scope(of node: some SyntaxProtocol) -> Range<Int> {
        var current = node.parent
        while let candidate = current {
            if candidate.is(FunctionDeclSyntax.self) || candidate.is(ClosureExprSyntax.self)
                || candidate.is(AccessorDeclSyntax.self) || candidate.is(InitializerDeclSyntax.self)
            {
                return candidate.position.utf8Offset..<candidate.endPosition.utf8Offset
            }
            current = candidate.parent
        }
        return 0..<Int.max
    }

    /// `map(on: q)`: a collection's `map` takes no queue, so a step that names one is a promise's.
    private static func namesAQueue(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.contains { $0.label?.text == "on" }
    }

    private func isPromiseKitOnly(_ name: String) -> Bool {
        PromiseKitNames.promiseKitOnlySteps.contains(name) && !(name == "then" && importsThen)
    }

    private func isPromiseTypeName(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) { expression = specialized.expression }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "PromiseKit" {
            return ["Promise", "Guarantee"].contains(member.declName.baseName.text)
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return false }
        return ["Promise", "Guarantee"].contains(reference.baseName.text)
    }

    private func firstArgumentIsDotPromise(_ call: FunctionCallExprSyntax) -> Bool {
        guard let first = call.arguments.first, first.label == nil,
            let member = first.expression.as(MemberAccessExprSyntax.self)
        else { return false }
        return member.base == nil && member.declName.baseName.text == "promise"
    }

    /// Whether `node` is what a function or closure returns, and that function or closure returns a
    /// promise (declared so, or a `then`/`recover`/`firstly` body).
    private func isReturnedAsPromise(_ node: some SyntaxProtocol, void: Bool = false, trustingStepNames: Bool = true) -> Bool {
        var current = Syntax(node)
        var sawReturn = false
        while let parent = current.parent {
            // `a ?? .value(x)`, `c ? .value(x) : y`: the operand has the whole expression's type.
            if parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ExprListSyntax.self)
                || parent.is(SequenceExprSyntax.self) || parent.is(TernaryExprSyntax.self)
            {
                current = parent
                continue
            }
            if parent.is(ReturnStmtSyntax.self) {
                sawReturn = true
                current = parent
                continue
            }
            if parent.is(CodeBlockItemSyntax.self) {
                current = parent
                break
            }
            if let initializer = parent.as(InitializerClauseSyntax.self) {
                return !void && declaresPromises(initializer)
            }
            // `[.value(()), .value(())]` as a default value or an initial one.
            if parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self) || parent.is(ArrayExprSyntax.self) {
                current = parent
                continue
            }
            // An argument for a parameter the codebase declares with a promise type.
            if let argument = parent.as(LabeledExprSyntax.self), !void,
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            {
                let label = argument.label?.text ?? "_"
                let callee = call.calledExpression
                let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
                return index.promiseParameters.contains("\(name)(\(label):)")
            }
            return false
        }
        guard let list = current.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        if !sawReturn && list.count != 1 { return false }
        var scope = list.parent
        while let candidate = scope {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                return closureReturnsPromise(closure, void: void, trustingStepNames: trustingStepNames)
            }
            if let function = candidate.as(FunctionDeclSyntax.self) {
                guard let type = function.signature.returnClause?.type.trimmedDescription else { return false }
                return void ? Self.isVoidPromise(type) : PromiseKitIndex.isPromiseType(type)
            }
            if candidate.is(AccessorDeclSyntax.self) || candidate.is(PatternBindingSyntax.self) {
                var up = candidate.parent
                while let next = up, !next.is(PatternBindingSyntax.self) { up = next.parent }
                guard let type = (up ?? candidate).as(PatternBindingSyntax.self)?.typeAnnotation?.type.trimmedDescription
                else { return false }
                return void ? Self.isVoidPromise(type) : PromiseKitIndex.isPromiseType(type)
            }
            if candidate.is(IfExprSyntax.self) || candidate.is(SwitchExprSyntax.self) || candidate.is(GuardStmtSyntax.self)
                || candidate.is(DoStmtSyntax.self) || candidate.is(ForStmtSyntax.self) || candidate.is(WhileStmtSyntax.self)
            {
                guard sawReturn else { return false }
            }
            scope = candidate.parent
        }
        return false
    }

    /// A default value or initial value of something declared to hold promises.
    private func declaresPromises(_ initializer: InitializerClauseSyntax) -> Bool {
        if let parameter = initializer.parent?.as(FunctionParameterSyntax.self) {
            return PromiseKitIndex.holdsPromises(parameter.type.trimmedDescription)
        }
        if let binding = initializer.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
            return PromiseKitIndex.holdsPromises(type.trimmedDescription)
        }
        return false
    }

    private func closureReturnsPromise(_ closure: ClosureExprSyntax, void: Bool, trustingStepNames: Bool) -> Bool {
        if let type = closure.signature?.returnClause?.type.trimmedDescription {
            return void ? Self.isVoidPromise(type) : PromiseKitIndex.isPromiseType(type)
        }
        guard !void, trustingStepNames else { return false }
        var call: FunctionCallExprSyntax?
        if let direct = closure.parent?.as(FunctionCallExprSyntax.self) {
            call = direct
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        guard let call else { return false }
        // The closure of a promise's `then`/`recover`, or `firstly`'s, returns a promise.
        if Self.callsFirstly(call) { return true }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            return ["then", "recover", "ensureThen"].contains(name) && (isPromise(base) || isPromiseKitOnly(name))
        }
        return false
    }

    /// `firstly { … }` or `PromiseKit.firstly { … }`.
    private static func callsFirstly(_ call: FunctionCallExprSyntax) -> Bool {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "firstly"
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == "firstly"
            && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "PromiseKit"
    }

    private static func isVoidPromise(_ type: String) -> Bool {
        let compact = type.filter { !$0.isWhitespace }
        return ["Promise<Void>", "Guarantee<Void>", "Promise<()>", "Guarantee<()>"].contains(compact)
    }

    // MARK: - Imports, types, extensions

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let first = node.path.first else { return .skipChildren }
        if let module = PromiseKitNames.modules[first.name.text] {
            replace(first.name, with: module, rule: "import")
        } else if first.name.text.hasPrefix("PMK") {
            note(node, "\(first.name.text) has no counterpart here; wrap its calls with Promise.wrapping")
        }
        return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if PromiseKitNames.promiseTypes.contains(Self.extendedName(node)) { promiseExtensionDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        if PromiseKitNames.promiseTypes.contains(Self.extendedName(node)) { promiseExtensionDepth -= 1 }
    }

    private static func extendedName(_ node: ExtensionDeclSyntax) -> String {
        node.extendedType.as(IdentifierTypeSyntax.self)?.name.text ?? node.extendedType.as(MemberTypeSyntax.self)?.name.text ?? ""
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let generics = node.genericParameterClause?.parameters ?? []
        if promiseExtensionDepth > 0, generics.contains(where: { $0.name.text == "T" }) { shadowingT += 1 }
        var thenables: Set<String> = []
        for parameter in generics {
            guard let inherited = parameter.inheritedType,
                ["Thenable", "PromiseKit.Thenable"].contains(inherited.trimmedDescription),
                let colon = parameter.colon
            else { continue }
            thenables.insert(parameter.name.text)
            replace(start: colon.position, end: inherited.endPositionBeforeTrailingTrivia, with: "", rule: "<U: Thenable>")
        }
        for parameter in node.signature.parameterClause.parameters
        where PromiseKitIndex.isPromiseType(parameter.type.trimmedDescription) {
            localPromises.append((node.position.utf8Offset..<node.endPosition.utf8Offset, (parameter.secondName ?? parameter.firstName).text))
        }
        if !thenables.isEmpty {
            let start = node.genericParameterClause?.position ?? node.signature.position
            let end = (node.genericWhereClause?.endPosition ?? node.signature.endPosition).utf8Offset
            thenableScopes.append((start.utf8Offset..<end, thenables))
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        let generics = node.genericParameterClause?.parameters ?? []
        if promiseExtensionDepth > 0, generics.contains(where: { $0.name.text == "T" }) { shadowingT -= 1 }
    }

    private func thenableParameter(_ name: String, at position: AbsolutePosition) -> Bool {
        thenableScopes.contains { $0.range.contains(position.utf8Offset) && $0.names.contains(name) }
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        switch name {
        case "Guarantee":
            replace(node.name, with: "Promise", rule: "Guarantee")
        case "T" where promiseExtensionDepth > 0 && shadowingT == 0:
            replace(node.name, with: "Value", rule: "T (Promise's generic parameter)")
        case "URLRequestConvertible":
            replace(node.name, with: "URLRequest", rule: "URLRequestConvertible")
        case "Result" where !index.declaredTypes.contains("Result"):
            if let arguments = node.genericArgumentClause, arguments.arguments.count == 1 {
                insert(", any Error", at: arguments.rightAngle.positionAfterSkippingLeadingTrivia)
                rules["Result<T>", default: 0] += 1
            }
        case "Thenable", "CatchMixin", "PMKFinalizer", "CancellableThenable":
            if node.parent?.is(GenericParameterSyntax.self) == true {
                break  // `<U: Thenable>`: the constraint is removed with the function's signature
            } else if node.parent?.is(ExtensionDeclSyntax.self) == true, name == "Thenable" || name == "CatchMixin" {
                replace(node.name, with: "Promise", rule: "extension Thenable")
            } else {
                note(node, "\(name) has no counterpart: use Promise<Value>")
            }
        default:
            if thenableParameter(name, at: node.position) {
                replace(node, with: "Promise<\(name)>", rule: "<U: Thenable>")
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.baseType.as(IdentifierTypeSyntax.self), node.name.text == "T",
            thenableParameter(base.name.text, at: node.position)
        {
            replace(node, with: base.name.text, rule: "<U: Thenable>")
            return .skipChildren
        }
        if node.baseType.trimmedDescription == "PromiseKit" {
            let target = node.name.text == "Guarantee" ? "Promise" : node.name.text
            replace(start: node.positionAfterSkippingLeadingTrivia, end: node.name.endPositionBeforeTrailingTrivia,
                    with: "Promises.\(target)", rule: "PromiseKit.")
            if let arguments = node.genericArgumentClause { walk(arguments) }
            return .skipChildren
        }
        return .visitChildren
    }

    // MARK: - Declarations that bind promises

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            let bindsPromise =
                node.initializer.map { isPromise($0.value) } == true
                || node.typeAnnotation.map { PromiseKitIndex.isPromiseType($0.type.trimmedDescription) } == true
            if bindsPromise { localPromises.append((Self.scope(of: node), name)) }
        }
        return .visitChildren
    }

    // MARK: - Expressions

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if name == "Guarantee" {
            replace(node.baseName, with: "Promise", rule: "Guarantee")
        } else if name == "T", promiseExtensionDepth > 0, shadowingT == 0,
            node.parent?.as(MemberAccessExprSyntax.self)?.base?.id == node.id
        {
            replace(node.baseName, with: "Value", rule: "T (Promise's generic parameter)")
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let target = elements[0].trimmedDescription.replacingOccurrences(of: "PromiseKit.", with: "")
        guard target == "conf.Q" || target.hasPrefix("conf.Q.") else { return .visitChildren }
        let how = [queues.map.argument, queues.return.argument].compactMap { $0 }.map { "on: \($0)" }
        let said = how.isEmpty ? "no on: (the default queue)" : Array(Set(how)).sorted().joined(separator: " / ")
        let original = node.trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").replacingOccurrences(of: "*/", with: "* /")
        replace(node, with: "/* \(original): promise-migrate wrote \(said) on each step */ ()", rule: "conf.Q")
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        guard let base = node.base else {
            if name == "fulfilled" || name == "rejected", !index.enumCases.contains(name) {
                replace(node.declName.baseName, with: name == "fulfilled" ? "success" : "failure", rule: "Result.fulfilled / .rejected")
            }
            return .visitChildren
        }
        // The names below are dotted names: another base (a chain of calls) is not written out, which for
        // every step of a long chain took time quadratic in its length.
        let baseText =
            Self.isDottedName(base) ? base.trimmedDescription.replacingOccurrences(of: "PromiseKit.", with: "") : ""
        if baseText == "PromiseKit", name == "Promise" || name == "Guarantee" {
            replace(node, with: "Promises.Promise", rule: "PromiseKit.")
            return .skipChildren
        }
        if baseText == "conf.Q", name == "map" || name == "return" {
            replace(node, with: (name == "map" ? queues.map : queues.return).optionalDispatchQueue, rule: "conf.Q.map")
            return .skipChildren
        }
        if baseText == "PMKError" {
            if let target = PromiseKitNames.errors[name] {
                if name == "cancelled", let pattern = node.parent?.as(ExpressionPatternSyntax.self) {
                    replace(pattern, with: "is CancellationError", rule: "PMKError")
                } else {
                    replace(node, with: target, rule: "PMKError")
                }
            } else {
                note(node, "PMKError.\(name) has no counterpart: throw your own error")
            }
            return .skipChildren
        }
        switch name {
        case "pmkRequest":
            replace(start: node.period.position, end: node.endPositionBeforeTrailingTrivia, with: "", rule: "pmkRequest")
        case "isCancelled" where Self.looksLikeAnError(base):
            replace(node.declName.baseName, with: "isCancellation", rule: "isCancelled")
        case "isFulfilled", "isRejected":
            rewriteOutcomeTest(node, base: base, fulfilled: name == "isFulfilled")
        case "isResolved" where isPromise(base):
            replace(node, with: "!\(base.trimmedDescription).isPending", rule: "promise.isResolved")
        case "value" where isPromise(base) && node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id:
            // PromiseKit's `promise.value`: the value if fulfilled, else nil (here `value` is async).
            replace(start: node.period.position, end: node.endPositionBeforeTrailingTrivia,
                    with: ".currentResult.flatMap { try? $0.get() }", rule: "promise.value")
        case "firstValue", "lastValue":
            if isPromise(base), !(node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id) {
                let pick = name == "firstValue" ? "first" : "last"
                replace(start: node.period.position, end: node.endPositionBeforeTrailingTrivia,
                        with: ".compactMap(on: .inline) { $0.\(pick) }", rule: "firstValue / lastValue")
            }
        default:
            break
        }
        return .visitChildren
    }

    /// `error.isCancelled` (PromiseKit's, on errors) but not `Task.isCancelled` or an operation's.
    private static func looksLikeAnError(_ base: ExprSyntax) -> Bool {
        let text = base.trimmedDescription.lowercased()
        return text.hasSuffix("error") || text == "e" || text == "err" || text == "$0"
    }

    /// `result.isFulfilled`: a condition becomes `case .success = result`; elsewhere a closure says it.
    private func rewriteOutcomeTest(_ node: MemberAccessExprSyntax, base: ExprSyntax, fulfilled: Bool) {
        guard base.is(DeclReferenceExprSyntax.self) else {
            note(node, "\(node.declName.baseName.text) on an expression: name it, then `if case .success = result`")
            return
        }
        if isPromise(base) {
            // PromiseKit's `promise.isFulfilled`: the promise's `currentResult`.
            let pattern = "case .\(fulfilled ? "success" : "failure")? = \(base.trimmedDescription).currentResult"
            if node.parent?.is(ConditionElementSyntax.self) == true {
                replace(node, with: pattern, rule: "promise.isFulfilled")
            } else {
                replace(node, with: "{ if \(pattern) { return true } else { return false } }()", rule: "promise.isFulfilled")
            }
            return
        }
        let rule = "Result.isFulfilled"
        if let negation = node.parent?.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!",
            negation.parent?.is(ConditionElementSyntax.self) == true
        {
            replace(negation, with: "case .\(fulfilled ? "failure" : "success") = \(base.trimmedDescription)", rule: rule)
        } else if node.parent?.is(ConditionElementSyntax.self) == true {
            replace(node, with: "case .\(fulfilled ? "success" : "failure") = \(base.trimmedDescription)", rule: rule)
        } else {
            let want = fulfilled ? "success" : "failure"
            replace(
                node, with: "{ if case .\(want) = \(base.trimmedDescription) { return true } else { return false } }()",
                rule: rule)
        }
    }

    override func visit(_ node: SwitchCaseItemSyntax) -> SyntaxVisitorContinueKind {
        rewriteHTTPErrorPattern(node.pattern, body: node.parent?.parent?.parent?.as(SwitchCaseSyntax.self)?.statements)
        return .visitChildren
    }

    override func visit(_ node: CatchItemSyntax) -> SyntaxVisitorContinueKind {
        if let pattern = node.pattern {
            rewriteHTTPErrorPattern(pattern, body: node.parent?.parent?.as(CatchClauseSyntax.self)?.body.statements)
        }
        return .visitChildren
    }

    /// `case PMKHTTPError.badStatusCode(let code, _, _):` becomes `case let httpError as HTTPStatusError:`
    /// with `let code = httpError.statusCode` first in the body.
    private func rewriteHTTPErrorPattern(_ pattern: PatternSyntax, body: CodeBlockItemListSyntax?) {
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression,
            let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            callee.base?.trimmedDescription == "PMKHTTPError", callee.declName.baseName.text == "badStatusCode"
        else { return }
        let fields = ["statusCode", "data", nil]
        var bindings: [String] = []
        for (offset, argument) in call.arguments.enumerated() {
            let text = argument.expression.trimmedDescription
            guard text != "_" else { continue }
            let words = text.split(separator: " ")
            guard words.count == 2, ["let", "var"].contains(words[0]), offset < fields.count, let field = fields[offset] else {
                note(call, "PMKHTTPError.badStatusCode binds the response: HTTPStatusError has statusCode, data and url")
                return
            }
            bindings.append("let \(words[1]) = httpError.\(field)")
        }
        guard let first = body?.first else { return }
        replace(pattern, with: "let httpError as HTTPStatusError", rule: "PMKHTTPError.badStatusCode")
        if !bindings.isEmpty {
            let indentation = Self.indentation(of: first)
            insert(bindings.map { $0 + "\n" + indentation }.joined(), at: first.positionAfterSkippingLeadingTrivia)
        }
    }

    private static func indentation(of node: some SyntaxProtocol) -> String {
        let leading = node.leadingTrivia.description
        return String(leading.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    // MARK: - Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        var callee = node.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if let base = member.base {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "PromiseKit",
                    Self.freeFunctions.contains(name)
                {
                    // `PromiseKit.firstly { … }`: as `firstly { … }`; the rewrite replaces the whole callee, the
                    // module it no longer names included.
                    rewriteFreeFunctionCall(node, callee: ExprSyntax(member), name: member.declName.baseName)
                } else if isPromiseTypeName(base) {
                    if name == "value" {  // `Promise.value(x)`, `Guarantee.value(x)` → `Promise(x)`
                        replace(start: member.period.position, end: member.endPositionBeforeTrailingTrivia, with: "",
                                rule: "Promise.value(x)")
                    }
                } else if firstArgumentIsDotPromise(node) {
                    rewriteDotPromise(node, member: member, base: base)
                } else if PromiseKitNames.chainSteps.contains(name),
                    isPromise(base) || Self.namesAQueue(node)
                        || (isPromiseKitOnly(name) && (node.trailingClosure != nil || name == "cauterize"))
                {
                    rewriteStep(node, nameToken: member.declName.baseName, name: name)
                }
            } else if name == "value", isReturnedAsPromise(node, trustingStepNames: !index.enumCases.contains("value")) {
                replace(member, with: "Promise", rule: ".value(x) in return position")
            }
        } else if let reference = callee.as(DeclReferenceExprSyntax.self) {
            rewriteFreeFunctionCall(node, callee: ExprSyntax(reference), name: reference.baseName)
        }
        return .visitChildren
    }

    /// PromiseKit's free functions, which `PromiseKit.` may qualify.
    private static let freeFunctions: Set<String> = ["firstly", "when", "after", "race", "hang"]

    /// A call of a free function (`firstly { … }`, `when(fulfilled:)`, a step inside `extension Promise`), its
    /// callee `firstly` or `PromiseKit.firstly`, whose name is `nameToken`.
    private func rewriteFreeFunctionCall(
        _ node: FunctionCallExprSyntax, callee: ExprSyntax, name nameToken: TokenSyntax
    ) {
        let name = nameToken.text
        switch name {
        case "firstly":
            replace(callee, with: "Promise.firstly", rule: "firstly")
            // `firstly(execute: { … })`: `Promise.firstly` takes its closure unlabeled.
            if let argument = node.arguments.first, node.arguments.count == 1, argument.label?.text == "execute" {
                replace(
                    start: argument.positionAfterSkippingLeadingTrivia,
                    end: argument.expression.positionAfterSkippingLeadingTrivia, with: "", rule: "firstly")
            }
        case "when": rewriteWhen(node, callee: callee)
        case "after": rewriteAfter(node, callee: callee)
        case "race": rewriteRace(node, callee: callee)
        case "hang":
            if let argument = node.arguments.first, node.arguments.count == 1 {
                let simple = argument.expression.is(DeclReferenceExprSyntax.self) || argument.expression.is(FunctionCallExprSyntax.self)
                let tryWord = Self.isUnderTry(node) ? "" : "try "
                replace(start: callee.positionAfterSkippingLeadingTrivia, end: argument.positionAfterSkippingLeadingTrivia,
                        with: simple ? tryWord : tryWord + "(", rule: "hang")
                replace(start: argument.endPositionBeforeTrailingTrivia, end: node.endPositionBeforeTrailingTrivia,
                        with: simple ? ".wait()" : ").wait()", rule: "hang")
            }
        case "Promise", "Guarantee":
            rewriteInitializer(node)
        default:
            if promiseExtensionDepth > 0, PromiseKitNames.chainSteps.contains(name) {
                rewriteStep(node, nameToken: nameToken, name: name)
            }
        }
    }

    /// Whether `node` is already covered by a `try` of its expression (`try hang(p)`).
    private static func isUnderTry(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let candidate = current, candidate.is(ExprSyntax.self) || candidate.is(LabeledExprSyntax.self)
            || candidate.is(LabeledExprListSyntax.self) || candidate.is(ExprListSyntax.self)
        {
            if candidate.is(TryExprSyntax.self) { return true }
            if candidate.is(ClosureExprSyntax.self) { return false }
            current = candidate.parent
        }
        return false
    }

    /// `Promise(guarantee)` → the guarantee, `Promise()` → `Promise(())`, `Promise(resolver:)` → `resolving:`,
    /// and in a `Guarantee { seal in … }` body `seal(x)` → `seal.fulfill(x)`.
    private func rewriteInitializer(_ node: FunctionCallExprSyntax) {
        // PromiseKit's only unlabeled one-argument initializer bridges a guarantee or another
        // promise (`Promise(guarantee)`): here that is the promise itself.
        if node.arguments.count == 1, let only = node.arguments.first, only.label == nil, node.trailingClosure == nil,
            !only.expression.is(ClosureExprSyntax.self), let right = node.rightParen
        {
            replace(start: node.positionAfterSkippingLeadingTrivia, end: only.positionAfterSkippingLeadingTrivia,
                    with: "", rule: "Promise(guarantee)")
            replace(start: only.endPositionBeforeTrailingTrivia, end: right.endPositionBeforeTrailingTrivia, with: "",
                    rule: "Promise(guarantee)")
            return
        }
        if node.arguments.isEmpty, node.trailingClosure == nil, let left = node.leftParen, let right = node.rightParen {
            replace(start: left.position, end: right.endPositionBeforeTrailingTrivia, with: "(())", rule: "Promise() (Void)")
        }
        if let first = node.arguments.first, first.label?.text == "resolver", let label = first.label {
            replace(label, with: "resolving", rule: "Promise(resolver:)")
        }
        let isGuarantee =
            node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Guarantee"
            || node.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression.trimmedDescription == "Guarantee"
        if isGuarantee, let closure = node.trailingClosure ?? node.arguments.first?.expression.as(ClosureExprSyntax.self) {
            let sealName = Self.firstParameterName(closure) ?? "$0"
            let finder = SealUseFinder(name: sealName)
            finder.walk(closure.statements)
            for position in finder.fulfilPositions {
                insert(".fulfill", at: position)
                rules["Guarantee { seal in seal(x) }", default: 0] += 1
            }
        }
    }

    private static func firstParameterName(_ closure: ClosureExprSyntax) -> String? {
        guard let parameters = closure.signature?.parameterClause else { return nil }
        if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self) { return shorthand.first?.name.text }
        if let full = parameters.as(ClosureParameterClauseSyntax.self), let first = full.parameters.first {
            return (first.secondName ?? first.firstName).text
        }
        return nil
    }

    /// `session.dataTask(.promise, with: r)` → `session.dataPromise(with: r)`, and
    /// `queue.async(.promise) { … }` → `Promise(on: queue) { … }`.
    private func rewriteDotPromise(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax, base: ExprSyntax) {
        let name = member.declName.baseName.text
        let arguments = Array(node.arguments)
        if name == "async" {
            guard arguments.count == 1, node.trailingClosure != nil, let right = node.rightParen else {
                note(node, "async(.promise, …) with arguments: write Promise(on: queue) { … }")
                return
            }
            insert("Promise(on: ", at: base.positionAfterSkippingLeadingTrivia)
            replace(start: member.period.position, end: right.endPositionBeforeTrailingTrivia, with: ")", rule: "async(.promise)")
            return
        }
        let target = ["dataTask": "dataPromise", "uploadTask": "uploadPromise", "downloadTask": "downloadPromise"][name]!
        guard arguments.count >= 2 else { return }
        replace(member.declName.baseName, with: target, rule: "URLSession \(name)(.promise, …)")
        replace(start: arguments[0].positionAfterSkippingLeadingTrivia, end: arguments[1].positionAfterSkippingLeadingTrivia,
                with: "", rule: "URLSession \(name)(.promise, …)")
    }

    /// A chain step: its name here, PromiseKit's queue written out, `on: nil` and `flags:` translated.
    private func rewriteStep(_ node: FunctionCallExprSyntax, nameToken: TokenSyntax, name: String) {
        let queue = queues.queue(for: name)
        switch name {
        case "cauterize":
            replace(start: nameToken.positionAfterSkippingLeadingTrivia, end: node.endPositionBeforeTrailingTrivia,
                    with: "catch { _ in }", rule: "cauterize()")
            return
        case "validate":
            if node.arguments.isEmpty { replace(nameToken, with: "validateHTTPStatus", rule: "validate() (PMKFoundation)") }
            return
        case "asPromise":
            if node.arguments.isEmpty, node.trailingClosure == nil, let period = nameToken.previousToken(viewMode: .sourceAccurate),
                period.tokenKind == .period
            {
                replace(start: period.positionAfterSkippingLeadingTrivia, end: node.endPositionBeforeTrailingTrivia,
                        with: "", rule: "asPromise()")
            }
            return
        case "sortedValues":
            if node.arguments.isEmpty, node.trailingClosure == nil {
                let on = queue.argument.map { "(on: \($0))" } ?? ""
                replace(start: nameToken.positionAfterSkippingLeadingTrivia, end: node.endPositionBeforeTrailingTrivia,
                        with: "map\(on) { $0.sorted() }", rule: "sortedValues()")
            } else {
                note(node, "sortedValues with arguments: write map { $0.sorted(by: …) }")
            }
            return
        case "timeout":
            if node.arguments.first?.label?.text == "seconds" {
                note(node, "timeout(seconds:): timeout(.seconds(n)) rejects with PromiseError.timedOut")
            }
            return
        case "ensureThen":
            note(node, "ensureThen: Migration.md's recipe (a Result first, then the cleanup) keeps its guarantees")
            return
        case "thenMap":
            wrapClosure(node, nameToken: nameToken, queue: queue, step: "flatMap", open: "{ Promise.all($0.map", close: ") }")
            return
        case "get" where Self.bodyThrows(node):
            // PromiseKit's `get` body may throw; `then`'s may not: a `map` that runs it and passes the value on.
            if let closure = node.trailingClosure {
                replace(nameToken, with: "map", rule: "get (throwing)")
                insert("{ value in try (", at: closure.positionAfterSkippingLeadingTrivia)
                insert(")(value); return value }", at: closure.endPositionBeforeTrailingTrivia)
                rewriteArguments(node, nameToken: nameToken, queue: queue, addQueue: true)
            } else {
                note(node, "get whose body throws: write map { value in try …; return value }")
            }
            return
        default:
            break
        }
        if let collection = PromiseKitNames.collectionSteps[name] {
            wrapClosure(node, nameToken: nameToken, queue: queue, step: collection.step, open: "{ $0.\(collection.method)", close: " }")
            return
        }
        guard let newName = PromiseKitNames.stepRenames[name] else { return }
        if newName != name { replace(nameToken, with: newName, rule: name) }
        rewriteArguments(node, nameToken: nameToken, queue: queue, addQueue: PromiseKitNames.closureSteps.contains(name))
    }

    private static func bodyThrows(_ node: FunctionCallExprSyntax) -> Bool {
        let closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self)
        return closure?.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.try) } == true
            || closure?.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.throw) } == true
    }

    /// `.mapValues { f }` → `.map(on: q) { $0.map { f } }` (the collection's method inside `map`).
    private func wrapClosure(
        _ node: FunctionCallExprSyntax, nameToken: TokenSyntax, queue: StepQueue, step: String, open: String, close: String
    ) {
        let arguments = node.arguments.filter { $0.label?.text != "on" && $0.label?.text != "flags" }
        let queueArgument = node.arguments.first { $0.label?.text == "on" }.map { queueText($0.expression) } ?? queue.argument
        let on = queueArgument.map { "(on: \($0))" } ?? ""
        if let closure = node.trailingClosure, arguments.isEmpty {
            let end = node.rightParen?.endPositionBeforeTrailingTrivia ?? nameToken.endPositionBeforeTrailingTrivia
            replace(start: nameToken.positionAfterSkippingLeadingTrivia, end: end, with: step + on, rule: nameToken.text)
            insert("\(open) ", at: closure.positionAfterSkippingLeadingTrivia)
            insert(close, at: closure.endPositionBeforeTrailingTrivia)
        } else if node.trailingClosure == nil, arguments.count == 1, let only = arguments.first, only.label == nil,
            let right = node.rightParen
        {
            replace(start: nameToken.positionAfterSkippingLeadingTrivia, end: only.positionAfterSkippingLeadingTrivia,
                    with: "\(step)\(on) \(open)(", rule: nameToken.text)
            replace(start: only.endPositionBeforeTrailingTrivia, end: right.endPositionBeforeTrailingTrivia, with: ")\(close)",
                    rule: nameToken.text)
        } else {
            note(node, "\(nameToken.text) with these arguments: write map { $0.map(…) } by hand")
        }
    }

    private func queueText(_ expression: ExprSyntax) -> String {
        expression.trimmedDescription == "nil" ? ".inline" : expression.trimmedDescription
    }

    /// One argument of a rebuilt list: its text (its own rewrites applied when the list is rebuilt)
    /// and the range it came from, nil for an added one.
    struct ArgumentPiece {
        var text: String
        var range: Range<Int>?
        var labelPrefix = ""
    }

    /// Translates `on: nil`, drops `flags:`, turns `policy:` into `includingCancellation:`, and adds the
    /// codebase's queue where the step named none. The list is rebuilt after its arguments are visited,
    /// so a rewrite inside one (`on: conf.Q.map`) is kept.
    private func rewriteArguments(_ node: FunctionCallExprSyntax, nameToken: TokenSyntax, queue: StepQueue, addQueue: Bool) {
        let arguments = Array(node.arguments)
        let hasQueue = arguments.contains { $0.label?.text == "on" }
        let needsQueue = addQueue && !hasQueue && queue.argument != nil
        let changes = arguments.contains {
            ($0.label?.text == "on" && $0.expression.trimmedDescription == "nil") || $0.label?.text == "flags"
                || $0.label?.text == "policy"
        }
        guard needsQueue || changes else { return }
        if arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }) {
            if needsQueue, let left = node.leftParen {
                insert("on: \(queue.argument!), ", at: left.endPositionBeforeTrailingTrivia)
                rules["queue (conf.Q)", default: 0] += 1
            }
            if changes { note(node, "\(nameToken.text): translate on: nil / flags: / policy: by hand") }
            return
        }
        var kept: [ArgumentPiece] = []
        if needsQueue { kept.append(ArgumentPiece(text: "on: \(queue.argument!)")) }
        for argument in arguments {
            switch argument.label?.text {
            case "on" where argument.expression.trimmedDescription == "nil":
                kept.append(ArgumentPiece(text: "on: .inline"))
            case "flags":
                continue
            case "policy":
                if argument.expression.trimmedDescription.hasSuffix("allErrors") {
                    kept.append(ArgumentPiece(text: "includingCancellation: true"))
                }
            default:
                let expression = argument.expression
                let label = argument.label.map { "\($0.text): " } ?? ""
                kept.append(
                    ArgumentPiece(
                        text: expression.trimmedDescription,
                        range: expression.positionAfterSkippingLeadingTrivia.utf8Offset..<expression.endPositionBeforeTrailingTrivia.utf8Offset,
                        labelPrefix: label))
            }
        }
        pendingArguments[node.id] = (
            kept, node.trailingClosure != nil, nameToken.endPositionBeforeTrailingTrivia.utf8Offset,
            needsQueue ? "queue (conf.Q)" : "on: nil / flags:"
        )
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        guard let pending = pendingArguments.removeValue(forKey: node.id) else { return }
        var texts: [String] = []
        for piece in pending.kept {
            guard let range = piece.range else {
                texts.append(piece.text)
                continue
            }
            // This argument's own rewrites, applied to its text and taken out of the file's edits.
            let inner = edits.filter { range.lowerBound <= $0.start && $0.end <= range.upperBound }
            edits.removeAll { range.lowerBound <= $0.start && $0.end <= range.upperBound }
            let shifted = inner.map { TextEdit(start: $0.start - range.lowerBound, end: $0.end - range.lowerBound, text: $0.text) }
            texts.append(piece.labelPrefix + TextEdit.apply(shifted, to: piece.text))
        }
        let replacement = texts.isEmpty && pending.trailing ? "" : "(\(texts.joined(separator: ", ")))"
        if let left = node.leftParen, let right = node.rightParen {
            replace(start: left.position, end: right.endPositionBeforeTrailingTrivia, with: replacement, rule: pending.rule)
        } else {
            edits.append(TextEdit(start: pending.nameEnd, end: pending.nameEnd, text: replacement))
            rules[pending.rule, default: 0] += 1
        }
    }

    /// `when(fulfilled: ps)` → `Promise.all(ps)` (with `.asVoid()` where a `Promise<Void>` is
    /// wanted, as PromiseKit's Void overload gave), `when(resolved:)` → `Promise.allSettled`.
    private func rewriteWhen(_ node: FunctionCallExprSyntax, callee: ExprSyntax) {
        guard let first = node.arguments.first, let label = first.label?.text else {
            note(node, "when(…) without a label: write Promise.all")
            return
        }
        if node.arguments.contains(where: { $0.label?.text == "concurrently" }) {
            note(node, "when(fulfilled:concurrently:): Promise.map(items, concurrency: n) { … } runs the work with a limit")
            return
        }
        let target: String
        switch label {
        case "fulfilled", "guarantees": target = "Promise.all"
        case "resolved": target = "Promise.allSettled"
        default:
            note(node, "when(\(label):): write Promise.all")
            return
        }
        replace(callee, with: target, rule: "when(\(label):)")
        replace(start: first.positionAfterSkippingLeadingTrivia, end: first.expression.positionAfterSkippingLeadingTrivia,
                with: "", rule: "when(\(label):)")
        guard target == "Promise.all", node.arguments.count == 1 else { return }
        if label == "guarantees" || isReturnedAsPromise(node, void: true) || continuesWithoutValue(node) {
            insert(".asVoid()", at: node.endPositionBeforeTrailingTrivia)
            rules["when(fulfilled:) of Void promises", default: 0] += 1
        }
    }

    /// Whether the chain goes on with a step whose closure ignores the value (`.done { … }` with no
    /// parameter), which PromiseKit's Void `when` allowed.
    private func continuesWithoutValue(_ node: FunctionCallExprSyntax) -> Bool {
        guard let member = node.parent?.as(MemberAccessExprSyntax.self),
            let call = member.parent?.as(FunctionCallExprSyntax.self), let closure = call.trailingClosure
        else { return false }
        return closure.signature == nil && !closure.statements.trimmedDescription.contains("$0")
    }

    /// `after(seconds: s)` → `Promise.after(.seconds(s))`; `after(.seconds(n))` → `Promise.after(…)`.
    private func rewriteAfter(_ node: FunctionCallExprSyntax, callee: ExprSyntax) {
        guard let first = node.arguments.first, node.arguments.count == 1 else { return }
        replace(callee, with: "Promise.after", rule: "after")
        if first.label?.text == "seconds" {
            replace(start: first.positionAfterSkippingLeadingTrivia, end: first.expression.positionAfterSkippingLeadingTrivia,
                    with: ".seconds(", rule: "after")
            insert(")", at: first.expression.endPositionBeforeTrailingTrivia)
        }
    }

    /// `race(a, b)` → `Promise.race([a, b])`.
    private func rewriteRace(_ node: FunctionCallExprSyntax, callee: ExprSyntax) {
        let arguments = Array(node.arguments)
        guard let first = arguments.first, let last = arguments.last, first.label == nil else {
            if let label = arguments.first?.label?.text {
                note(node, "race(\(label):): write Promise.any (the first value to arrive), or Promise.race")
            }
            return
        }
        replace(callee, with: "Promise.race", rule: "race")
        if arguments.count > 1 || isPromise(first.expression) {
            insert("[", at: first.positionAfterSkippingLeadingTrivia)
            insert("]", at: last.expression.endPositionBeforeTrailingTrivia)
        }
    }
}

/// Finds, in a `Guarantee { seal in … }` body, where `seal` is called or passed as a handler: each
/// becomes `seal.fulfill`.
private final class SealUseFinder: SyntaxVisitor {
    let name: String
    var fulfilPositions: [AbsolutePosition] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == name else { return .skipChildren }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            fulfilPositions.append(node.endPositionBeforeTrailingTrivia)
        } else if node.parent?.is(LabeledExprSyntax.self) == true {
            fulfilPositions.append(node.endPositionBeforeTrailingTrivia)
        }
        return .skipChildren
    }
}
