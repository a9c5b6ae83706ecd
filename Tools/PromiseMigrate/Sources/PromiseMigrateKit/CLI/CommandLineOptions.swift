/// A command line, parsed.
public enum ParsedCommand: Equatable, Sendable {
    /// `report PATH… [--json] [--html FILE] [--exclude NAME]…`
    case report(ReportOptions)
    /// `wrap FILE [--type NAME]… [--write] [--output PATH] [--context DIR] [--import MODULE]…`
    case wrap(WrapOptions)
    /// `convert [--functions] PATH… [--write] [--rounds N] [--context DIR]`
    case convert(ConvertOptions)
    /// `promisekit PATH… [--write] [--context DIR] [--queue QUEUE]`
    case promiseKit(PromiseKitOptions)
    /// `help`, `--help`, `-h`, or no arguments.
    case help
    /// `--version`.
    case version
}

/// Options of `report`.
public struct ReportOptions: Equatable, Sendable {
    /// Folders or files to scan.
    public var paths: [String] = []
    /// JSON on standard output instead of the table.
    public var json = false
    /// Where to write the HTML page, if anywhere.
    public var htmlPath: String?
    /// Folder names to skip, besides the default ones.
    public var excluded: [String] = []
    /// Folders below a root that make a module, where no `Package.swift` names the targets.
    public var moduleDepth: Int?
    /// The web address of the sources, to link each API's `path:line` (`…/blob/main/`).
    public var sourceURL: String?
    /// Group the HTML page's plan by the owners `CODEOWNERS` names.
    public var byOwner = false

    /// An index store to resolve calls with (the compiler's answers instead of the syntax's).
    public var indexStore: String?

    /// No paths and no options.
    public init() {}
}

/// Options of `convert`.
public struct ConvertOptions: Equatable, Sendable {
    /// Files or folders whose calls are converted.
    public var paths: [String] = []
    /// Apply the changes (otherwise a diff is printed).
    public var write = false
    /// More of the codebase, where the APIs and their async variants are declared.
    public var context: String?

    /// An index store to resolve calls with (the compiler's answers instead of the syntax's).
    public var indexStore: String?
    /// Convert completion-handler functions (async versions, old signatures kept as wrappers), not calls.
    public var functions = false
    /// With `functions`: at most this many leaf-first rounds.
    public var rounds: Int?

    /// No paths and no options.
    public init() {}
}

/// Options of `promisekit`.
public struct PromiseKitOptions: Equatable, Sendable {
    /// Files or folders to migrate (files that import PromiseKit or PMKFoundation).
    public var paths: [String] = []
    /// Apply the changes (otherwise a diff is printed).
    public var write = false
    /// More of the codebase, where promise-returning functions are declared.
    public var context: String?
    /// The queue for steps that named none: `main`, `inline`, `global` or an expression; by default
    /// the codebase's `conf.Q`, else PromiseKit's `.main`.
    public var queue: String?

    /// No paths and no options.
    public init() {}
}

/// Options of `wrap`.
public struct WrapOptions: Equatable, Sendable {
    /// The source file whose methods are wrapped.
    public var file = ""
    /// Types whose methods are wrapped; every type and the top level when empty.
    public var types: [String] = []
    /// Write the file (otherwise it is printed).
    public var write = false
    /// Where to write it; `<file stem>+Promises.swift` beside the file by default.
    public var output: String?
    /// The codebase to look names up in (typealiases, Sendable types, existing async variants); the
    /// file's folder by default.
    public var context: String?
    /// Modules to import besides the file's own imports and `PromiseAsync`.
    public var imports: [String] = []
    /// Where no build definition names the file's module: the folder this many levels below the
    /// repository's root that holds it is the context.
    public var moduleDepth: Int?

    /// An index store to resolve calls with (the compiler's answers instead of the syntax's).
    public var indexStore: String?

    /// No file and no options.
    public init() {}
}

/// A command-line mistake, with the message to print.
public struct UsageError: Error, Equatable, Sendable {
    /// What is wrong.
    public var message: String
}

