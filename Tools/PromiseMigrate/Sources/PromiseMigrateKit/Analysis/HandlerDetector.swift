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
        "transform", "predicate", "body", "work", "operation",
    ]

    /// The handler of `function`, or nil if it takes none.
    func handler(of function: FunctionRecord) -> HandlerInfo? {
        if function.isAsync { return nil }  // an async function is the target, not a completion handler
        var candidates: [(index: Int, type: TypeRef)] = []
        for (index, parameter) in function.parameters.enumerated() {
            guard parameter.specifier == nil else { continue }
            var type = aliases.expand(parameter.type, in: function.context.typePath)
            var escaping = parameter.isEscaping
            if case .optional(let wrapped) = type {
                type = aliases.expand(wrapped, in: function.context.typePath)
                escaping = true
            }
            guard escaping, case .function(_, let result, let isAsync, _, _) = type, result.isVoid, !isAsync
            else { continue }
            candidates.append((index, type))
        }
        guard !candidates.isEmpty else { return nil }
        let named = candidates.filter { candidate in
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
            guard !Self.notCompletionWords.contains(where: { words.contains($0) }) else { return nil }
            chosen = candidates[0]  // a lone trailing closure: the classic unlabeled handler
        } else {
            return nil  // several closures, none named like a completion handler: an observer API
        }
        let (shape, value, reason) = HandlerShapeClassifier.classify(chosen.type)
        return HandlerInfo(
            parameterIndex: chosen.index, shape: shape, valueType: value, handlerType: chosen.type, reason: reason)
    }
}

/// Every typealias of the codebase, by name, to expand handler types written through one.
struct TypeAliasTable {
    private var byName: [String: [TypeAliasRecord]] = [:]

    init(_ records: some Sequence<TypeAliasRecord>) {
        for record in records {
            let name = record.path.split(separator: ".").last.map(String.init) ?? record.path
            byName[name, default: []].append(record)
        }
    }

    /// `type` with typealiases at its top expanded (repeatedly, for aliases of aliases).
    func expand(_ type: TypeRef, in typePath: String) -> TypeRef {
        var current = type
        for _ in 0..<8 {
            guard case .named(let name, let arguments) = current, let alias = lookup(name, in: typePath),
                alias.genericParameterNames.count == arguments.count
            else { return current }
            let substitutions = Dictionary(
                zip(alias.genericParameterNames, arguments).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
            current = alias.target.substituting(substitutions)
        }
        return current
    }

    private func lookup(_ name: String, in typePath: String) -> TypeAliasRecord? {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        guard let records = byName[simple] else { return nil }
        if name.contains(".") { return records.first { $0.path == name || $0.path.hasSuffix(".\(name)") } }
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
