/// How a call's result is used, which tells overloads of one name apart (`report(for:)` returning a
/// promise and `report(for:) async`).
public enum CallUsage: Hashable, Sendable {
    /// `await f()` or `try await f()`.
    case awaited
    /// `f().value`, `f().then { … }`: the result is a promise.
    case promiseMember
    /// Anything else.
    case plain
}

/// A call of a named function, method or initializer.
public struct CallRecord: Hashable, Sendable {
    /// The base name called (`fetchUser` for `client.fetchUser(id: 1) { … }`).
    public var name: String
    /// Labels of the parenthesized arguments (`"_"` for none).
    public var argumentLabels: [String]
    /// Labels of the trailing closures (`"_"` for the first).
    public var trailingClosureLabels: [String]
    /// How the result is used.
    public var usage: CallUsage
    /// The receiver's type when the file says it: `self` in a type, a `Type.` prefix, or a property,
    /// parameter or local declared with a type annotation or initialized as `Type(…)`.
    public var receiverType: String? = nil
    /// Called without a receiver inside a type: a member of that type, or a free function.
    public var receiverIsImplicit = false
    /// Called on `super`: `receiverType` is the enclosing type.
    public var receiverIsSuper = false
    /// The variable or property the receiver is read from when its type is unknown (`tableView`).
    public var receiverName: String? = nil
    /// When the receiver is a call's result: the names called, innermost first.
    public var receiverCallChain: [String] = []
    /// The function or initializer whose body makes the call (index into `FileFacts.functions`).
    public var enclosingFunction: Int? = nil
    /// The simple name of the type whose member makes the call, nil at the top level: another file's
    /// declaration of that type may give `receiverName`'s type.
    public var enclosingType: String? = nil
    /// 1-based line.
    public var line: Int
    /// The lexical context it is in (index into `FileFacts.contextIsAsync`).
    public var context: Int
    /// 1-based line of the called name, where the compiler's index records the call.
    public var nameLine = 0
    /// 1-based UTF-8 column of the called name.
    public var nameColumn = 0
}

/// A blocking `wait()` or `wait(timeout:)` call.
public struct WaitRecord: Hashable, Sendable {
    /// 1-based line.
    public var line: Int
    /// The lexical context it is in.
    public var context: Int
}

/// A `Promise { resolver in api(…, completion: resolver.resolve) }` site.
public struct WrapSiteRecord: Hashable, Sendable {
    /// 1-based line.
    public var line: Int
    /// The wrapped call: the one that receives the handler (`$0`); nil when none was found.
    public var wrapped: CallRecord?
    /// The label the handler is passed with (`completion`), `"_"` when unlabeled.
    public var handlerLabel: String?
}

/// A callback sent to the main queue: `DispatchQueue.main.async`, `on: .main` and the like.
public struct MainQueueRecord: Hashable, Sendable {
    /// 1-based line.
    public var line: Int
    /// What was written, reduced (`DispatchQueue.main.async`, `on: .main`).
    public var form: String
}

/// An `import`, with the `#if` conditions around it.
public struct ImportRecord: Hashable, Sendable {
    /// The module (`Foundation`, `FoundationNetworking`).
    public var module: String
    /// The declaration as written (`@preconcurrency import LegacyKit`).
    public var source: String
    /// The `#if` conditions around it.
    public var conditions: [String]
}

/// The first syntax error of a file that does not parse cleanly.
public struct SyntaxProblem: Hashable, Sendable {
    /// How many problems the parser recovered from.
    public var count: Int
    /// 1-based line and column of the first.
    public var line: Int
    /// 1-based column of the first.
    public var column: Int
    /// What the first one is.
    public var message: String
}

/// Everything one pass over one file's syntax tree collects. Names are not resolved here: that needs
/// the whole codebase (see `Codebase`).
public struct FileFacts: Sendable {
    /// The file's path, as scanned.
    public var path: String
    /// Its `import`s.
    public var imports: [ImportRecord] = []
    /// Functions, methods, initializers and protocol requirements it declares.
    public var functions: [FunctionRecord] = []
    /// Types and extensions it declares.
    public var types: [TypeRecord] = []
    /// Typealiases it declares.
    public var typeAliases: [TypeAliasRecord] = []
    /// Calls of named functions.
    public var calls: [CallRecord] = []
    /// Blocking waits on promises.
    public var waits: [WaitRecord] = []
    /// promise-wrapper sites.
    public var wrapSites: [WrapSiteRecord] = []
    /// Callbacks sent to the main queue.
    public var mainQueueCallbacks: [MainQueueRecord] = []
    /// `Promise(…)`, `Promise<T>(…)`, `Promise.all(…)` and other uses of the promise type's initializers
    /// and static members.
    public var promiseConstructions = 0
    /// `await` expressions, `for await` loops and `async let`s.
    public var awaits = 0
    /// For each lexical context (index 0 is the file's top level), whether code there is async.
    public var contextIsAsync: [Bool] = [false]
    /// For each lexical context, whether it is the body of a promise (`Promise { resolver in … }`,
    /// `Promise { resolver in … }`), where callback calls are being wrapped.
    public var contextIsPromiseBody: [Bool] = [false]
    /// The lines of each `#if`/`#elseif`/`#else` branch's code.
    public var conditionalClauses: [ClosedRange<Int>] = []
    /// Set when the parser had to recover from errors.
    public var syntaxProblem: SyntaxProblem?
    /// Written by `promise-migrate wrap`: left out when wrapping again.
    public var isGenerated = false

    /// Whether the file imports `Promises` or `PromiseAsync`.
    public var importsPromiseLibrary: Bool {
        imports.contains { $0.module == "Promises" || $0.module == "PromiseAsync" }
    }

    /// Another promise library the file uses instead of this one (`PromiseKit`, `BrightFutures`,
    /// `Hydra`): its `Promise` and `wait()` are that library's.
    public var otherPromiseLibrary: String? {
        guard !importsPromiseLibrary else { return nil }
        return imports.lazy.map(\.module).first { Self.otherPromiseLibraries.contains($0) }
    }

    static let otherPromiseLibraries: Set<String> = ["PromiseKit", "BrightFutures", "Hydra", "Then", "AwaitKit"]
}
