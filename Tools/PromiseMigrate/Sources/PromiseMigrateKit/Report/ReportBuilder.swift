/// Turns an `Analysis` into a `Report`: resolves every call by name, counts per file and module, and
/// applies the guide's leaf rule for the next steps.
public enum ReportBuilder {
    /// The report for `analysis`.
    public static func build(_ analysis: Analysis) -> Report {
        let codebase = analysis.codebase
        var callTotals: [FunctionKey: (all: Int, inAsync: Int)] = [:]
        // Calls made by an API's own async stand-in (its variant, an `…Async` twin): how the stand-in is
        // built, not calls to migrate.
        var standInCalls: [FunctionKey: (all: Int, inAsync: Int)] = [:]
        var styles = codebase.files.map { StylesBuilder(importsPromiseLibrary: $0.importsPromiseLibrary) }
        var counts = [Counts](repeating: Counts(), count: codebase.files.count)
        var callSites = [[CallSiteEntry]](repeating: [], count: codebase.files.count)

        for (fileIndex, file) in codebase.files.enumerated() {
            for call in codebase.resolvedCalls(inFile: fileIndex) {
                let (kind, targets) = (call.kind, call.targets)
                let inAsync = file.contextIsAsync[call.context]
                counts[fileIndex].callSites[kind.rawValue, default: 0] += 1
                styles[fileIndex].addCall(kind, inAsync: inAsync, wrapped: file.contextIsPromiseBody[call.context])
                guard targets.count == 1, let target = targets.first else {
                    counts[fileIndex].ambiguousCallSites += 1
                    callSites[fileIndex].append(
                        CallSiteEntry(
                            line: call.line, api: call.name, type: nil, kind: kind, inAsync: inAsync,
                            ambiguousAmong: targets.map {
                                "\(analysis.files[$0.file].path):\(codebase.function($0).line)"
                            }))
                    continue
                }
                var total = callTotals[target] ?? (0, 0)
                total.all += 1
                if inAsync { total.inAsync += 1 }
                callTotals[target] = total
                if let caller = call.enclosingFunction,
                    codebase.isAsyncStandIn(FunctionKey(file: fileIndex, index: caller), for: target)
                {
                    standInCalls[target, default: (0, 0)].all += 1
                    if inAsync { standInCalls[target, default: (0, 0)].inAsync += 1 }
                }
                let declaration = codebase.function(target)
                callSites[fileIndex].append(
                    CallSiteEntry(
                        line: call.line, api: declaration.fullName,
                        type: declaration.context.typePath.isEmpty ? nil : declaration.context.typePath, kind: kind,
                        inAsync: inAsync))
            }
        }

        var fileReports: [FileReport] = []
        var nextSteps: [NextStep] = []
        for (fileIndex, file) in codebase.files.enumerated() {
            let source = analysis.files[fileIndex]
            let owners = analysis.codeOwners?.owners(of: source.path) ?? []
            var fileCounts = counts[fileIndex]
            var apis: [APIEntry] = []
            // What `wrap` would say of this file's callback APIs: a step must not suggest a command that
            // would skip its API.
            var wrapRefusals: [Int: String] = [:]
            if codebase.handlers[fileIndex].contains(where: { $0 != nil }) {
                for refusal in WrapPlanner(codebase: codebase, fileIndex: fileIndex).plan(types: []).refusals {
                    wrapRefusals[refusal.line] = refusal.reason
                }
            }
            for index in file.functions.indices {
                let key = FunctionKey(file: fileIndex, index: index)
                guard let kind = codebase.kind(of: key) else { continue }
                let function = codebase.function(key)
                let shape = kind == .callback ? codebase.handler(key)?.shape : nil
                switch kind {
                case .callback: fileCounts.callbackAPIs[(shape ?? .other).rawValue, default: 0] += 1
                case .promise: fileCounts.promiseAPIs += 1
                case .async: fileCounts.asyncAPIs += 1
                }
                styles[fileIndex].addDeclaration(kind)
                let calls = callTotals[key] ?? (0, 0)
                let typeName = function.context.typePath.isEmpty ? nil : function.context.typePath
                let library = kind == .promise ? file.otherPromiseLibrary : nil
                let wrapRefusal = kind == .callback ? wrapRefusals[function.line] : nil
                apis.append(
                    APIEntry(
                        name: function.fullName, type: typeName, line: function.line, kind: kind, shape: shape,
                        promiseLibrary: library, callSites: calls.all, callSitesInAsync: calls.inAsync,
                        wrapRefusal: wrapRefusal))
                let standIns = standInCalls[key] ?? (0, 0)
                let migratable = (all: calls.all - standIns.all, inAsync: calls.inAsync - standIns.inAsync)
                if kind != .async, migratable.all > 0, migratable.all == migratable.inAsync {
                    nextSteps.append(
                        NextStep(
                            api: function.fullName, type: typeName, kind: kind, path: source.path, line: function.line,
                            callSites: migratable.all,
                            suggestion: suggestion(
                                for: kind, path: source.path, promiseLibrary: library,
                                asyncVariant: kind == .callback
                                    ? codebase.asyncVariant(of: key).map { codebase.function($0).fullName } : nil,
                                wrapRefusal: wrapRefusal),
                            isTest: source.isTest, owners: owners))
                }
            }
            // Another library's promises wait their own way: not this library's refusals.
            let ownWaits = file.otherPromiseLibrary == nil ? file.waits : []
            let waits = ownWaits.map { WaitEntry(line: $0.line, inAsync: file.contextIsAsync[$0.context]) }
            fileCounts.waits = waits.count
            fileCounts.waitsInAsync = waits.filter(\.inAsync).count
            fileCounts.wrapSites = file.wrapSites.count
            var wrapEntries: [WrapEntry] = []
            for site in file.wrapSites {
                guard let wrapped = site.wrapped, let variant = codebase.asyncVariant(ofWrapped: site) else { continue }
                let declaration = codebase.function(variant)
                wrapEntries.append(
                    WrapEntry(
                        line: site.line,
                        wrapped: "\(wrapped.name)(\(wrapped.argumentLabels.map { "\($0):" }.joined()))",
                        asyncVariant: declaration.fullName,
                        asyncVariantLocation: "\(analysis.files[variant.file].path):\(declaration.line)"))
            }
            fileCounts.wrapSitesWithAsyncVariant = wrapEntries.count
            fileCounts.mainQueueCallbacks = file.mainQueueCallbacks.count
            styles[fileIndex].styles.promises += file.promiseConstructions + waits.count
            styles[fileIndex].styles.async += file.awaits
            let fileStyles = styles[fileIndex].styles
            fileReports.append(
                FileReport(
                    path: source.path, module: source.module, isTest: source.isTest, owners: owners,
                    state: fileStyles.state, plain: fileStyles.isPlain,
                    counts: fileCounts, apis: apis, waits: waits, wrapSitesWithAsyncVariant: wrapEntries,
                    mainQueueCallbacks: file.mainQueueCallbacks.map { MainQueueEntry(line: $0.line, form: $0.form) },
                    callSites: callSites[fileIndex], otherPromiseLibrary: file.otherPromiseLibrary))
        }

        // The product's steps first: a test helper is never the place to start.
        nextSteps.sort {
            ($0.isTest ? 1 : 0, $1.callSites, $0.path, $0.line) < ($1.isTest ? 1 : 0, $0.callSites, $1.path, $1.line)
        }
        let modules = moduleReports(fileReports)
        var total = Counts()
        for file in fileReports { total.add(file.counts) }
        let summary = Summary(
            files: fileReports.count, modules: modules.count, progress: progress(of: fileReports),
            states: stateCounts(fileReports), counts: total,
            productModules: modules.filter { !$0.isTest }.count,
            productModulesDone: modules.filter { !$0.isTest && HTMLRenderer.remainingWork($0.counts) == 0 }.count)
        return Report(
            roots: analysis.roots, summary: summary, modules: modules, files: fileReports, nextSteps: nextSteps,
            diagnostics: analysis.diagnostics, codeOwnersFile: analysis.codeOwners?.file,
            indexStore: analysis.codebase.references?.storePath)
    }

