/// What one round of function conversion did.
public struct ConversionRound: Sendable {
    /// 1-based.
    public var number: Int
    /// The functions converted, with their files.
    public var converted: [(path: String, conversion: FunctionConversion)] = []
    /// The functions refused this round, with their files.
    public var refused: [(path: String, refusal: FunctionRefusal)] = []
    /// Functions left for a later round: they call a function converted first.
    public var waiting = 0
}

/// Converts completion-handler functions leaf first: each round converts the functions whose callback
/// callees are all async already (or are left alone for good), so the next round's candidates are
/// their callers. Rounds run on the texts in memory; the caller writes or diffs the result.
public struct ConversionRounds {
    /// The roots to analyze: the paths converted, and more of the codebase for context.
    public var roots: [String]
    /// The canonical paths of the files whose functions are converted.
    public var wanted: Set<String>
    /// Called once, after the first round's analysis, to resolve calls with an index store; false stops.
    public var prepare: (inout Analysis) -> Bool = { _ in true }

    /// Rounds over `roots`, converting functions in `wanted`.
    public init(roots: [String], wanted: Set<String>) {
        self.roots = roots
        self.wanted = wanted
    }

    /// For candidates whose handler has a default: the first call from async code that leaves it out
    /// (as `path:line`), which an async overload would capture.
    static func asyncCallsOmittingHandler(of candidates: Set<FunctionKey>, in analysis: Analysis) -> [FunctionKey:
        String]
    {
        let codebase = analysis.codebase
        var defaulted: [String: [FunctionKey]] = [:]
        for key in candidates {
            guard let handler = codebase.handler(key),
                codebase.function(key).parameters[handler.parameterIndex].defaultValue != nil
            else { continue }
            defaulted[codebase.function(key).name, default: []].append(key)
        }
        guard !defaulted.isEmpty else { return [:] }
        var found: [FunctionKey: String] = [:]
        for (fileIndex, facts) in codebase.files.enumerated() {
            for call in facts.calls where defaulted[call.name] != nil && facts.contextIsAsync[call.context] {
                guard call.trailingClosureLabels.isEmpty,
                    let (_, targets) = codebase.resolve(call, inFile: fileIndex)
                else { continue }
                for target in targets where defaulted[call.name]?.contains(target) == true && found[target] == nil {
                    let function = codebase.function(target)
                    guard let handler = codebase.handler(target) else { continue }
                    if !call.argumentLabels.contains(function.parameters[handler.parameterIndex].label) {
                        found[target] = "\(analysis.files[fileIndex].path):\(call.line)"
                    }
                }
            }
        }
        return found
    }

    /// One file's conversions in a round: its text, and each function converted or refused.
    typealias FileResults = (
        fileIndex: Int, source: String, results: [Int: Swift.Result<FunctionConversion, FunctionRefusal>]
    )

    /// The call cycles that wait on nothing outside themselves, each converted whole in one round: not one
    /// with a defaulted handler, which a call from the cycle could leave out (it would reach the async
    /// version, unawaited).
    static func convertibleCycles(waiting: [FunctionKey: [FunctionKey]], in codebase: Codebase) -> [[FunctionKey]] {
        let cycles = CallCycles(calls: waiting)
        var seen: Set<FunctionKey> = []
        var found: [[FunctionKey]] = []
        for members in cycles.cycleOf.values.sorted(by: { $0[0] < $1[0] }) where !seen.contains(members[0]) {
            seen.formUnion(members)
            let set = Set(members)
            guard members.allSatisfy({ key in (waiting[key] ?? []).allSatisfy(set.contains) }),
                !members.contains(where: { hasDefaultedHandler($0, in: codebase) })
            else { continue }
            found.append(members)
        }
        return found
    }

    /// Whether function `key`'s handler (or a pair's failure closure) has a default.
    static func hasDefaultedHandler(_ key: FunctionKey, in codebase: Codebase) -> Bool {
        codebase.handler(key)?.isDefaulted(in: codebase.function(key)) ?? true
    }

