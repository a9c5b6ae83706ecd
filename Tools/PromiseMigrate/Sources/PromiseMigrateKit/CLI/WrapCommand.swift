import Foundation

/// `promise-migrate wrap`: plans and generates the facades for one file, and writes them only with
/// `--write`, only to the one file it creates, and never over a file it did not generate.
struct WrapCommand<Output: CommandOutput> {
    var options: WrapOptions
    var output: Output

    func run() -> Int32 {
        let file = SourceScanner.normalize(options.file)
        let source: String
        switch SourceReader.read(SourceFileRef(path: file, module: "")) {
        case .success(let text): source = text
        case .failure(let diagnostic):
            output.err("error: \(file): \(diagnostic.message)\n")
            return 1
        }
        let folder = PathFolder.of(file)
        let destination =
            options.output
            ?? ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(
                "\(((file as NSString).lastPathComponent as NSString).deletingPathExtension)+Promises.swift")
        let fileIdentity = CanonicalPath.of(file)
        let destinationIdentity = CanonicalPath.of(destination)
        if fileIdentity == destinationIdentity {
            output.err("error: the output \(destination) is the input file; pass another --output\n")
            return 1
        }

        // The codebase gives typealiases, Sendable types and existing names; the file's own facts are
        // parsed from the text read above, and a previous output is left out.
        // Without --context, the context is the file's module: as the index store's build compiled it,
        // else as the repository's Package.swift or Xcode project defines it (or --module-depth says),
        // else the file's folder.
        var roots = [options.context ?? (folder.isEmpty ? "." : folder)]
        if options.context == nil, options.indexStore == nil,
            let module = ModuleMapper.moduleFiles(of: file, moduleDepth: options.moduleDepth)
        {
            roots = module
        }
        var store = options.indexStore
        if let storePath = store, options.context == nil {
            do {
                let module = try CompilerReferences.moduleFiles(of: file, storePath: storePath)
                if module.isEmpty {
                    output.err(
                        "warning: the index store does not compile \(file) (build it first?); wrapping it "
                            + "without the store, with its folder as context\n")
                    store = nil
                } else {
                    roots = module
                }
            } catch {
                output.err("error: \(error)\n")
                return 1
            }
        }
        let analysis = CodebaseAnalyzer().analyze(roots)
        let kept = zip(analysis.files, analysis.codebase.files).filter { ref, facts in
            let identity = CanonicalPath.of(ref.path)
            return !facts.isGenerated && identity != destinationIdentity && identity != fileIdentity
        }
        var facts = kept.map(\.1)
        let parsed: FileFacts
        switch FileFacts.parse(source, path: file, isMainFile: file.hasSuffix("main.swift")) {
        case .success(let facts): parsed = facts
        case .failure(let diagnostic):
            output.err("error: \(file): \(diagnostic.message)\n")
            return 1
        }
        if let problem = parsed.syntaxProblem {
            output.err("warning: \(file):\(problem.line):\(problem.column): \(problem.message); wrapping what parsed\n")
        }
        facts.append(parsed)
        var codebase = Codebase(files: facts)
        if let store {
            do {
                codebase.references = try CompilerReferences.read(
                    storePath: store, paths: kept.map(\.0.path) + [file], codebase: codebase)
            } catch {
                output.err("error: \(error)\n")
                return 1
            }
        }

        let known = Set(parsed.functions.map(\.context.typePath).filter { !$0.isEmpty })
        let knownSimple = Set(known.compactMap { $0.split(separator: ".").last.map(String.init) })
        for name in options.types where !known.contains(name) && !knownSimple.contains(name) {
            let list = known.isEmpty ? "none" : known.sorted().joined(separator: ", ")
            output.err("error: \(file) declares no methods of a type \(name) (types with methods: \(list))\n")
            return 1
        }

        let planner = WrapPlanner(codebase: codebase, fileIndex: facts.count - 1)
        let (plans, refusals) = planner.plan(types: Set(options.types))
        for refusal in refusals {
            output.err("\(file):\(refusal.line): not wrapped: \(refusal.name): \(refusal.reason)\n")
        }
        guard !plans.isEmpty else {
            output.err("nothing to wrap in \(file)\(refusals.isEmpty ? ": no completion-handler methods" : "")\n")
            return 0
        }
        let generator = WrapGenerator(
            sourceName: (file as NSString).lastPathComponent, imports: parsed.imports, extraImports: options.imports)
        let code = generator.generate(plans, refusals: refusals)
        let summary = "\(plans.count) method(s) wrapped, \(refusals.count) not wrapped"

        guard options.write else {
            output.out(code)
            let exists = FileManager.default.fileExists(atPath: destination)
            output.err(
                "\(summary); printed only: pass --write to \(exists ? "replace" : "create") \(destination)\n")
            return 0
        }
        if FileManager.default.fileExists(atPath: destination) {
            let current = (try? String(contentsOfFile: destination, encoding: .utf8)) ?? ""
            guard current.hasPrefix(WrapGenerator.marker) else {
                output.err(
                    "error: refusing to overwrite \(destination): promise-migrate did not generate it "
                        + "(pass another --output)\n")
                return 1
            }
        }
        do {
            try code.write(toFile: destination, atomically: true, encoding: .utf8)
        } catch {
            output.err("error: cannot write \(destination): \(error.localizedDescription)\n")
            return 1
        }
        output.err("\(summary); wrote \(destination)\n")
        return 0
    }
}
