/// A call of the codebase's callback, promise or async APIs.
public struct ResolvedCall: Sendable {
    /// 1-based line of the call.
    public var line: Int
    /// The base name called.
    public var name: String
    /// Its lexical context (index into `FileFacts.contextIsAsync`).
    public var context: Int
    /// The kind of API it reaches.
    public var kind: APIKind
    /// The declarations it may reach; more than one means it is ambiguous.
    public var targets: [FunctionKey]
    /// The function whose body makes it (index into the file's functions).
    public var enclosingFunction: Int? = nil
}

extension Codebase {
    /// The calls in file `index` that reach the codebase's APIs: the compiler's where an index store
    /// covers the file (every call resolved to exactly one declaration), else the syntax's by name; and
    /// the syntax's for code the build left out.
    public func resolvedCalls(inFile index: Int) -> [ResolvedCall] {
        let file = files[index]
        guard let compiled = references?.calls[index], let positions = references?.compiledPositions[index] else {
            return file.calls.compactMap { resolvedBySyntax($0, inFile: index) }
        }
        var byPosition: [Int: CallRecord] = [:]
        for call in file.calls where call.nameLine > 0 { byPosition[call.nameLine << 20 | call.nameColumn] = call }
        let resolved = compiled.map { call in
            let record = byPosition[call.line << 20 | call.column]
            return ResolvedCall(
                line: record?.line ?? call.line, name: function(call.target).name, context: record?.context ?? 0,
                kind: kind(of: call.target) ?? .callback, targets: [call.target],
                enclosingFunction: record?.enclosingFunction)
        }
        // A call of a declaration the files read do not define: perhaps an API of a file the store does not
        // cover, which only the syntax knows.
        let uncovered = Set(references?.uncovered ?? [])
        let unmapped = references?.unmappedCalls[index] ?? []
        let ofUncoveredFiles = file.calls.filter { unmapped.contains($0.nameLine << 20 | $0.nameColumn) }
            .compactMap { call -> ResolvedCall? in
                guard var found = resolvedBySyntax(call, inFile: index) else { return nil }
                found.targets = found.targets.filter { uncovered.contains($0.file) }
                return found.targets.isEmpty ? nil : found
            }
        return resolved + ofUncoveredFiles
            + notCompiledCalls(inFile: index, positions: positions).compactMap {
                resolvedBySyntax($0, inFile: index)
            }
    }

    /// The calls of file `index` that the build did not compile (an inactive `#if` branch: another
    /// platform's code), which only the syntax can resolve.
    public func notCompiledCalls(inFile index: Int) -> [CallRecord] {
        guard let positions = references?.compiledPositions[index] else { return [] }
        return notCompiledCalls(inFile: index, positions: positions)
    }

    /// Calls in `#if` branches where the compiler recorded nothing. (A call it recorded nothing for
    /// elsewhere calls a closure parameter or local, which the index leaves out, and no API.)
    private func notCompiledCalls(inFile index: Int, positions: Set<Int>) -> [CallRecord] {
        let file = files[index]
        guard !file.conditionalClauses.isEmpty else { return [] }
        let compiledLines = Set(positions.map { $0 >> 20 })
        let inactive = file.conditionalClauses.filter { clause in !clause.contains { compiledLines.contains($0) } }
        guard !inactive.isEmpty else { return [] }
        return file.calls.filter { call in
            call.nameLine > 0 && !positions.contains(call.nameLine << 20 | call.nameColumn)
                && inactive.contains { $0.contains(call.nameLine) }
        }
    }

    private func resolvedBySyntax(_ call: CallRecord, inFile index: Int) -> ResolvedCall? {
        resolve(call, inSourceFile: index).map {
            ResolvedCall(
                line: call.line, name: call.name, context: call.context, kind: $0.kind, targets: $0.targets,
                enclosingFunction: call.enclosingFunction)
        }
    }

    /// What `call`, in file `index`, reaches: the compiler's answer where an index store covers the
    /// file, else `resolve(_:)`'s.
    public func resolve(_ call: CallRecord, inFile index: Int) -> (kind: APIKind, targets: [FunctionKey])? {
        guard let compiled = references?.calls[index], let positions = references?.compiledPositions[index],
            positions.contains(call.nameLine << 20 | call.nameColumn)
        else { return resolve(call, inSourceFile: index) }
        guard let match = compiled.first(where: { $0.line == call.nameLine && $0.column == call.nameColumn }),
            let kind = kind(of: match.target)
        else { return nil }
        return (kind, [match.target])
    }
}
