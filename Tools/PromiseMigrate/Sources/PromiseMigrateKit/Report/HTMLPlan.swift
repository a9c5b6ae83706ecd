/// The page's plan: the figures a lead asks for first, the three things to do first, every step, and the
/// modules with their owners (or all of it per owner).
extension HTMLRenderer {
    /// One thing to do: a leaf API to move to async, or a callback API to give a facade.
    struct PlanStep {
        var api: String
        var kind: APIKind
        var path: String
        var line: Int
        var detail: String
        var action: String
        var owners: [String]
        var isTest: Bool
    }

    /// The leaf steps (every call already async), then, while fewer than `minimum`, the most-called
    /// completion-handler APIs that `wrap` can give a facade, the product's first.
    static func planSteps(_ report: Report, minimum: Int = 3) -> [PlanStep] {
        var steps = report.nextSteps.map { step in
            PlanStep(
                api: (step.type.map { "\($0)." } ?? "") + step.api, kind: step.kind, path: step.path, line: step.line,
                detail: "\(step.callSites) call site(s), all async", action: step.suggestion, owners: step.owners,
                isTest: step.isTest)
        }
        guard steps.count < minimum else { return steps }
        var callbacks: [(api: APIEntry, file: FileReport)] = []
        for file in report.files {
            for api in file.apis where api.kind == .callback && api.shape != .other && api.wrapRefusal == nil {
                callbacks.append((api, file))
            }
        }
        callbacks.sort {
            ($0.file.isTest ? 1 : 0, $1.api.callSites, $0.file.path, $0.api.line)
                < ($1.file.isTest ? 1 : 0, $0.api.callSites, $1.file.path, $1.api.line)
        }
        let taken = Set(steps.map { "\($0.path):\($0.line)" })
        for entry in callbacks where !taken.contains("\(entry.file.path):\(entry.api.line)") {
            guard steps.count < max(minimum, 15) else { break }
            steps.append(
                PlanStep(
                    api: (entry.api.type.map { "\($0)." } ?? "") + entry.api.name, kind: .callback,
                    path: entry.file.path, line: entry.api.line,
                    detail: "\(entry.api.callSites) call site(s), \(entry.api.callSitesInAsync) in async code",
                    action: "give it an async facade: promise-migrate wrap \(entry.file.path), "
                        + "then call the facade from new and async code",
                    owners: entry.file.owners, isTest: entry.file.isTest))
        }
        return steps
    }

    /// The first screen: what is there, and how far along.
    static func figures(_ report: Report) -> String {
        let counts = report.summary.counts
        let callbackCalls = counts.callSites["callback"] ?? 0
        let resolution: String
        if report.indexStore != nil {
            resolution =
                counts.ambiguousCallSites == 0
                ? "resolved by the compiler"
                : "+ \(counts.ambiguousCallSites) ambiguous, where the store had no answer (code the build skipped, "
                    + "files it did not compile)"
        } else {
            resolution =
                counts.ambiguousCallSites == 0
                ? "none ambiguous" : "+ \(counts.ambiguousCallSites) ambiguous (credited to none)"
        }
        let summary = report.summary
        let products = summary.productModules
        let tests = summary.modules - products
        func figure(_ value: String, _ label: String, _ note: String = "") -> String {
            "<div class=\"figure\"><b>\(value)</b><span>\(label)</span>"
                + (note.isEmpty ? "" : "<small>\(escape(note))</small>") + "</div>"
        }
        return """
            <div class="figures">
            \(figure("\(counts.callbackAPITotal)", "callback APIs", "declared, all handler shapes"))
            \(figure("\(callbackCalls)", "callback call sites", resolution))
            \(figure("\(counts.promiseAPIs)", "promise APIs", "\(counts.callSites["promise"] ?? 0) call sites"))
            \(figure("\(counts.asyncAPIs)", "async APIs", "\(counts.callSites["async"] ?? 0) call sites"))
            \(figure("\(summary.productModulesDone) / \(products)", "product modules done", tests > 0 ? "and \(tests) test modules" : ""))
            </div>
            """
    }

    /// The three steps to take first, with who owns each.
    static func firstThree(_ steps: [PlanStep], _ paths: PathDisplay) -> String {
        guard !steps.isEmpty else {
            return "<p class=\"muted\">Nothing to do: no completion-handler API is left to wrap or retire.</p>"
        }
        return "<ol class=\"first\">\n" + steps.prefix(3).map { stepItem($0, paths) }.joined(separator: "\n")
            + "\n</ol>"
    }

    static func stepItem(_ step: PlanStep, _ paths: PathDisplay) -> String {
        """
        <li><code>\(escape(step.api))</code> <span class="chip \(step.kind.rawValue)">\(step.kind.rawValue)</span>\
        \(ownerChips(step.owners)) <span class="where">\(paths.link(step.path, line: step.line)) · \
        \(escape(step.detail))</span><br>\(escape(step.action))</li>
        """
    }

    static func ownerChips(_ owners: [String]) -> String {
        owners.map { " <span class=\"owner\">\(escape($0))</span>" }.joined()
    }

