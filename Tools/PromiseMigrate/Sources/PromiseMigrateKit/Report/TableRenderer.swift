import Foundation

/// The report as plain-text tables for a terminal.
public enum TableRenderer {
    /// The report as text; `elapsedSeconds`, when given, is shown in the heading.
    public static func render(_ report: Report, elapsedSeconds: Double? = nil) -> String {
        var out = ""
        let summary = report.summary
        let timing = elapsedSeconds.map { String(format: " in %.2f s", $0) } ?? ""
        out += "promise-migrate report: \(summary.files) file(s), \(summary.modules) module(s)\(timing); "
        out += "progress \(percent(summary.progress))\n\n"

        out += "Modules\n"
        var modules = Table(["module", "files", "callback", "promise", "mixed", "async", "done", "progress"])
        for module in report.modules {
            modules.add(
                [module.name, "\(module.files)"] + FileState.allCases.map { "\(module.states[$0.rawValue] ?? 0)" }
                    + ["\(bar(module.progress)) \(percent(module.progress))"])
        }
        out += modules.render() + "\n"

        out += "Files\n"
        var files = Table([
            "file", "state", "callback APIs", "promise APIs", "async APIs", "calls cb/pr/async", "waits (in async)",
            "wraps with async variant", "main queue",
        ])
        for file in report.files {
            let counts = file.counts
            let calls = APIKind.allCases.map { "\(counts.callSites[$0.rawValue] ?? 0)" }.joined(separator: "/")
            files.add([
                file.path, file.state.rawValue, "\(counts.callbackAPITotal)", "\(counts.promiseAPIs)",
                "\(counts.asyncAPIs)", calls, "\(counts.waits) (\(counts.waitsInAsync))",
                "\(counts.wrapSitesWithAsyncVariant)", "\(counts.mainQueueCallbacks)",
            ])
        }
        out += files.render() + "\n"

        out += "Completion-handler APIs by shape\n"
        var shapes = Table(["shape", "APIs"])
        for shape in HandlerShape.allCases {
            shapes.add([shape.display, "\(summary.counts.callbackAPIs[shape.rawValue] ?? 0)"])
        }
        out += shapes.render() + "\n"

        out += "Next steps: APIs whose every call site is already in async code\n"
        if report.nextSteps.isEmpty {
            out += "  (none yet: every callback or promise API still has a synchronous caller, or none)\n"
        }
        for (index, step) in report.nextSteps.enumerated() {
            let owner = step.type.map { "\($0)." } ?? ""
            out += "  \(index + 1). \(owner)\(step.api)  \(step.path):\(step.line)  \(step.kind.rawValue), "
            out += "\(step.callSites) call site(s)\n     \(step.suggestion)\n"
        }

        let warnings = warningLines(report)
        if !warnings.isEmpty {
            out += "\nWarnings\n" + warnings.map { "  \($0)\n" }.joined()
        }
        if !report.diagnostics.isEmpty {
            out += "\nDiagnostics (\(report.diagnostics.count))\n"
            out += report.diagnostics.map { "  \($0.path): \($0.kind.rawValue): \($0.message)\n" }.joined()
        }
        return out
    }

    /// Waits in async code and wrap sites with an async variant, one line each.
    static func warningLines(_ report: Report) -> [String] {
        var lines: [String] = []
        for file in report.files {
            for wait in file.waits where wait.inAsync {
                lines.append(
                    "\(file.path):\(wait.line): wait() inside async code: the library refuses it "
                        + "(PromiseError.waitWouldDeadlock); use try await promise.value")
            }
            for site in file.wrapSitesWithAsyncVariant {
                lines.append(
                    "\(file.path):\(site.line): promise wrapper of \(site.wrapped), which has an async variant "
                        + "\(site.asyncVariant) (\(site.asyncVariantLocation))")
            }
        }
        return lines
    }

    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }

    static func bar(_ fraction: Double, width: Int = 10) -> String {
        let filled = Int((fraction * Double(width)).rounded())
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    }
}

/// Left-aligned text columns, numbers right-aligned.
private struct Table {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: [String]) {
        self.header = header
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let numeric = column > 0 && cell.first?.isNumber == true
                return numeric ? padding + cell : cell + padding
            }
            return "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }.joined()
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