    /// A cycle converts whole or not at all: where one of its functions is refused, the others are refused
    /// too, naming it. True if some cycle converted.
    static func settleCycles(
        _ cycles: [[FunctionKey]],
        _ converted: inout [FileResults],
        in analysis: Analysis
    ) -> Bool {
        let codebase = analysis.codebase
        var anyConverted = false
        for members in cycles {
            func result(_ key: FunctionKey) -> Swift.Result<FunctionConversion, FunctionRefusal>? {
                converted.first { $0.fileIndex == key.file }?.results[key.index]
            }
            var culprit: (FunctionKey, FunctionRefusal)?
            for key in members where culprit == nil {
                switch result(key) {
                case .failure(let refusal)?: culprit = (key, refusal)
                case .success?: break
                case nil:
                    // Not converted at all (its file unreadable): the others would await a version never written.
                    let function = codebase.function(key)
                    culprit = (
                        key,
                        FunctionRefusal(
                            line: function.line, function: function.fullName, kind: "unreadable",
                            reason: "its file could not be read again to convert it")
                    )
                }
            }
            // Each awaits the others: what one's async version needs (`@available` for what it awaits), all do.
            var availability: [FunctionKey: Set<String>] = [:]
            for key in members {
                if case .success(let conversion)? = result(key) { availability[key] = Set(conversion.availability) }
            }
            if culprit == nil, Set(availability.values).count > 1,
                let (key, needed) = availability.max(by: { $0.value.count < $1.value.count })
            {
                let function = codebase.function(key)
                culprit = (
                    key,
                    FunctionRefusal(
                        line: function.line, function: function.fullName, kind: "availability",
                        reason: "its async version needs `\(needed.sorted().joined(separator: " "))` for what it "
                            + "awaits, and the others on its call cycle, which await it, would need it too: convert "
                            + "them by hand")
                )
                if let slot = converted.firstIndex(where: { $0.fileIndex == key.file }) {
                    converted[slot].results[key.index] = .failure(culprit!.1)
                }
            }
            guard let (failed, refusal) = culprit else {
                anyConverted = true
                continue
            }
            let file = analysis.files[failed.file].path.split(separator: "/").last.map(String.init) ?? ""
            for key in members where key != failed {
                let others = members.filter { $0 != key }.map { "`\(codebase.function($0).fullName)`" }
                    .joined(separator: ", ")
                guard case .success? = result(key), let slot = converted.firstIndex(where: { $0.fileIndex == key.file })
                else { continue }
                let function = codebase.function(key)
                converted[slot].results[key.index] = .failure(
                    FunctionRefusal(
                        line: function.line, function: function.fullName, kind: "call cycle",
                        reason: "it is on a call cycle with \(others), converted whole or not at all, and "
                            + "`\(refusal.function)` cannot be converted (line \(refusal.line) of \(file)): "
                            + refusal.reason))
            }
        }
        return anyConverted
    }

    /// The refusals of functions that all wait on one another: those on a cycle, and those that wait
    /// on one, each naming the calls round it.
    static func refusals(waiting: [FunctionKey: [FunctionKey]], in analysis: Analysis) -> [(
        path: String, refusal: FunctionRefusal
    )] {
        let codebase = analysis.codebase
        let cycles = CallCycles(calls: waiting)
        func name(_ key: FunctionKey) -> String { "`\(codebase.function(key).fullName)`" }
        return waiting.keys.sorted().map { key in
            let function = codebase.function(key)
            let kind: String
            let reason: String
            if let (callee, loop, inCycle) = cycles.obstacle(of: key) {
                let round = loop.map(name).joined(separator: " → ")
                kind = inCycle ? "call cycle" : "waits on a call cycle"
                let members = cycles.cycleOf[key] ?? [key]
                let outside = members.lazy.compactMap { waiting[$0]?.first { !members.contains($0) } }.first
                if !inCycle {
                    reason =
                        "it calls \(name(callee)), which \(cycles.cycleOf[callee] != nil ? "is on" : "is held up by") "
                        + "a call cycle (\(round)): convert one of the functions on it by hand first"
                } else if let defaulted = members.first(where: { hasDefaultedHandler($0, in: codebase) }) {
                    reason =
                        "it calls \(name(callee)), which calls back into it (\(round)); functions on a cycle convert "
                        + "together, but \(name(defaulted))'s handler has a default, which a call from the cycle "
                        + "could leave out (it would reach the async version, unawaited): convert them by hand"
                } else if let outside {
                    reason =
                        "it calls \(name(callee)), which calls back into it (\(round)); functions on a cycle convert "
                        + "together once what they call is async, and this cycle waits on \(name(outside)), which "
                        + "is held up by a call cycle too: convert one of the functions on that one by hand first"
                } else {
                    // (A cycle waiting on nothing else is converted, or refused for a function of its own.)
                    reason =
                        "it calls \(name(callee)), which calls back into it (\(round)): convert one of them by hand"
                }
            } else {
                // (Not reached: every waiting function's callees wait too, so a cycle is always found.)
                kind = "call cycle"
                reason =
                    "it calls \(waiting[key].map { name($0[0]) } ?? "another candidate"), which waits on it in "
                    + "turn: convert one of them by hand"
            }
            let refusal = FunctionRefusal(line: function.line, function: function.fullName, kind: kind, reason: reason)
            return (analysis.files[key.file].path, refusal)
        }
    }

