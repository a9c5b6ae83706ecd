/// Decides which parameter of a function is its completion handler, expanding typealiases.
struct HandlerDetector {
    let aliases: TypeAliasTable

    /// Names that mark a closure as the one called when the work is done.
    private static let completionWords = [
        "completion", "handler", "callback", "reply", "done", "finish", "complete", "result", "response", "then",
        "block",
    ]
    /// Names that mark a closure as called many times, or as something else than the outcome.
    private static let notCompletionWords = [
        "progress", "observer", "listener", "change", "update", "event", "each", "stream", "subscribe", "filter",
        "transform", "predicate", "body", "work", "operation", "action", "perform", "task", "tap", "step",
        "select", "configure", "setter", "errorhandler",
    ]

    /// Return types of UI builders, whose closures are actions run on every tap, not outcomes.
    private static let builderSuffixes = ["View", "Item", "Button", "Template", "Cell", "Control", "Row", "Section"]

    /// Words that start the names of functions that register a closure called many times.
    private static let registrationPrefixes = [
        "observe", "subscribe", "listen", "watch", "register", "addObserver", "addListener", "addHandler",
        "addSubscriber", "on",
        "sink", "bind",
    ]

    /// The handler of `function`, or nil if it takes none.
    func handler(of function: FunctionRecord) -> HandlerInfo? {
        if function.isAsync { return nil }  // an async function is the target, not a completion handler
        // An initializer's closure is stored by the object it creates (a callback property, a
        // configuration), not called once with the outcome of work the initializer started.
        if function.isInitializer { return nil }
        // `func coverButton(action:) -> some View`, `-> CPListItem`: a builder's closure is an action.
        if let returned = function.returnType {
            let text = returned.source
            let name = returned.simpleName ?? text
            if text.hasPrefix("some ") || Self.builderSuffixes.contains(where: { name.hasSuffix($0) }) { return nil }
        }
        let registers = Self.registrationPrefixes.contains { prefix in
            function.name.hasPrefix(prefix)
                && (function.name.count == prefix.count
                    || function.name[function.name.index(function.name.startIndex, offsetBy: prefix.count)].isUppercase)
        }
        var candidates: [(index: Int, type: TypeRef)] = []
        var opaque: [(index: Int, name: String)] = []
        for (index, parameter) in function.parameters.enumerated() {
            guard parameter.specifier == nil else { continue }
            var type = aliases.expand(parameter.type, in: function.context.typePath)
            var escaping = parameter.isEscaping
            if case .optional(let wrapped) = type {
                type = aliases.expand(wrapped, in: function.context.typePath)
                escaping = true
            }
            if parameter.typeSource.contains("@escaping"), case .named(let name, _) = type {
                // Only a function type can be `@escaping`: a typealias declared outside the codebase
                // (`Moya.Completion`), whose shape is unknown here.
                opaque.append((index, name))
                continue
            }
            guard escaping, case .function(let parameters, let result, let isAsync, let throwsClause, _) = type,
                result.isVoid, !isAsync,
                throwsClause == nil,  // a throwing closure configures (`(inout URLRequest) throws -> Void`)
                !parameters.contains(where: \.isInout),
                !Self.isProgress(parameters)
                    || "\(parameter.label) \(parameter.name)".lowercased().contains("completion")
            else { continue }
            candidates.append((index, type))
        }
        if candidates.isEmpty, !registers, let alias = opaque.last {
            let parameter = function.parameters[alias.index]
            let words = "\(parameter.label) \(parameter.name) \(alias.name)".lowercased()
            guard
                Self.completionWords.contains(where: { words.contains($0) })
                    || alias.index == function.parameters.count - 1
            else { return nil }
            return HandlerInfo(
                parameterIndex: alias.index, shape: .other, valueType: nil, handlerType: parameter.type,
                reason: "`\(alias.name)` is a typealias declared outside the codebase, so its shape is unknown here")
        }
        guard !candidates.isEmpty else { return nil }
        // A failure closure makes it one outcome, whatever the name (`subscribeToPost(…success:failure:)`).
        if let pair = successAndFailure(among: candidates, of: function) { return pair }
        let named = candidates.filter { candidate in
            if registers { return false }  // `observeChanges(handler:)`: called on every change
            let parameter = function.parameters[candidate.index]
            let words = "\(parameter.label) \(parameter.name)".lowercased()
            return words.contains("completion")
                || (Self.completionWords.contains { words.contains($0) }
                    && !Self.notCompletionWords.contains { words.contains($0) })
        }
        let chosen: (index: Int, type: TypeRef)
        if let last = named.last {
            chosen = last
        } else if candidates.count == 1, candidates[0].index == function.parameters.count - 1 {
            let parameter = function.parameters[candidates[0].index]
            let words = "\(parameter.label) \(parameter.name)".lowercased()
            guard !Self.notCompletionWords.contains(where: { words.contains($0) }), !registers else { return nil }
            chosen = candidates[0]  // a lone trailing closure: the classic unlabeled handler
        } else {
            return nil  // several closures, none named like a completion handler: an observer API
        }
        let (shape, value, reason) = HandlerShapeClassifier.classify(chosen.type)
        return HandlerInfo(
            parameterIndex: chosen.index, shape: shape, valueType: value, handlerType: chosen.type, reason: reason)
    }
}

