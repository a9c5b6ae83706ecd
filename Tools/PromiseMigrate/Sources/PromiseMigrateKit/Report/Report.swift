/// The report, as `--json` writes it. Its layout is versioned by `schemaVersion` (see the package's
/// README); fields are only ever added within a version.
public struct Report: Codable, Sendable {
    /// The version of this layout; bumped when a field changes meaning or goes away.
    public static let currentSchemaVersion = 1

    /// Always `"promise-migrate-report"`.
    public var schema = "promise-migrate-report"
    /// The layout's version.
    public var schemaVersion = Report.currentSchemaVersion
    /// The paths given on the command line.
    public var roots: [String]
    /// Totals over the whole codebase.
    public var summary: Summary
    /// One entry per module (folder), by path.
    public var modules: [ModuleReport]
    /// One entry per Swift file read, by path.
    public var files: [FileReport]
    /// What to migrate next: APIs whose every call site is already in async code.
    public var nextSteps: [NextStep]
    /// Files and folders that could not be read or parsed.
    public var diagnostics: [FileDiagnostic]
    /// The `CODEOWNERS` file that named the owners, if one was found (schema 1, added).
    public var codeOwnersFile: String? = nil
    /// Whether calls were resolved with an index store (schema 1, added).
    public var indexStore: String? = nil
}

/// Where a file stands in the migration.
public enum FileState: String, Codable, Sendable, CaseIterable {
    /// Completion handlers only.
    case callback
    /// Promises, no completion handlers and no async code.
    case promise
    /// Completion handlers next to promises or async code, or promises declared next to async code.
    case mixed
    /// Async code that still goes through promises (awaits `.value`, imports the library).
    case async
    /// Neither completion handlers nor promises.
    case done

    /// How far along the state is, from 0 (callback) to 1 (done).
    public var score: Double {
        switch self {
        case .callback: return 0
        case .promise, .mixed: return 1.0 / 3
        case .async: return 2.0 / 3
        case .done: return 1
        }
    }
}

/// Counts shared by files, modules and the summary.
public struct Counts: Codable, Sendable, Equatable {
    /// Completion-handler functions declared, by `HandlerShape` raw value (every shape present, zeros included).
    public var callbackAPIs: [String: Int] = Dictionary(
        uniqueKeysWithValues: HandlerShape.allCases.map { ($0.rawValue, 0) })
    /// Promise-returning functions declared.
    public var promiseAPIs = 0
    /// Async functions declared.
    public var asyncAPIs = 0
    /// Calls of the codebase's own APIs, by `APIKind` raw value.
    public var callSites: [String: Int] = Dictionary(uniqueKeysWithValues: APIKind.allCases.map { ($0.rawValue, 0) })
    /// Blocking `wait()` calls.
    public var waits = 0
    /// Of those, the ones inside async code, which the library refuses at run time.
    public var waitsInAsync = 0
    /// promise-wrapper sites.
    public var wrapSites = 0
    /// Of those, the ones whose wrapped API has an async variant in the codebase.
    public var wrapSitesWithAsyncVariant = 0
    /// Callbacks sent to the main queue.
    public var mainQueueCallbacks = 0
    /// Calls that more than one declaration fits, credited to none (schema 1, added).
    public var ambiguousCallSites = 0

    /// The total of `callbackAPIs`.
    public var callbackAPITotal: Int { callbackAPIs.values.reduce(0, +) }

    mutating func add(_ other: Counts) {
        callbackAPIs.merge(other.callbackAPIs, uniquingKeysWith: +)
        callSites.merge(other.callSites, uniquingKeysWith: +)
        promiseAPIs += other.promiseAPIs
        asyncAPIs += other.asyncAPIs
        waits += other.waits
        waitsInAsync += other.waitsInAsync
        wrapSites += other.wrapSites
        wrapSitesWithAsyncVariant += other.wrapSitesWithAsyncVariant
        mainQueueCallbacks += other.mainQueueCallbacks
        ambiguousCallSites += other.ambiguousCallSites
    }
}

/// Totals over the codebase.
public struct Summary: Codable, Sendable {
    /// Swift files read.
    public var files: Int
    /// Modules (folders).
    public var modules: Int
    /// Mean state score of the files that have callback, promise or async code, 0…1.
    public var progress: Double
    /// Files per state, by `FileState` raw value.
    public var states: [String: Int]
    /// The counts, added up.
    public var counts: Counts
    /// Product modules, not tests (schema 1, added).
    public var productModules = 0
    /// Product modules with nothing left to migrate (schema 1, added).
    public var productModulesDone = 0
}