    /// What `run` did.
    public struct Result {
        /// The rounds, in order.
        public var rounds: [ConversionRound]
        /// The changed files' texts before the first round, by path.
        public var original: [String: String]
        /// The changed files' texts after the last round, by path.
        public var final: [String: String]
        /// Functions that had an async version before the first round (declared, or a `wrap` facade):
        /// a codebase's progress.
        public var alreadyAsync: Int
    }

    /// The rounds run (at most `limit`); nil when `prepare` stopped them.
    public func run(limit: Int) -> Result? {
        var alreadyAsync: Set<String> = []
        var texts: [String: String] = [:]
        var original: [String: String] = [:]
        // The changed files' lines with their endings; `texts` holds them ending in `\n` (the rewriting splits
        // and indents on it), and the endings come back at the end.
        var files: [String: SourceLines] = [:]
        var refused: Set<String> = []
        var rounds: [ConversionRound] = []
        for number in 1...max(1, limit) {
            var analysis = CodebaseAnalyzer().analyze(roots, texts: texts)
            if number == 1, !prepare(&analysis) { return nil }
            let codebase = analysis.codebase
            var round = ConversionRound(number: number)
            // The candidates: functions with a handler and no async variant yet, not refused before.
            var candidates: [FunctionKey: String] = [:]
            for (fileIndex, file) in analysis.files.enumerated()
            where wanted.contains(CanonicalPath.of(file.path)) && !codebase.files[fileIndex].isGenerated {
                for (index, function) in codebase.files[fileIndex].functions.enumerated() {
                    let key = FunctionKey(file: fileIndex, index: index)
                    guard let handler = codebase.handler(key), handler.shape != .other, !function.isAsync,
                        function.context.typeKind != "protocol", !function.context.isLocal, !function.isInitializer
                    else { continue }
                    let identity = "\(CanonicalPath.of(file.path))|\(function.context.typePath)|\(function.fullName)"
                    guard codebase.asyncVariant(of: key) == nil else {
                        // One function in two `#if` branches counts once; overloads by their handler's value.
                        let value = function.context.conditions.isEmpty ? handler.valueType?.source ?? "" : ""
                        if number == 1 { alreadyAsync.insert(identity + "|" + value) }
                        continue
                    }
                    if !refused.contains(identity) { candidates[key] = identity }
                }
            }
            // Those that call another candidate wait for it.
            var ready: [Int: Set<Int>] = [:]
            var waitsFor: [FunctionKey: [FunctionKey]] = [:]
            for fileIndex in Set(candidates.keys.map(\.file)) {
                let calls = codebase.resolvedCalls(inFile: fileIndex)
                for key in candidates.keys where key.file == fileIndex {
                    var callees: [FunctionKey] = []
                    for call in calls
                    where call.enclosingFunction == key.index && call.targets.count == 1
                        && call.targets[0] != key && candidates[call.targets[0]] != nil
                        && !callees.contains(call.targets[0])
                    {
                        callees.append(call.targets[0])
                    }
                    if callees.isEmpty {
                        ready[fileIndex, default: []].insert(key.index)
                    } else {
                        waitsFor[key] = callees
                    }
                }
            }
            round.waiting = waitsFor.count
            let omitting = Self.asyncCallsOmittingHandler(of: Set(candidates.keys), in: analysis)
            // A cycle that waits on nothing else is converted whole, with the functions that are ready: each
            // function's calls of the others await the async versions planned for them.
            let onlyCycles = ready.isEmpty
            var cycleVersions: [FunctionKey: FunctionRecord] = [:]
            let cycles = Self.convertibleCycles(waiting: waitsFor, in: codebase)
            for members in cycles {
                for key in members {
                    cycleVersions[key] = HandlerBodyRewriter.plannedAsyncVersion(of: key, in: codebase)
                    ready[key.file, default: []].insert(key.index)
                }
            }
            round.waiting = waitsFor.count - cycleVersions.count
            if ready.isEmpty {
                // Everything left waits on a cycle, which no order breaks.
                round.refused = Self.refusals(waiting: waitsFor, in: analysis)
                for (key, _) in waitsFor { if let identity = candidates[key] { refused.insert(identity) } }
                round.waiting = 0
                if !round.refused.isEmpty { rounds.append(round) }
                break
            }
            var converted: [FileResults] = []
            for (fileIndex, functions) in ready.sorted(by: { $0.key < $1.key }) {
                let path = analysis.files[fileIndex].path
                if files[path] == nil {
                    guard let read = try? SourceReader.read(analysis.files[fileIndex]).get() else { continue }
                    original[path] = read
                    files[path] = SourceLines(read)
                }
                guard let source = texts[path] ?? files[path]?.normalized else { continue }
                var converter = FunctionConverter(codebase: codebase, fileIndex: fileIndex)
                converter.callsOmittingHandler = omitting
                converter.cycleVersions = cycleVersions
                converted.append((fileIndex, source, converter.convert(source, functions: functions)))
            }
            let cyclesConverted = Self.settleCycles(cycles, &converted, in: analysis)
            for (fileIndex, source, results) in converted {
                let path = analysis.files[fileIndex].path
                var conversions: [FunctionConversion] = []
                for (index, result) in results.sorted(by: { $0.key < $1.key }) {
                    switch result {
                    case .success(let conversion):
                        conversions.append(conversion)
                        round.converted.append((path, conversion))
                    case .failure(let refusal):
                        round.refused.append((path, refusal))
                        if let identity = candidates[FunctionKey(file: fileIndex, index: index)] {
                            refused.insert(identity)
                        }
                    }
                }
                guard !conversions.isEmpty else { continue }
                var lines = files[path] ?? SourceLines(source)
                for conversion in conversions.sorted(by: { $0.startLine > $1.startLine }) {
                    lines.replace(conversion.startLine, through: conversion.endLine, with: conversion.replacement)
                }
                files[path] = lines
                texts[path] = lines.normalized
            }
            if onlyCycles, !cyclesConverted {
                // Nothing else was ready and no cycle converted: the rest waits on one for good.
                let members = Set(cycleVersions.keys)
                let rest = waitsFor.filter { !members.contains($0.key) }
                round.refused += Self.refusals(waiting: waitsFor, in: analysis).filter { entry in
                    rest.keys.contains { key in
                        analysis.files[key.file].path == entry.path && codebase.function(key).line == entry.refusal.line
                            && codebase.function(key).fullName == entry.refusal.function
                    }
                }
                for (key, _) in rest { if let identity = candidates[key] { refused.insert(identity) } }
                round.waiting = 0
                rounds.append(round)
                break
            }
            rounds.append(round)
            if round.converted.isEmpty, round.refused.isEmpty { break }
        }
        for path in texts.keys { texts[path] = files[path]?.text }
        return Result(
            rounds: rounds, original: original.filter { texts[$0.key] != nil }, final: texts,
            alreadyAsync: alreadyAsync.count)
    }
}