extension HandlerDetector {
    /// A `success:` closure and a `failure:` (or `error:`) closure whose first parameter, if any, is an
    /// error: one outcome, delivered through either.
    func successAndFailure(among candidates: [(index: Int, type: TypeRef)], of function: FunctionRecord)
        -> HandlerInfo?
    {
        func words(_ index: Int) -> String {
            let parameter = function.parameters[index]
            return "\(parameter.label) \(parameter.name)".lowercased()
        }
        guard let success = candidates.last(where: { words($0.index).contains("success") }),
            let failure = candidates.last(where: {
                let text = words($0.index)
                return !text.contains("success") && (text.contains("fail") || text.contains("error"))
            }),
            case .function(let values, _, _, _, _) = success.type,
            case .function(let errors, _, _, _, _) = failure.type
        else { return nil }
        var optionalError = false
        if let first = errors.first {
            var error = first
            if case .optional(let wrapped) = first {
                error = wrapped
                optionalError = true
            }
            guard HandlerShapeClassifier.isError(error) else { return nil }
        }
        let value: TypeRef
        switch values.count {
        case 0: value = .named("Void", [])
        case 1: value = values[0]
        default: value = .tuple(values)
        }
        return HandlerInfo(
            parameterIndex: success.index, shape: .successAndFailure, valueType: value, handlerType: success.type,
            reason: nil, failureParameterIndex: failure.index, successArity: values.count, failureArity: errors.count,
            failureErrorIsOptional: optionalError)
    }

    /// A closure of one fraction or a byte count pair: a progress report, called many times.
    static func isProgress(_ parameters: [TypeRef]) -> Bool {
        let names = parameters.map { $0.simpleName ?? "" }
        if names.count == 1 { return ["Double", "Float", "CGFloat", "Progress"].contains(names[0]) }
        if names.count == 2 || names.count == 3 { return names.allSatisfy { $0 == "Int64" } }
        return false
    }
}

extension TypeRef {
    /// Whether the type is written `inout T`.
    var isInout: Bool {
        if case .other(let text) = self { return text.hasPrefix("inout ") }
        return false
    }
}

/// Every typealias of the codebase, by name, to expand handler types written through one.
struct TypeAliasTable {
    private var byName: [String: [TypeAliasRecord]] = [:]
    /// The paths of the types and typealiases declared inside a type (`API.Item`), to write an alias's
    /// names as seen from anywhere (`qualified(_:declaredIn:keeping:)`).
    let nestedPaths: Set<String>

    init(_ records: some Sequence<TypeAliasRecord>, types: some Sequence<TypeRecord> = []) {
        var nested = Set<String>()
        for record in records {
            let name = record.path.split(separator: ".").last.map(String.init) ?? record.path
            byName[name, default: []].append(record)
            if record.path.contains(".") { nested.insert(record.path) }
        }
        for type in types where type.kind != "extension" && type.path.contains(".") { nested.insert(type.path) }
        nestedPaths = nested
    }

    /// Whether the codebase declares a typealias named `name` (in any scope).
    func declares(_ name: String) -> Bool { byName[name] != nil }

    /// The paths of the typealiases named `name`, in every scope.
    func paths(named name: String) -> [String] { byName[name]?.map(\.path) ?? [] }

    /// `type` with typealiases at its top expanded (repeatedly, for aliases of aliases).
    func expand(_ type: TypeRef, in typePath: String) -> TypeRef {
        var current = type
        for _ in 0..<8 {
            guard case .named(let name, let arguments) = current, let alias = lookup(name, in: typePath),
                alias.genericParameterNames.count == arguments.count
            else { return current }
            let substitutions = Dictionary(
                zip(alias.genericParameterNames, arguments).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
            let scope = alias.path.split(separator: ".").dropLast().joined(separator: ".")
            current = qualified(alias.target, declaredIn: scope, keeping: Set(alias.genericParameterNames))
                .substituting(substitutions)
        }
        return current
    }

    /// `type` with typealiases expanded everywhere in it: inside function types, optionals, collections
    /// and generic arguments too (`(QR) -> Void` of `typealias QR = QueryResult`).
    func expandAll(_ type: TypeRef, in typePath: String, depth: Int = 0) -> TypeRef {
        guard depth < 8 else { return type }
        func inner(_ type: TypeRef) -> TypeRef { expandAll(type, in: typePath, depth: depth + 1) }
        switch type {
        case .function(let parameters, let result, let isAsync, let throwsClause, let attributes):
            return .function(
                parameters: parameters.map(inner), result: inner(result), isAsync: isAsync,
                throwsClause: throwsClause, attributes: attributes)
        case .optional(let wrapped): return .optional(inner(wrapped))
        case .array(let element): return .array(inner(element))
        case .dictionary(let key, let value): return .dictionary(inner(key), inner(value))
        case .tuple(let elements): return .tuple(elements.map(inner))
        case .named(let name, let arguments):
            let named = TypeRef.named(name, arguments.map(inner))
            let resolved = expand(named, in: typePath)
            return resolved == named ? named : inner(resolved)
        case .existential, .other: return type
        }
    }

    private func lookup(_ name: String, in typePath: String) -> TypeAliasRecord? {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        guard let records = byName[simple] else { return nil }
        if name.contains(".") {
            if let match = records.first(where: { $0.path == name || $0.path.hasSuffix(".\(name)") }) { return match }
            // `Moya.Completion`: a module-qualified name of a top-level alias the codebase declares.
            let rest = String(name[name.index(after: name.firstIndex(of: ".")!)...])
            return rest.contains(".") ? nil : records.first { $0.path == rest }
        }
        // Innermost first: an alias nested in the enclosing type shadows a global one.
        var scope = typePath
        while true {
            let wanted = scope.isEmpty ? name : "\(scope).\(name)"
            if let match = records.first(where: { $0.path == wanted }) { return match }
            guard let dot = scope.lastIndex(of: ".") else {
                if scope.isEmpty { break }
                scope = ""
                continue
            }
            scope = String(scope[..<dot])
        }
        return records.count == 1 ? records[0] : nil
    }
}