extension ParsedCommand {
    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        guard let command = arguments.first else { return .help }
        var rest = arguments.dropFirst()
        func value(for option: String) throws(UsageError) -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") else {
                throw UsageError(message: "\(option) needs a value")
            }
            return next
        }
        func depth(for option: String) throws(UsageError) -> Int {
            let text = try value(for: option)
            guard let depth = Int(text), depth >= 1 else {
                throw UsageError(message: "\(option) needs a whole number of at least 1, not \(text)")
            }
            return depth
        }
        switch command {
        case "help", "--help", "-h":
            return .help
        case "--version":
            return .version
        case "report":
            var options = ReportOptions()
            while let argument = rest.popFirst() {
                switch argument {
                case "--json": options.json = true
                case "--index-store": options.indexStore = try value(for: argument)
                case "--html": options.htmlPath = try value(for: argument)
                case "--exclude": options.excluded.append(try value(for: argument))
                case "--source-url": options.sourceURL = try value(for: argument)
                case "--by-owner": options.byOwner = true
                case "--module-depth": options.moduleDepth = try depth(for: argument)
                case "--help", "-h": return .help
                default:
                    guard !argument.hasPrefix("--") else { throw UsageError(message: "unknown option \(argument)") }
                    options.paths.append(argument)
                }
            }
            guard !options.paths.isEmpty else { throw UsageError(message: "report needs at least one PATH") }
            return .report(options)
        case "convert":
            var options = ConvertOptions()
            while let argument = rest.popFirst() {
                switch argument {
                case "--write": options.write = true
                case "--context": options.context = try value(for: argument)
                case "--index-store": options.indexStore = try value(for: argument)
                case "--functions": options.functions = true
                case "--rounds":
                    let text = try value(for: argument)
                    guard let rounds = Int(text), rounds > 0 else {
                        throw UsageError(message: "--rounds needs a positive number, not \(text)")
                    }
                    options.rounds = rounds
                case "--help", "-h": return .help
                default:
                    guard !argument.hasPrefix("--") else { throw UsageError(message: "unknown option \(argument)") }
                    options.paths.append(argument)
                }
            }
            guard !options.paths.isEmpty else { throw UsageError(message: "convert needs at least one PATH") }
            if options.rounds != nil, !options.functions {
                throw UsageError(message: "--rounds applies to convert --functions")
            }
            return .convert(options)
        case "promisekit":
            var options = PromiseKitOptions()
            while let argument = rest.popFirst() {
                switch argument {
                case "--write": options.write = true
                case "--context": options.context = try value(for: argument)
                case "--queue": options.queue = try value(for: argument)
                case "--help", "-h": return .help
                default:
                    guard !argument.hasPrefix("--") else { throw UsageError(message: "unknown option \(argument)") }
                    options.paths.append(argument)
                }
            }
            guard !options.paths.isEmpty else { throw UsageError(message: "promisekit needs at least one PATH") }
            return .promiseKit(options)
        case "wrap":
            var options = WrapOptions()
            var files: [String] = []
            while let argument = rest.popFirst() {
                switch argument {
                case "--type": options.types.append(try value(for: argument))
                case "--write": options.write = true
                case "--output", "-o": options.output = try value(for: argument)
                case "--context": options.context = try value(for: argument)
                case "--import": options.imports.append(try value(for: argument))
                case "--index-store": options.indexStore = try value(for: argument)
                case "--module-depth": options.moduleDepth = try depth(for: argument)
                case "--help", "-h": return .help
                default:
                    guard !argument.hasPrefix("--") else { throw UsageError(message: "unknown option \(argument)") }
                    files.append(argument)
                }
            }
            guard files.count == 1, let file = files.first else {
                throw UsageError(message: "wrap needs exactly one FILE")
            }
            options.file = file
            return .wrap(options)
        default:
            throw UsageError(message: "unknown command \(command)")
        }
    }

    /// What `help` prints.
    public static let usage = """
        promise-migrate: measure a completion-handler codebase and generate its promise and async facades.
        It parses Swift sources and never compiles them.

        USAGE
          promise-migrate report PATH... [--json] [--html FILE] [--by-owner] [--index-store DIR] [--source-url URL]
                                 [--module-depth N] [--exclude NAME]...
              Per file and per module: completion-handler APIs by shape, promise and async APIs, call sites
              of each kind, wait() calls (those in async code are refused at run time), promise-wrapper
              sites whose API has an async variant, main-queue callbacks, a state (callback, promise,
              mixed, async, done), a progress figure per module, and the APIs to migrate next.
              --json          the report as JSON (schema "promise-migrate-report", see README.md)
              --html FILE     also write a self-contained HTML page: the figures, the three things to do
                              first, every step and module with its owners (from CODEOWNERS)
              --by-owner      group the page's plan by owner
              --index-store DIR  resolve calls as the compiler did: SwiftPM's .build/debug/index/store,
                              Xcode's DerivedData/<project>/Index.noindex/DataStore (needs the toolchain's
                              libIndexStore; PROMISE_MIGRATE_LIBINDEXSTORE names another)
              --source-url URL  link each API's path:line in the page to URL + path + #Lline
              --module-depth N  where no Package.swift or Xcode project names the targets, a module is a
                              folder N levels below the root (default: each file's folder)
              --exclude NAME  skip folders named NAME (hidden folders, Pods, Carthage, DerivedData
                              and node_modules are always skipped)

          promise-migrate wrap FILE [--type NAME]... [--write] [--output PATH] [--context DIR] [--import MODULE]...
                               [--index-store DIR] [--module-depth N]
              For each completion-handler method of FILE's types: a Promise wrapper and an async facade.
              Prints the code unless --write is given; --write creates PATH (default: FILE's folder,
              <name>+Promises.swift) and replaces only a file that promise-migrate generated.
              Methods it cannot wrap are listed with the reason.
              --type NAME     only this type's methods (repeatable); default: every type and free function
              --context DIR   where to look up typealiases, Sendable types and existing async variants
                              (default: FILE's module: the SwiftPM or Xcode target that compiles it,
                              else the folder --module-depth N levels below the repository's root,
                              else FILE's folder)
              --import MODULE also import MODULE (when the output goes into another module)
              --index-store DIR  as for report: overrides of other modules' methods are told apart

          promise-migrate convert PATH... [--write] [--context DIR] [--index-store DIR]
              In async code, rewrites calls of completion-handler APIs that have an async variant (declared,
              or generated by wrap) into `try await`: the handler's success path after the call, its error
              path in `catch`. Prints a diff unless --write is given. Calls it cannot convert safely are
              listed with the reason.
              --context DIR   more of the codebase, where the APIs and async variants are declared
              --index-store DIR  as for report: each call's API is the one the compiler chose

          promise-migrate convert --functions PATH... [--write] [--rounds N] [--context DIR] [--index-store DIR]
              Gives completion-handler functions async versions, leaf first: round 1 converts the functions
              whose callback callees are async already, the next round their callers. Handler calls become
              return/throw, nested callback calls try await, main-queue hops MainActor.run; the old
              signature stays as a wrapper (@available(*, renamed:), a Task, the handler called once, on
              the main queue when the old code delivered there), so callers keep compiling. Functions whose
              meaning would change are listed with file:line and the reason. Prints a diff and a summary
              per round unless --write is given.
              --rounds N      at most N rounds (default: until nothing more converts; 1 with --index-store,
                              which is stale once a round is applied: build, and run again)

          promise-migrate promisekit PATH... [--write] [--context DIR] [--queue QUEUE]
              Rewrites PromiseKit code (files that import PromiseKit or PMKFoundation) into this library's
              spellings, Migration.md's table applied where the code really is PromiseKit: chains rooted in
              promises, firstly/when/after/race, seal closures, PMKFoundation, extension Promise bodies.
              Same-named members of other types (Dictionary.mapValues, an enum case .value) are left alone.
              Prints a diff unless --write is given; lists, with file:line, what it left for you.
              --context DIR   more of the codebase, where promise-returning functions are declared
              --queue QUEUE   where steps that named no queue run: main, inline, global or an
                              expression (default: the codebase's conf.Q, else PromiseKit's main)

        EXIT STATUS
          0 done (files it could not read are reported, not fatal), 1 a failure, 64 a usage error.

        """
}