    /// Every step after the first three.
    static func remainingSteps(_ steps: [PlanStep], _ paths: PathDisplay) -> String {
        let rest = steps.dropFirst(3)
        guard !rest.isEmpty else { return "<p class=\"muted\">No more steps: the three above are all.</p>" }
        let shown = rest.prefix(25)
        let more =
            rest.count > shown.count ? "<p class=\"muted\">\(rest.count - shown.count) more in the JSON.</p>" : ""
        return """
            <p>Leaf APIs first (every call already in async code: the guide's leaf rule), most called first; \
            then the most-called completion-handler APIs to give async facades.</p>
            <ol class="steps" start="4">
            \(shown.map { stepItem($0, paths) }.joined(separator: "\n"))
            </ol>\(more)
            """
    }

    /// Product modules with work left, most first; the done ones in one line; test modules apart.
    static func modules(_ modules: [ModuleReport], _ paths: PathDisplay) -> String {
        let products = modules.filter { !$0.isTest }
        let tests = modules.filter(\.isTest)
        var out = moduleTable(
            products.filter { remainingWork($0.counts) > 0 }, paths, empty: "Every product module is done.")
        out += doneLine(products.filter { remainingWork($0.counts) == 0 }, paths, what: "product module(s)")
        if !tests.isEmpty {
            out += "\n<h3>Test modules</h3>\n"
            out += moduleTable(
                tests.filter { remainingWork($0.counts) > 0 }, paths, empty: "Every test module is done.")
            out += doneLine(tests.filter { remainingWork($0.counts) == 0 }, paths, what: "test module(s)")
        }
        return out
    }

    private static func moduleTable(_ modules: [ModuleReport], _ paths: PathDisplay, empty: String) -> String {
        guard !modules.isEmpty else { return "<p class=\"muted\">\(empty)</p>" }
        let sorted = modules.sorted { (remainingWork($1.counts), $0.name) < (remainingWork($0.counts), $1.name) }
        let rows = sorted.map { module in
            let counts = module.counts
            return """
                <tr><th scope="row"><code>\(paths.html(module.name))</code></th>\
                <td>\(module.owners.isEmpty ? "<span class=\"muted\">none</span>" : ownerChips(module.owners))</td>\
                <td class="num">\(counts.callbackAPITotal)</td><td class="num">\(counts.callSites["callback"] ?? 0)</td>\
                <td class="num">\(counts.promiseAPIs)</td><td class="num">\(counts.waitsInAsync)</td>\
                <td class="num">\(module.files)</td><td class="bar">\(progressBar(module.progress, label: module.name))</td></tr>
                """
        }
        return """
            <table><thead><tr><th>Module</th><th>Owners</th><th class="num">Callback APIs</th>\
            <th class="num">Callback calls</th><th class="num">Promise APIs</th><th class="num">Waits in async</th>\
            <th class="num">Files</th><th>Progress</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table>
            """
    }

    private static func doneLine(_ modules: [ModuleReport], _ paths: PathDisplay, what: String) -> String {
        guard !modules.isEmpty else { return "" }
        let names = modules.map { "<code>\(paths.html($0.name))</code>" }.joined(separator: ", ")
        return
            "\n<details class=\"done\"><summary>\(modules.count) \(what) with nothing left</summary>\(names)</details>"
    }

    /// The plan per owner: each team's modules with work left and its steps.
    static func byOwner(_ report: Report, _ steps: [PlanStep], _ paths: PathDisplay) -> String {
        var owners = Set(report.modules.compactMap(\.owners.first)).union(steps.flatMap(\.owners)).sorted()
        let unowned =
            report.modules.contains { $0.owners.isEmpty && remainingWork($0.counts) > 0 }
            || steps.contains { $0.owners.isEmpty }
        if unowned { owners.append("") }
        guard !owners.isEmpty else { return "<p class=\"muted\">No CODEOWNERS file: no owners to group by.</p>" }
        var out = ""
        for owner in owners {
            // A module is its main owner's (the one of most of its files); a step, each owner's of its file.
            let mine = report.modules.filter {
                (owner.isEmpty ? $0.owners.isEmpty : $0.owners.first == owner) && remainingWork($0.counts) > 0
            }
            let ownSteps = steps.filter { owner.isEmpty ? $0.owners.isEmpty : $0.owners.contains(owner) }
            guard !mine.isEmpty || !ownSteps.isEmpty else { continue }
            let work = mine.map { remainingWork($0.counts) }.reduce(0, +)
            out += """
                <details open><summary><span class="owner">\(owner.isEmpty ? "no owner" : escape(owner))</span> \
                \(mine.count) module(s) with work left (\(work)), \(ownSteps.count) step(s)</summary>
                \(ownSteps.isEmpty ? "" : "<ol class=\"steps\">\n" + ownSteps.prefix(10).map { stepItem($0, paths) }.joined(separator: "\n") + "\n</ol>")
                \(mine.isEmpty ? "" : moduleTable(mine, paths, empty: ""))
                </details>

                """
        }
        return out
    }
}
