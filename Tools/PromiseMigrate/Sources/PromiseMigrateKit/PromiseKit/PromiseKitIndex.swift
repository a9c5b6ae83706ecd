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

/// What the codemod needs to know about the whole codebase before rewriting a file: which names
/// are promises, which enum cases the app declares itself, and how it configured `conf.Q`.
public struct PromiseKitIndex: Sendable {
    /// Functions, methods and properties declared with a promise type (`-> Promise<…>`,
    /// `: Guarantee<…>`, a closure property returning one).
    var promiseNames: Set<String> = []
    /// Enum cases the codebase declares (`.value`, `.fulfilled` of its own types are left alone).
    var enumCases: Set<String> = []
    /// Types the codebase declares (its own `Result` keeps its shape).
    var declaredTypes: Set<String> = []
    /// The queue from the codebase's `conf.Q` assignment outside its tests, if it has one.
    var configuredQueue: StepQueue?
    /// The queue its tests set (`conf.Q = (map: nil, return: nil)` in `setUp`): their own files' steps.
    var testConfiguredQueue: StepQueue?

    /// Reads `sources` (every file of the codebase, PromiseKit or not), by path.
    init(sources: [(path: String, text: String)]) {
        for source in sources {
            let collector = IndexCollector(viewMode: .sourceAccurate)
            collector.walk(Parser.parse(source: source.text))
            promiseNames.formUnion(collector.promiseNames)
            enumCases.formUnion(collector.enumCases)
            declaredTypes.formUnion(collector.declaredTypes)
            guard let queue = collector.configuredQueue else { continue }
            if Self.isTestFile(source.path) { testConfiguredQueue = queue } else { configuredQueue = queue }
        }
    }

    /// Where a file's steps run when they name no queue: what the code (or, in a test file, the
    /// tests) set in `conf.Q`, else PromiseKit's `.main`.
    func queue(forFileAt path: String) -> StepQueue {
        if Self.isTestFile(path), let testConfiguredQueue { return testConfiguredQueue }
        return configuredQueue ?? .main
    }

    static func isTestFile(_ path: String) -> Bool {
        path.contains("/Tests/") || path.hasPrefix("Tests/") || path.hasSuffix("Tests.swift") || path.hasSuffix("Test.swift")
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
    var promiseNames: Set<String> = []
    var enumCases: Set<String> = []
    var declaredTypes: Set<String> = []
    var configuredQueue: StepQueue?

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = node.signature.returnClause?.type, PromiseKitIndex.isPromiseType(type.trimmedDescription) {
            promiseNames.insert(node.name.text)
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
        if PromiseKitIndex.isPromiseType(written.trimmedDescription) { promiseNames.insert(name) }
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
        if target == "conf.Q", let tuple = value.as(TupleExprSyntax.self),
            let map = tuple.elements.first(where: { $0.label?.text == "map" }) ?? tuple.elements.first
        {
            configuredQueue = StepQueue(source: map.expression.trimmedDescription)
        } else if target == "conf.Q.map" {
            configuredQueue = StepQueue(source: value.trimmedDescription)
        }
        return .visitChildren
    }
}
