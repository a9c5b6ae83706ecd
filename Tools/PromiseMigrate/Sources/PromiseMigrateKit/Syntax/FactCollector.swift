import SwiftParser
import SwiftSyntax

extension FileFacts {
    /// Parses `source` and collects its facts in one pass over the tree; a tree too deep to walk
    /// (`SyntaxDepth`) is a diagnostic.
    ///
    /// - Parameters:
    ///   - source: the file's text.
    ///   - path: the path reported for it.
    ///   - isMainFile: whether it is a `main.swift`, whose top level runs in a Task once it awaits.
    public static func parse(_ source: String, path: String, isMainFile: Bool) -> Result<FileFacts, FileDiagnostic> {
        let tree = Parser.parse(source: source)
        guard !SyntaxDepth.exceedsLimit(tree) else {
            return .failure(
                FileDiagnostic(
                    path: path, kind: .nestedTooDeep,
                    message: "its syntax tree nests more than \(SyntaxDepth.limit) levels deep (a chain of hundreds "
                        + "of calls?); skipped: walking it would overflow the stack"))
        }
        return .success(FileFacts(tree: tree, source: source, path: path, isMainFile: isMainFile))
    }

    private init(tree: SourceFileSyntax, source: String, path: String, isMainFile: Bool) {
        let collector = FactCollector(path: path, tree: tree, isMainFile: isMainFile)
        collector.walk(tree)
        self = collector.finish()
        isGenerated = source.hasPrefix(WrapGenerator.marker)
        if tree.hasError {
            syntaxProblem = SyntaxProblemFinder.first(in: tree, converter: collector.converter)
        }
    }
}

/// One lexical context: the file's top level, a function, an accessor or a closure.
private struct LexicalContext {
    var parent: Int
    var declaredAsync: Bool
    /// Closures and a main file's top level become async by containing an `await`.
    var asyncWhenAwaiting: Bool
    /// Resolver closures (`Promise { resolver in … }`) run at once, in their caller's context.
    var runsInParent: Bool
    /// A promise's body, or inside one.
    var isPromiseBody = false
    var awaits = false
}

/// The type or extension being visited.
private struct TypeFrame {
    var record: TypeRecord
}

/// Walks one file's tree and fills a `FileFacts`.
final class FactCollector: SyntaxVisitor {
    let converter: SourceLocationConverter
    private var facts: FileFacts
    private var types: [TypeFrame] = []
    private var conditions: [String] = []
    private var contexts: [LexicalContext]
    private var contextStack: [Int] = [0]
    /// Depth of function bodies: a declaration inside one is local.
    private var functionDepth = 0
    /// The functions being visited, innermost last (indexes into `facts.functions`; nil for an operator).
    private var functionStack: [Int?] = []
    /// What the file says about its variables' types.
    private var variables = VariableScopes()

    init(path: String, tree: SourceFileSyntax, isMainFile: Bool) {
        converter = SourceLocationConverter(fileName: path, tree: tree)
        facts = FileFacts(path: path)
        contexts = [
            LexicalContext(parent: 0, declaredAsync: false, asyncWhenAwaiting: isMainFile, runsInParent: false)
        ]
        super.init(viewMode: .sourceAccurate)
    }

    func finish() -> FileFacts {
        var resolved = [Bool](repeating: false, count: contexts.count)
        // Parents always come before their children, so one forward pass resolves inheritance.
        for index in contexts.indices {
            let context = contexts[index]
            resolved[index] =
                context.declaredAsync || (context.asyncWhenAwaiting && context.awaits)
                || (context.runsInParent && index != 0 && resolved[context.parent])
        }
        facts.contextIsAsync = resolved
        facts.contextIsPromiseBody = contexts.map(\.isPromiseBody)
        return facts
    }