/// One module: a folder of Swift files.
public struct ModuleReport: Codable, Sendable {
    /// The folder, as reported.
    public var name: String
    /// Swift files in it.
    public var files: Int
    /// Mean state score of its files that have callback, promise or async code, 0…1 (1 when none has).
    public var progress: Double
    /// Files per state.
    public var states: [String: Int]
    /// Its files' counts, added up.
    public var counts: Counts
    /// A test target (or a folder named like tests): ranked after the product's modules (schema 1, added).
    public var isTest = false
    /// Its owners in `CODEOWNERS`, those of most files first (schema 1, added).
    public var owners: [String] = []
}

/// One Swift file.
public struct FileReport: Codable, Sendable {
    /// The path, as reported.
    public var path: String
    /// Its module.
    public var module: String
    /// Its module is a test target (schema 1, added).
    public var isTest = false
    /// Its owners in `CODEOWNERS` (schema 1, added).
    public var owners: [String] = []
    /// Where it stands.
    public var state: FileState
    /// No callback, promise or async code at all (models, helpers): `done`, and left out of progress.
    public var plain: Bool
    /// Its counts.
    public var counts: Counts
    /// The callback, promise and async functions it declares.
    public var apis: [APIEntry]
    /// Its blocking waits.
    public var waits: [WaitEntry]
    /// Its promise-wrapper sites whose wrapped API has an async variant.
    public var wrapSitesWithAsyncVariant: [WrapEntry]
    /// Its callbacks sent to the main queue.
    public var mainQueueCallbacks: [MainQueueEntry]
    /// Every call of the codebase's callback, promise and async APIs, in source order, so counts can be
    /// checked (schema 1, added).
    public var callSites: [CallSiteEntry]? = nil
    /// The other promise library the file uses instead of this one, whose `wait()` calls are not
    /// counted (schema 1, added).
    public var otherPromiseLibrary: String? = nil
}

/// A call of one of the codebase's APIs.
public struct CallSiteEntry: Codable, Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// The API called, `load(id:queue:completion:)`; for an ambiguous call, the name as written.
    public var api: String
    /// The type that declares it, nil at the top level or when ambiguous.
    public var type: String?
    /// The kind of the API reached.
    public var kind: APIKind
    /// Whether the call is in async code.
    public var inAsync: Bool
    /// For a call more than one declaration fits (same name and labels), their locations (`path:line`):
    /// it is counted for none of them.
    public var ambiguousAmong: [String]? = nil
}

/// A declared API.
public struct APIEntry: Codable, Sendable, Equatable {
    /// Full name: `fetchUser(id:completion:)`.
    public var name: String
    /// The enclosing type, nil at the top level.
    public var type: String?
    /// 1-based line.
    public var line: Int
    /// Its kind.
    public var kind: APIKind
    /// For a callback API, its handler's shape.
    public var shape: HandlerShape?
    /// For a promise API of another library (`PromiseKit`), its name (schema 1, added).
    public var promiseLibrary: String? = nil
    /// Calls of it found in the codebase.
    public var callSites: Int
    /// Of those, the ones in async code.
    public var callSitesInAsync: Int
    /// For a callback API, why `promise-migrate wrap` would not give it a facade; nil when it would
    /// (schema 1, added).
    public var wrapRefusal: String? = nil
}

/// A blocking wait.
public struct WaitEntry: Codable, Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// Inside async code: the library refuses it with `PromiseError.waitWouldDeadlock`.
    public var inAsync: Bool
}

/// A promise-wrapper site whose wrapped API has an async variant.
public struct WrapEntry: Codable, Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// The wrapped call, as a full name: `fetchUser(id:completion:)`.
    public var wrapped: String
    /// The async variant's full name.
    public var asyncVariant: String
    /// Where it is declared: `path:line`.
    public var asyncVariantLocation: String
}

/// A callback sent to the main queue.
public struct MainQueueEntry: Codable, Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// `DispatchQueue.main.async`, `on: .main`, …
    public var form: String
}

/// An API to migrate next.
public struct NextStep: Codable, Sendable, Equatable {
    /// Full name.
    public var api: String
    /// The enclosing type, nil at the top level.
    public var type: String?
    /// Its kind: `callback` or `promise`.
    public var kind: APIKind
    /// Where it is declared.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// Its call sites, all in async code.
    public var callSites: Int
    /// What to do.
    public var suggestion: String
    /// Declared in a test target (schema 1, added).
    public var isTest = false
    /// The owners of its file in `CODEOWNERS` (schema 1, added).
    public var owners: [String] = []
}
