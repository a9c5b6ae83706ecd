import SwiftParser
import SwiftSyntax

/// Where PromiseKit ran a chain's closures when a step named no queue: its `conf.Q`, `.main` unless
/// the codebase set it. The codemod writes it on every step it rewrites, so nothing moves thread.
public enum StepQueue: Equatable, Sendable {
    /// `on: .main` (PromiseKit's default).
    case main
    /// `on: .inline` (`conf.Q = (map: nil, return: nil)`).
    case inline
    /// No `on:`: the library's default, `.global()`.
    case global
    /// `on:` with this expression (`conf.Q.map = myQueue`).
    case expression(String)

    /// Parses a `--queue` value or a `conf.Q` assignment's right-hand side.
    init(source: String) {
        let text = source.filter { !$0.isWhitespace }
        switch text {
        case "nil", "inline", ".inline": self = .inline
        case "main", ".main", "DispatchQueue.main": self = .main
        case "global", ".global()", "DispatchQueue.global()": self = .global
        default: self = .expression(source.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The `on:` argument to add to a step, nil for none.
    var argument: String? {
        switch self {
        case .main: return ".main"
        case .inline: return ".inline"
        case .global: return nil
        case .expression(let text): return text
        }
    }

    /// The queue as PromiseKit's `conf.Q.map` read it, a `DispatchQueue?`.
    var optionalDispatchQueue: String {
        switch self {
        case .main: return "DispatchQueue.main"
        case .inline: return "nil"
        case .global: return "DispatchQueue.global()"
        case .expression(let text): return text.hasPrefix(".") ? "DispatchQueue\(text)" : text
        }
    }
}

/// PromiseKit's two default queues: `conf.Q.map` (`then`, `map`, `compactMap`, `recover`, `tap`)
/// and `conf.Q.return` (`done`, `get`, `catch`, `ensure`, `finally`).
public struct StepQueues: Equatable, Sendable {
    /// `conf.Q.map`.
    public var map: StepQueue
    /// `conf.Q.return`.
    public var `return`: StepQueue

    /// Both queues.
    public init(map: StepQueue, return: StepQueue) {
        self.map = map
        self.return = `return`
    }

    /// The queue PromiseKit ran `step` on when it named none.
    func queue(for step: String) -> StepQueue {
        ["done", "get", "catch", "ensure", "finally"].contains(step) ? self.return : map
    }

    /// These queues with what a `conf.Q` assignment set.
    func applying(_ setting: (map: StepQueue?, return: StepQueue?)) -> StepQueues {
        StepQueues(map: setting.map ?? map, return: setting.return ?? self.return)
    }
}

/// What the codemod needs to know about the whole codebase before rewriting a file: which names
/// are promises, which enum cases the app declares itself, and how it configured `conf.Q`.
public struct PromiseKitIndex: Sendable {
    /// Functions and methods declared to return a promise.
    var promiseFunctions: Set<String> = []
    /// Properties declared with a promise type, or a closure type returning one.
    var promiseProperties: Set<String> = []
    /// Parameters declared with a promise type (or an array of them), as `function(label:)`.
    var promiseParameters: Set<String> = []
    /// Enum cases the codebase declares (`.value`, `.fulfilled` of its own types are left alone).
    var enumCases: Set<String> = []
    /// Types the codebase declares (its own `Result` keeps its shape).
    var declaredTypes: Set<String> = []
    /// What the codebase's `conf.Q` assignments outside its tests set, in path order.
    var configured: (map: StepQueue?, return: StepQueue?) = (nil, nil)
    /// What its tests set (`conf.Q = (map: nil, return: nil)` in `setUp`): their own files' steps.
    var testConfigured: (map: StepQueue?, return: StepQueue?) = (nil, nil)

    /// Reads `sources` (every file of the codebase, PromiseKit or not), by path.
    init(sources: [(path: String, text: String)]) {
        for source in sources.sorted(by: { $0.path < $1.path }) {
            let tree = Parser.parse(source: source.text)
            guard !SyntaxDepth.exceedsLimit(tree) else { continue }  // (`rewrite` leaves it, with a note)
            let collector = IndexCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            promiseFunctions.formUnion(collector.promiseFunctions)
            promiseProperties.formUnion(collector.promiseProperties)
            promiseParameters.formUnion(collector.promiseParameters)
            enumCases.formUnion(collector.enumCases)
            declaredTypes.formUnion(collector.declaredTypes)
            if Self.isTestFile(source.path) {
                testConfigured = (collector.configured.map ?? testConfigured.map, collector.configured.return ?? testConfigured.return)
            } else {
                configured = (collector.configured.map ?? configured.map, collector.configured.return ?? configured.return)
            }
        }
    }

    /// Where a file's steps run when they name no queue: what the code (and, in a test file, the
    /// tests) set in `conf.Q`, else PromiseKit's `.main`.
    func queues(forFileAt path: String) -> StepQueues {
        let code = StepQueues(map: .main, return: .main).applying(configured)
        return Self.isTestFile(path) ? code.applying(testConfigured) : code
    }

    static func isTestFile(_ path: String) -> Bool {
        path.contains("/Tests/") || path.hasPrefix("Tests/") || path.hasSuffix("Tests.swift") || path.hasSuffix("Test.swift")
    }

    /// Whether a type as written holds PromiseKit promises: a promise, or an array or optional of them.
    static func holdsPromises(_ text: String) -> Bool {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while trimmed.hasSuffix("?") || trimmed.hasSuffix("!") { trimmed.removeLast() }
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") { trimmed = String(trimmed.dropFirst().dropLast()) }
        return isPromiseType(trimmed)
    }

    /// Whether a type as written is a PromiseKit promise (`Promise<T>`, `Guarantee<Void>`).
    static func isPromiseType(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for name in ["Promise", "Guarantee", "PromiseKit.Promise", "PromiseKit.Guarantee"]
        where trimmed == name || trimmed.hasPrefix(name + "<") {
            return true
        }
        return false
    }
}

private final class IndexCollector: SyntaxVisitor {
    var promiseFunctions: Set<String> = []
    var promiseProperties: Set<String> = []
    var promiseParameters: Set<String> = []
    var enumCases: Set<String> = []
    var declaredTypes: Set<String> = []
    var configured: (map: StepQueue?, return: StepQueue?) = (nil, nil)

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = node.signature.returnClause?.type, PromiseKitIndex.isPromiseType(type.trimmedDescription) {
            promiseFunctions.insert(node.name.text)
        }
        for parameter in node.signature.parameterClause.parameters
        where PromiseKitIndex.holdsPromises(parameter.type.trimmedDescription) {
            promiseParameters.insert("\(node.name.text)(\(parameter.firstName.text):)")
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let type = node.typeAnnotation?.type
        else { return .visitChildren }
        var written = type
        while let optional = written.as(OptionalTypeSyntax.self) { written = optional.wrappedType }
        if let function = written.as(FunctionTypeSyntax.self) { written = function.returnClause.type }
        if PromiseKitIndex.isPromiseType(written.trimmedDescription) { promiseProperties.insert(name) }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        enumCases.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let target = elements[0].trimmedDescription.replacingOccurrences(of: "PromiseKit.", with: "")
        let value = elements[2]
        if target == "conf.Q", let tuple = value.as(TupleExprSyntax.self) {
            for element in tuple.elements {
                let queue = StepQueue(source: element.expression.trimmedDescription)
                if element.label?.text == "return" { configured.return = queue } else { configured.map = queue }
            }
        } else if target == "conf.Q.map" {
            configured.map = StepQueue(source: value.trimmedDescription)
        } else if target == "conf.Q.return" {
            configured.return = StepQueue(source: value.trimmedDescription)
        }
        return .visitChildren
    }
}
