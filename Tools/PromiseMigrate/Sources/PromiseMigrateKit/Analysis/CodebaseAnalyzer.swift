import Dispatch
import Foundation

/// The scanned and parsed codebase, with the problems met on the way.
public struct Analysis: Sendable {
    /// The roots as given.
    public var roots: [String]
    /// The files that were read and parsed, in scan order; parallel to `codebase.files`.
    public var files: [SourceFileRef]
    /// Their facts and indexes.
    public var codebase: Codebase
    /// Files and folders that could not be read, and files that parsed with errors.
    public var diagnostics: [FileDiagnostic]
    /// Wall-clock seconds for scanning, reading, parsing and indexing.
    public var elapsedSeconds: Double
    /// The `CODEOWNERS` of the repository of the first root, if any.
    public var codeOwners: CodeOwners? = nil
}

extension Analysis {
    /// Resolves calls with the index store at `storePath` from now on (see `CompilerReferences`).
    /// Returns a note naming the files the store does not cover, whose calls stay resolved by syntax.
    @discardableResult
    public mutating func useIndexStore(at storePath: String, libraryPath: String? = nil) throws(IndexStoreError)
        -> String?
    {
        let references = try CompilerReferences.read(
            storePath: storePath, paths: files.map(\.path), codebase: codebase, libraryPath: libraryPath)
        codebase.references = references
        var notes = ""
        if !references.uncovered.isEmpty {
            let names = references.uncovered.prefix(3).map { files[$0].path }.joined(separator: ", ")
            let more = references.uncovered.count > 3 ? " and \(references.uncovered.count - 3) more" : ""
            notes +=
                "note: \(references.uncovered.count) file(s) are not in the index store (\(names)\(more)): "
                + "their calls are resolved by name\n"
        }
        let notCompiled = files.indices.reduce(0) { count, index in
            count + codebase.notCompiledCalls(inFile: index).filter { codebase.resolve($0) != nil }.count
        }
        if notCompiled > 0 {
            notes +=
                "note: \(notCompiled) call(s) of the codebase's APIs sit in #if branches this build did not "
                + "compile (another platform's code): resolved by name; a store from that platform's build "
                + "resolves them\n"
        }
        return notes.isEmpty ? nil : notes
    }
}

/// Scans roots, reads and parses every Swift file (in parallel), and indexes the result.
public struct CodebaseAnalyzer: Sendable {
    /// Which folders to skip.
    public var scanner: SourceScanner

    /// An analyzer with `scanner`.
    public init(scanner: SourceScanner = SourceScanner()) {
        self.scanner = scanner
    }

    /// Analyzes the Swift files under `roots`. A file that cannot be read is left out with a
    /// diagnostic; one that parses with errors is kept, with a diagnostic. A file whose path is in
    /// `texts` is read from there instead of the disk (a conversion round not yet written).
    public func analyze(_ roots: [String], texts: [String: String] = [:]) -> Analysis {
        let started = DispatchTime.now()
        let scan = scanner.scanWithProjects(roots)
        let found = ModuleMapper.assign(scan)
        let scanDiagnostics = scan.diagnostics
        let outcomes = Self.parseAll(found, texts: texts)
        var files: [SourceFileRef] = []
        var facts: [FileFacts] = []
        var diagnostics = scanDiagnostics
        for (file, outcome) in zip(found, outcomes) {
            switch outcome {
            case .success(let parsed):
                files.append(file)
                facts.append(parsed)
                if let problem = parsed.syntaxProblem {
                    diagnostics.append(
                        FileDiagnostic(
                            path: file.path, kind: .syntaxErrors,
                            message: "does not parse: \(problem.count) syntax error(s), the first at "
                                + "\(problem.line):\(problem.column): \(problem.message); counts may be incomplete"))
                }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
            }
        }
        let codebase = Codebase(files: facts)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return Analysis(
            roots: roots, files: files, codebase: codebase, diagnostics: diagnostics, elapsedSeconds: elapsed,
            codeOwners: roots.first.flatMap(CodeOwners.find(from:)))
    }

    /// Reads and parses every file, on all cores; results in input order.
    static func parseAll(
        _ files: [SourceFileRef], texts: [String: String] = [:]
    ) -> [Result<FileFacts, FileDiagnostic>] {
        let slots = Slots<Result<FileFacts, FileDiagnostic>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let read = texts[file.path].map { Result<String, FileDiagnostic>.success($0) } ?? SourceReader.read(file)
            slots[index] = read.flatMap { text in
                FileFacts.parse(text, path: file.path, isMainFile: file.path.hasSuffix("main.swift"))
            }
        }
        return slots.values
    }
}

/// Fixed storage that concurrent iterations fill, each at its own index.
private final class Slots<Element>: @unchecked Sendable {  // each index is written by one iteration only
    private let buffer: UnsafeMutableBufferPointer<Element?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    subscript(index: Int) -> Element? {
        get { buffer[index] }
        set { buffer[index] = newValue }
    }

    var values: [Element] { buffer.map { $0! } }
}