    private static func suggestion(
        for kind: APIKind, path: String, promiseLibrary: String? = nil, asyncVariant: String?,
        wrapRefusal: String? = nil
    ) -> String {
        if let promiseLibrary {
            return "every call is in async code: a \(promiseLibrary) promise; give it an async implementation "
                + "(Migration.md's name map has \(promiseLibrary)'s API), call that, then retire the promise"
        }
        switch kind {
        case .callback:
            if let asyncVariant {
                return "every call is in async code: move the calls to its async variant \(asyncVariant), "
                    + "then retire the completion handler"
            }
            if let wrapRefusal {
                return "every call is in async code: write its async variant by hand (wrap would not: "
                    + "\(wrapRefusal)), move the calls to it, then retire the completion handler"
            }
            return "every call is in async code: add an async facade (promise-migrate wrap \(path)), "
                + "move the calls to it, then retire the completion handler"
        case .promise:
            return "every call is in async code: make the async implementation the real one, call it directly, "
                + "then delete this promise facade"
        case .async:
            return ""
        }
    }

    private static func moduleReports(_ files: [FileReport]) -> [ModuleReport] {
        Dictionary(grouping: files, by: \.module).map { name, members in
            var counts = Counts()
            for file in members { counts.add(file.counts) }
            var ownerCounts: [String: Int] = [:]
            for file in members { for owner in file.owners { ownerCounts[owner, default: 0] += 1 } }
            return ModuleReport(
                name: name, files: members.count, progress: progress(of: members), states: stateCounts(members),
                counts: counts, isTest: members.allSatisfy(\.isTest),
                owners: ownerCounts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key))
        }.sorted { ($0.isTest ? 1 : 0, $0.name) < ($1.isTest ? 1 : 0, $1.name) }
    }

    /// The mean state score of the files with callback, promise or async code; 1 when there are none.
    static func progress(of files: [FileReport]) -> Double {
        let counted = files.filter { !$0.plain }
        guard !counted.isEmpty else { return 1 }
        let mean = counted.map(\.state.score).reduce(0, +) / Double(counted.count)
        return (mean * 1000).rounded() / 1000
    }

    private static func stateCounts(_ files: [FileReport]) -> [String: Int] {
        var states = Dictionary(uniqueKeysWithValues: FileState.allCases.map { ($0.rawValue, 0) })
        for file in files { states[file.state.rawValue, default: 0] += 1 }
        return states
    }
}

/// Accumulates a file's `FileStyles` from its declarations and resolved calls.
private struct StylesBuilder {
    var styles: FileStyles

    init(importsPromiseLibrary: Bool) {
        styles = FileStyles(importsPromiseLibrary: importsPromiseLibrary)
    }

    mutating func addDeclaration(_ kind: APIKind) {
        switch kind {
        case .callback: styles.callbacks += 1
        case .promise: styles.promises += 1
        case .async: styles.async += 1
        }
    }

    /// A callback called inside a promise's body is being wrapped: that is promise code.
    mutating func addCall(_ kind: APIKind, inAsync: Bool, wrapped: Bool) {
        switch kind {
        case .callback where wrapped: styles.promises += 1
        case .callback: styles.callbacks += 1
        case .promise where inAsync: styles.promisesAwaited += 1
        case .promise: styles.promises += 1
        case .async: styles.async += 1
        }
    }
}