    private func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: start(Syntax(node))).line
    }

    private func column(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: start(Syntax(node))).column
    }

    /// Where nodes start (their first token, after its leading trivia), found once per path down to it: every
    /// call of a chain starts at the chain's first token, and finding it from each call took time quadratic
    /// in the chain's length.
    private var starts: [SyntaxIdentifier: AbsolutePosition] = [:]

    private func start(_ node: Syntax) -> AbsolutePosition {
        var path: [SyntaxIdentifier] = []
        var current = node
        var found: AbsolutePosition
        while true {
            if let known = starts[current.id] {
                found = known
                break
            }
            if let token = current.as(TokenSyntax.self) {
                found = token.positionAfterSkippingLeadingTrivia
                break
            }
            // The first child with text (an empty attribute list or a missing token has none).
            let children = current.children(viewMode: .sourceAccurate)
            guard let child = children.first(where: { $0.totalLength.utf8Length > 0 }) else {
                found = current.positionAfterSkippingLeadingTrivia
                break
            }
            path.append(current.id)
            current = child
        }
        for id in path { starts[id] = found }
        return found
    }

    private var typePath: String { types.last?.record.path ?? "" }

    private var declarationContext: DeclarationContext {
        DeclarationContext(
            typePath: typePath, typeKind: types.last?.record.kind ?? "", conditions: conditions,
            isLocal: functionDepth > 0, whereClause: types.last?.record.genericWhereClause,
            typeAccessLevel: types.last?.record.accessLevel, typeAttributes: types.last?.record.attributes ?? [],
            typeInheritedTypes: types.last?.record.inheritedTypes ?? [])
    }

    // MARK: Lexical contexts

    private func pushContext(
        declaredAsync: Bool, asyncWhenAwaiting: Bool = false, runsInParent: Bool = false, isPromiseBody: Bool = false
    ) {
        let parent = contextStack.last ?? 0
        contexts.append(
            LexicalContext(
                parent: parent, declaredAsync: declaredAsync, asyncWhenAwaiting: asyncWhenAwaiting,
                runsInParent: runsInParent,
                isPromiseBody: isPromiseBody || (runsInParent && contexts[parent].isPromiseBody)))
        contextStack.append(contexts.count - 1)
    }

    private func popContext() {
        contextStack.removeLast()
    }

    private func markAwait() {
        facts.awaits += 1
        contexts[contextStack.last ?? 0].awaits = true
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        markAwait()
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.awaitKeyword != nil { markAwait() }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let declaredAsync = node.signature?.effectSpecifiers?.asyncSpecifier != nil
        let call = ClosureSite(node)
        pushContext(
            declaredAsync: declaredAsync || call.startsTask, asyncWhenAwaiting: true, runsInParent: call.runsAtOnce,
            isPromiseBody: call.isPromiseBody)
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        popContext()
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        functionDepth += 1
        pushContext(declaredAsync: false)
        return .visitChildren
    }

    override func visitPost(_ node: AccessorBlockSyntax) {
        functionDepth -= 1
        popContext()
    }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        pushContext(declaredAsync: node.effectSpecifiers?.asyncSpecifier != nil)
        return .visitChildren
    }

    override func visitPost(_ node: AccessorDeclSyntax) {
        popContext()
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        functionDepth += 1
        pushContext(declaredAsync: false)
        return .visitChildren
    }

    override func visitPost(_ node: DeinitializerDeclSyntax) {
        functionDepth -= 1
        popContext()
    }

    // MARK: #if

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        conditions.append(IfConfigCondition.condition(of: node))
        if let elements = node.elements {
            let end = converter.location(for: elements.endPositionBeforeTrailingTrivia).line
            facts.conditionalClauses.append(line(elements)...max(line(elements), end))
        }
        return .visitChildren
    }

    override func visitPost(_ node: IfConfigClauseSyntax) {
        conditions.removeLast()
    }

    // MARK: Imports and types

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let module = node.path.first?.name.text ?? ""
        facts.imports.append(ImportRecord(module: module, source: node.trimmedDescription, conditions: conditions))
        return .skipChildren
    }

    private func pushType(
        kind: String, name: String, inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax,
        modifiers: DeclModifierListSyntax, generics: GenericParameterClauseSyntax?,
        whereClause: GenericWhereClauseSyntax? = nil
    ) {
        let path = kind == "extension" || typePath.isEmpty ? name : "\(typePath).\(name)"
        let record = TypeRecord(
            path: path, kind: kind,
            inheritedTypes: inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? [],
            attributes: attributes.compactMap { $0.as(AttributeSyntax.self)?.trimmedDescription },
            accessLevel: DeclarationModifiers(modifiers).accessLevel,
            genericParameterNames: generics?.parameters.map(\.name.text) ?? [],
            genericWhereClause: whereClause?.trimmedDescription, conditions: conditions, isLocal: functionDepth > 0,
            hasCancelMethod: false)
        types.append(TypeFrame(record: record))
    }

    private func popType() {
        if let frame = types.popLast() { facts.types.append(frame.record) }
        variables.pop()
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            kind: "class", name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: node.genericParameterClause)
        types[types.count - 1].record.propertyTypes = variables.pushMembers(of: node.memberBlock)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { popType() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            kind: "struct", name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: node.genericParameterClause)
        types[types.count - 1].record.propertyTypes = variables.pushMembers(of: node.memberBlock)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { popType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            kind: "enum", name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: node.genericParameterClause)
        types[types.count - 1].record.propertyTypes = variables.pushMembers(of: node.memberBlock)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { popType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            kind: "actor", name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: node.genericParameterClause)
        types[types.count - 1].record.propertyTypes = variables.pushMembers(of: node.memberBlock)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { popType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            kind: "protocol", name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: nil)
        types[types.count - 1].record.propertyTypes = variables.pushMembers(of: node.memberBlock)
        return .visitChildren
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { popType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            kind: "extension", name: node.extendedType.trimmedDescription, inheritance: node.inheritanceClause,
            attributes: node.attributes, modifiers: node.modifiers, generics: nil, whereClause: node.genericWhereClause)
        // An extension sees the generic parameters of the type it extends; record them when known.
        types[types.count - 1].record.propertyTypes = variables.pushMembers(of: node.memberBlock)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { popType() }

    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
        if !types.isEmpty { types[types.count - 1].record.genericParameterNames.append(node.name.text) }
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = typePath.isEmpty ? node.name.text : "\(typePath).\(node.name.text)"
        facts.typeAliases.append(
            TypeAliasRecord(
                path: path, genericParameterNames: node.genericParameterClause?.parameters.map(\.name.text) ?? [],
                target: TypeRef(node.initializer.value)))
        return .skipChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        if !types.isEmpty { types[types.count - 1].record.caseNames.insert(node.name.text) }
        return .skipChildren
    }

    // MARK: Functions

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let signature = node.signature
        if node.name.text == "cancel", signature.parameterClause.parameters.isEmpty, !types.isEmpty {
            types[types.count - 1].record.hasCancelMethod = true
        }
        functionStack.append(nil)
        if case .identifier = node.name.tokenKind {
            functionStack[functionStack.count - 1] = facts.functions.count
            facts.functions.append(
                FunctionRecord(
                    name: node.name.text, parameters: signature.parameterClause.parameters,
                    effects: signature.effectSpecifiers, returnType: signature.returnClause?.type,
                    modifiers: node.modifiers, attributes: node.attributes, generics: node.genericParameterClause,
                    whereClause: node.genericWhereClause, context: declarationContext, line: line(node.name),
                    column: column(node.name)))
            if let body = node.body {
                let closures = signature.parameterClause.parameters.filter { parameter in
                    let type = parameter.type.trimmedDescription
                    // `@escaping Reply` too: only a function type (a typealias of one) may be escaping.
                    return type.contains("->") || type.contains("@escaping")
                        || Codebase.functionLikeSuffixes.contains { type.hasSuffix($0) }
                }
                let names = Set(closures.map { ($0.secondName ?? $0.firstName).text })
                (
                    facts.functions[facts.functions.count - 1].parametersActingAtOnce,
                    facts.functions[facts.functions.count - 1].parametersPassedOn
                ) = DirectCallFinder.handlerFacts(in: body, among: names)
                facts.functions[facts.functions.count - 1].mainDelivery = MainDeliveryFinder.find(
                    in: body, among: names)
                facts.functions[facts.functions.count - 1].forwarding = HandlerForwarding.find(
                    in: body, parameters: signature.parameterClause.parameters, signature: signature,
                    isGeneric: node.genericParameterClause != nil)
            }
        }
        functionDepth += 1
        pushContext(declaredAsync: signature.effectSpecifiers?.asyncSpecifier != nil)
        variables.pushParameters(signature.parameterClause.parameters)
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        functionStack.removeLast()
        functionDepth -= 1
        popContext()
        variables.pop()
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let signature = node.signature
        functionStack.append(facts.functions.count)
        facts.functions.append(
            FunctionRecord(
                name: "init", parameters: signature.parameterClause.parameters, effects: signature.effectSpecifiers,
                returnType: nil, modifiers: node.modifiers, attributes: node.attributes,
                generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                context: declarationContext, line: line(node.initKeyword), column: column(node.initKeyword)))
        functionDepth += 1
        pushContext(declaredAsync: signature.effectSpecifiers?.asyncSpecifier != nil)
        variables.pushParameters(signature.parameterClause.parameters)
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        functionStack.removeLast()
        functionDepth -= 1
        popContext()
        variables.pop()
    }

    // MARK: Calls

    /// Types whose `wait()` is theirs, not a promise's.
    static let blockingPrimitives: Set<String> = [
        "DispatchSemaphore", "DispatchGroup", "NSCondition", "NSConditionLock", "NSLock", "Process", "Thread",
        "DispatchWorkItem", "OperationQueue", "Operation",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = Callee(node.calledExpression)
        let context = contextStack.last ?? 0
        let line = line(node)
        if let name = callee.name {
            var call = CallRecord(
                name: name, argumentLabels: node.arguments.map { $0.label?.text ?? "_" },
                trailingClosureLabels: (node.trailingClosure == nil ? [] : ["_"])
                    + node.additionalTrailingClosures.map(\.label.text),
                usage: CallUsage(of: node), line: line, context: context)
            if let token = callee.nameToken {
                call.nameLine = self.line(token)
                call.nameColumn = column(token)
            }
            let ownType = typePath.split(separator: ".").last.map(String.init)
            let receiver = variables.receiver(of: node.calledExpression, ownType: ownType)
            call.receiverType = receiver.type
            call.receiverIsImplicit = receiver.implicit
            call.receiverIsSuper = receiver.isSuper
            call.receiverName = receiver.name
            call.receiverCallChain = receiver.callChain
            call.enclosingFunction = functionStack.last ?? nil
            call.enclosingType = ownType
            facts.calls.append(call)
            if name == "wait", callee.hasBase, node.trailingClosure == nil,
                node.arguments.isEmpty || node.arguments.first?.label?.text == "timeout",
                !callee.baseLooksLikeLockOrSemaphore, call.usage != .awaited,
                !Self.blockingPrimitives.contains(receiver.type ?? "")
            {
                facts.waits.append(WaitRecord(line: line, context: context))
            }
            if let form = callee.mainQueueForm {
                facts.mainQueueCallbacks.append(MainQueueRecord(line: line, form: form))
            }
        }
        if callee.isPromiseType || callee.isImplicitMember && callee.name == "wrapping" {
            facts.promiseConstructions += 1
            let body =
                node.trailingClosure
                ?? node.arguments.first(where: { $0.label?.text == "resolving" })?.expression.as(ClosureExprSyntax.self)
            if let closure = body, closure.signature?.parameterClause != nil {
                let (wrapped, label) = HandlerPassFinder.find(in: closure, converter: converter, context: context)
                facts.wrapSites.append(WrapSiteRecord(line: line, wrapped: wrapped, handlerLabel: label))
            }
        }
        for argument in node.arguments {
            guard let label = argument.label?.text, ["on", "queue", "callbackQueue", "completionQueue"].contains(label)
            else { continue }
            let value = argument.expression.trimmedDescription
            if value == ".main" || value == "DispatchQueue.main" || value == "OperationQueue.main" {
                facts.mainQueueCallbacks.append(MainQueueRecord(line: line, form: "\(label): \(value)"))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.modifiers.contains(where: { $0.name.text == "async" }) { markAwait() }  // `async let`
        if functionDepth > 0 || types.isEmpty { variables.add(node) }  // members were added with their type
        return .visitChildren
    }
}
