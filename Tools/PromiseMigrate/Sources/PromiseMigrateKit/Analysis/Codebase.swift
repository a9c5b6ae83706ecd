/// What kind of API a function is, for the migration.
public enum APIKind: String, Codable, Sendable, CaseIterable {
    /// Takes a completion handler.
    case callback
    /// Returns a `Promise`.
    case promise
    /// Is `async`.
    case async
}

/// A function of the codebase: file index and index in that file's functions.
public struct FunctionKey: Hashable, Sendable, Comparable {
    /// Index into `Codebase.files`.
    public var file: Int
    /// Index into that file's `functions`.
    public var index: Int

    /// Source order: by file, then by position in the file.
    public static func < (lhs: FunctionKey, rhs: FunctionKey) -> Bool {
        (lhs.file, lhs.index) < (rhs.file, rhs.index)
    }
}

/// All files' facts with the indexes that resolve names across them: functions by name, types,
/// typealiases, and each function's completion handler.
public struct Codebase: Sendable {
    /// The files, in scan order.
    public let files: [FileFacts]
    /// The completion handler of each function, per file (nil where it takes none).
    public let handlers: [[HandlerInfo?]]
    private let functionsByName: [String: [FunctionKey]]
    /// The callback, promise and async functions (the only ones calls are resolved to), by name, then by
    /// the simple name of their type (empty at the top level). Plain functions are left out, so that a
    /// name every type declares (`update`, `sorted`) costs nothing.
    private let apisByNameAndType: [String: [String: [FunctionKey]]]
    /// Each function's kind, per file.
    private let kinds: [[APIKind?]]
    private let typesByName: [String: [TypeRecord]]
    /// Every typealias of the codebase, to see through them when a trailing closure looks for its parameter.
    let aliases: TypeAliasTable
    /// The callback, promise and async functions that override a method no type of the codebase above
    /// their own declares (computed once: every unknown receiver's call asks).
    private var foreignOverrides: Set<FunctionKey> = []
    /// The functions that may act on a closure parameter before they return (`handlerMayActAtOnce`).
    let actingAtOnce: Set<FunctionKey>
    /// The functions that may deliver their handlers on the main queue (`handlerMayDeliverOnMain`).
    let deliveringOnMain: Set<FunctionKey>
    /// What the compiler resolved, when an index store was read: it replaces the syntax's guesses in
    /// the files it covers.
    public internal(set) var references: CompilerReferences?

    /// Indexes `files`.
    public init(files: [FileFacts]) {
        self.files = files
        aliases = TypeAliasTable(files.lazy.flatMap(\.typeAliases), types: files.lazy.flatMap(\.types))
        let detector = HandlerDetector(aliases: aliases)
        handlers = files.map { $0.functions.map(detector.handler(of:)) }
        let handlers = self.handlers
        kinds = files.enumerated().map { fileIndex, file in
            file.functions.enumerated().map { index, function in
                Self.kind(of: function, handler: handlers[fileIndex][index])
            }
        }
        var functionsByName: [String: [FunctionKey]] = [:]
        var apisByNameAndType: [String: [String: [FunctionKey]]] = [:]
        var typesByName: [String: [TypeRecord]] = [:]
        for (fileIndex, file) in files.enumerated() {
            for (index, function) in file.functions.enumerated() {
                let key = FunctionKey(file: fileIndex, index: index)
                functionsByName[function.name, default: []].append(key)
                guard kinds[fileIndex][index] != nil else { continue }
                let type = function.context.typePath.split(separator: ".").last.map(String.init) ?? ""
                apisByNameAndType[function.name, default: [:]][type, default: []].append(key)
            }
            for type in file.types { typesByName[type.simpleName, default: []].append(type) }
        }
        self.functionsByName = functionsByName
        self.apisByNameAndType = apisByNameAndType
        self.typesByName = typesByName
        actingAtOnce = Self.functionsActingAtOnce(in: files, byName: functionsByName)
        deliveringOnMain = Self.functionsDeliveringOnMain(in: files)
        for (fileIndex, file) in files.enumerated() {
            for (index, function) in file.functions.enumerated() where function.otherModifiers.contains("override") {
                let key = FunctionKey(file: fileIndex, index: index)
                if kinds[fileIndex][index] != nil, computeOverridesForeignMethod(key) { foreignOverrides.insert(key) }
            }
        }
    }

    /// The function behind `key`.
    public func function(_ key: FunctionKey) -> FunctionRecord { files[key.file].functions[key.index] }

    /// Its completion handler, if it takes one.
    public func handler(_ key: FunctionKey) -> HandlerInfo? { handlers[key.file][key.index] }

    /// Its kind, nil for a plain synchronous function.
    public func kind(of key: FunctionKey) -> APIKind? { kinds[key.file][key.index] }

    private static func kind(of function: FunctionRecord, handler: HandlerInfo?) -> APIKind? {
        if function.isAsync { return .async }
        if function.returnsPromise { return .promise }
        if handler != nil { return .callback }
        return nil
    }

    /// Every function named `name`.
    public func functions(named name: String) -> [FunctionKey] { functionsByName[name] ?? [] }

    /// Every type, extension and protocol declared under the simple name `name`.
    public func types(named name: String) -> [TypeRecord] { typesByName[name] ?? [] }

    // MARK: Calls

    /// The APIs `call` (in file `fileIndex`, when known) may reach, by name and, when the file says it,
    /// by the receiver's type. Never another module's: a method the receiver's type (or a superclass) gets
    /// from outside the codebase, a platform object's (`tableView.`, `navigationController?.`), XCTest's
    /// `fulfill()`, or another file's `private` method.
    func candidates(for call: CallRecord, inFile fileIndex: Int? = nil) -> [FunctionKey] {
        guard let byType = apisByNameAndType[call.name] else { return [] }
        var call = call
        if call.receiverType == nil, let name = call.receiverName, let owner = call.enclosingType,
            let declared = propertyType(named: name, in: owner)
        {
            call.receiverType = declared  // a property another file of the type declares
        }
        if call.receiverType == nil, !call.receiverCallChain.isEmpty {
            call.receiverType = resultType(of: call.receiverCallChain)  // `session.download(…).validate()`
        }
        var found: [FunctionKey]
        if call.receiverType == nil, let name = call.receiverName, let platformTypes = Self.platformReceivers[name] {
            // The platform's object: only the codebase's extensions of its type are ours.
            found = platformTypes.lazy.flatMap { self.family(of: $0) }.compactMap { byType[$0] }.first ?? []
        } else if let receiver = call.receiverType {
            // The nearest declaration the arguments fit: the type's own, else its superclass's or protocol's
            // (a protocol extension's async facade beside a class's callback method).
            let family = self.family(of: receiver, includingItself: !call.receiverIsSuper)
            let levels = family.compactMap { byType[$0] }
            found =
                levels.first { level in level.contains { argumentsFit(call, function($0)) } } ?? levels.first ?? []
            // With no receiver written, a free function; else the method is not the codebase's.
            if found.isEmpty && call.receiverIsImplicit { found = byType[""] ?? [] }
        } else {
            if call.name == "fulfill", let fileIndex,
                files[fileIndex].imports.contains(where: { $0.module == "XCTest" })
            {
                return []  // an XCTestExpectation's
            }
            // On a receiver of unknown type, an override of another module's method (a view controller's
            // `dismiss(animated:completion:)`) is far more likely that module's method.
            // So is a method with the full name of a well-known platform one (`dismiss(animated:completion:)`
            // on a view of the app, called on what is likely a view controller).
            found = byType.values.flatMap { $0 }.filter {
                !overridesForeignMethod($0) && !Self.platformMethodNames.contains(function($0).fullName)
            }
        }
        guard let fileIndex else { return found }
        return found.filter { key in
            key.file == fileIndex || !["private", "fileprivate"].contains(function(key).accessLevel ?? "")
        }
    }

    /// Properties of UIKit's and AppKit's objects, read as receivers, with their types: their methods are
    /// the platform's, but for what the codebase's extensions of those types add.
    static let platformReceivers: [String: [String]] = [
        "tableView": ["UITableView", "NSTableView"], "collectionView": ["UICollectionView", "NSCollectionView"],
        "navigationController": ["UINavigationController"], "tabBarController": ["UITabBarController"],
        "splitViewController": ["UISplitViewController"], "presentingViewController": ["UIViewController"],
        "presentedViewController": ["UIViewController"], "parent": ["UIViewController", "NSViewController"],
        "rootViewController": ["UIViewController"], "topViewController": ["UIViewController"],
        "visibleViewController": ["UIViewController"],
        "view": ["UIView", "NSView"], "superview": ["UIView", "NSView"], "contentView": ["UIView", "NSView"],
        "window": ["UIWindow", "NSWindow"], "scrollView": ["UIScrollView", "NSScrollView"],
        "webView": ["WKWebView"], "navigationItem": ["UINavigationItem"], "layer": ["CALayer"],
        "application": ["UIApplication", "NSApplication"],
        "transitionCoordinator": ["UIViewControllerTransitionCoordinator"],
    ]

    /// The type the last of `chain`'s calls returns, when every function of each name the codebase
    /// declares returns one named type (`Self` keeps the type before it); nil when any is unknown.
    func resultType(of chain: [String]) -> String? {
        var current: String?
        for name in chain {
            if name.first?.isUppercase == true {  // `JSONDecoder()`: an initializer
                current = name
                continue
            }
            let returned = Set(
                functions(named: name).compactMap { function($0).returnType?.withoutOptional.simpleName })
            let declared = functions(named: name).allSatisfy { function($0).returnType != nil }
            guard !returned.isEmpty, declared, returned.count == 1, let only = returned.first else { return nil }
            if only == "Self" {
                guard current != nil else { return nil }
            } else {
                guard !types(named: only).isEmpty else { return nil }
                current = only
            }
        }
        return current
    }

    /// The type of property `name` as a declaration of `owner` (or of a type it inherits from) states it.
    func propertyType(named name: String, in owner: String) -> String? {
        for type in family(of: owner) {
            for record in types(named: type) { if let found = record.propertyTypes[name] { return found } }
        }
        return nil
    }

    /// Completion-handler methods of UIKit, AppKit and WebKit that apps also declare on their own types.
    static let platformMethodNames: Set<String> = [
        "dismiss(animated:completion:)", "present(_:animated:completion:)", "performBatchUpdates(_:completion:)",
        "setViewControllers(_:animated:completion:)", "animate(withDuration:animations:completion:)",
        "animate(withDuration:delay:options:animations:completion:)",
        "transition(with:duration:options:animations:completion:)", "evaluateJavaScript(_:completionHandler:)",
        "open(_:options:completionHandler:)", "setAlternateIconName(_:completionHandler:)",
        "requestAuthorization(options:completionHandler:)", "getNotificationSettings(completionHandler:)",
        "add(_:withCompletionHandler:)", "dismissViewController(animated:completion:)",
    ]

    /// Whether `key` is an `override` of a method no type of the codebase above its own declares.
    func overridesForeignMethod(_ key: FunctionKey) -> Bool { foreignOverrides.contains(key) }

    private func computeOverridesForeignMethod(_ key: FunctionKey) -> Bool {
        let declaration = function(key)
        guard declaration.otherModifiers.contains("override") else { return false }
        let owner = declaration.context.typePath.split(separator: ".").last.map(String.init) ?? ""
        let ancestors = family(of: owner, includingItself: false)
        return !ancestors.contains { ancestor in
            functions(named: declaration.name).contains { self.function($0).context.typePath.hasSuffix(ancestor) }
        }
    }

    /// The path of the type that `name` means inside the type at `path`: one nested in it or in a type
    /// around it, nearest first, or a top-level one; nil for a type declared outside the codebase.
    func nearestType(named name: String, from path: String) -> String? {
        let declared = Set(types(named: name).filter { $0.kind != "extension" }.map(\.path))
        guard !declared.isEmpty else { return nil }
        var scope = path.split(separator: ".").map(String.init)
        while true {
            let candidate = (scope + [name]).joined(separator: ".")
            if declared.contains(candidate) { return candidate }
            if scope.isEmpty { return nil }
            scope.removeLast()
        }
    }

    /// `name`, the types it inherits from and the protocols it conforms to, nearest first, as far as the
    /// codebase declares them (a typealias is seen through); without `name` itself when `includingItself`
    /// is false (`super`). With `path`, the type's own records start it (`B.Impl`'s, not `A.Impl`'s).
    func family(of name: String, path: String? = nil, includingItself: Bool = true) -> [String] {
        var start = name
        if types(named: name).isEmpty, case .named(let target, _) = aliases.expand(.named(name, []), in: "") {
            start = target.split(separator: ".").last.map(String.init) ?? target
        }
        var seen: Set<String> = [start]
        var order: [String] = []
        var queue = [start]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            if current != start || includingItself { order.append(current) }
            let own = current == start ? path.map { records(of: $0) } : nil
            for record in own ?? types(named: current) {
                for inherited in record.inheritedTypes {
                    let simple = Self.simpleTypeName(inherited)
                    guard !simple.isEmpty, !types(named: simple).isEmpty, seen.insert(simple).inserted else { continue }
                    queue.append(simple)
                }
            }
        }
        return order
    }

    /// `Base` for `Module.Base<T>` or `@unchecked Sendable`'s `Sendable`.
    static func simpleTypeName(_ written: String) -> String {
        let bare = written.split(separator: " ").last.map(String.init) ?? written
        let withoutArguments = bare.prefix { $0 != "<" }
        return withoutArguments.split(separator: ".").last.map(String.init) ?? String(withoutArguments)
    }

    /// The kind of API `call` reaches and the declarations it may be, or nil when it reaches none of the
    /// codebase's callback, promise or async functions. Overloads are told apart by labels, then by use:
    /// an awaited call is the async one, `.value` follows a promise, a closure goes to a handler. More
    /// than one target means the call is ambiguous: it is credited to none of them.
    public func resolve(_ call: CallRecord, inSourceFile fileIndex: Int? = nil) -> (
        kind: APIKind, targets: [FunctionKey]
    )? {
        var byKind: [APIKind: [FunctionKey]] = [:]
        for key in candidates(for: call, inFile: fileIndex) where argumentsFit(call, function(key)) {
            if let kind = kind(of: key) { byKind[kind, default: []].append(key) }
        }
        guard !byKind.isEmpty else { return nil }
        for (kind, targets) in byKind where targets.count > 1 {
            byKind[kind] = requirement(among: targets) ?? sameDeclaration(targets) ?? targets
        }
        if byKind.count == 1, let only = byKind.first { return (only.key, only.value) }
        let preferred: [APIKind]
        switch call.usage {
        case .awaited: preferred = [.async, .promise, .callback]
        case .promiseMember: preferred = [.promise, .async, .callback]
        case .plain:
            preferred =
                call.trailingClosureLabels.isEmpty ? [.promise, .callback, .async] : [.callback, .promise, .async]
        }
        for kind in preferred { if let targets = byKind[kind] { return (kind, targets) } }
        return nil
    }

    /// When `targets` are one declaration written in alternative `#if` branches (same type, same full
    /// name), the first: whichever branch is built, the call reaches that API.
    private func sameDeclaration(_ targets: [FunctionKey]) -> [FunctionKey]? {
        let first = function(targets[0])
        let value = handler(targets[0])?.valueType
        let same = targets.allSatisfy {
            function($0).fullName == first.fullName && function($0).context.typePath == first.context.typePath
                && function($0).isStatic == first.isStatic
                // Overloads that differ only in their handler (`findAll(_:)` of `[Self]` and of `[I: Self]`)
                // are two declarations; `#if` branches with a type each are one.
                && (function($0).context.conditions != first.context.conditions
                    || sameValueType(
                        handler($0)?.valueType, in: first.context.typePath, value, in: first.context.typePath))
        }
        return same ? [targets[0]] : nil
    }

    /// When `targets` are a protocol's requirement and its implementations in types that conform to
    /// the protocol, the requirement alone: one API, dispatched at run time.
    private func requirement(among targets: [FunctionKey]) -> [FunctionKey]? {
        let owners = targets.map { function($0).context }
        let protocols = targets.indices.filter { owners[$0].typeKind == "protocol" }
        guard protocols.count == 1, let index = protocols.first,
            // A static method of the same name is another API (`Impl.load` beside `impl.load`).
            targets.allSatisfy({ function($0).isStatic == function(targets[index]).isStatic })
        else { return nil }
        let name = owners[index].typePath.split(separator: ".").last.map(String.init) ?? owners[index].typePath
        for (offset, owner) in owners.enumerated() where offset != index {
            // The owner's own records: `B.Impl` is not a conformer because `A.Impl` is.
            guard records(of: owner.typePath).contains(where: { $0.inheritedTypes.contains(name) }) else { return nil }
        }
        return [targets[index]]
    }

    /// Whether a call's arguments fit a declaration's parameters, by Swift's rules: each labelled
    /// argument in order, defaulted and variadic parameters optional; the unlabelled trailing closure
    /// fills the first parameter the forward scan reaches whose type looks like a function (typealiases
    /// expanded), skipping a defaulted one when a later parameter still needs an argument (SE-0286);
    /// labelled trailing closures fill the parameters of their labels.
    func argumentsFit(_ call: CallRecord, _ function: FunctionRecord) -> Bool {
        var arguments = call.argumentLabels[...]
        var trailing = call.trailingClosureLabels[...]
        var firstTrailing = true
        let parameters = function.parameters
        let typePath = function.context.typePath
        for (index, parameter) in parameters.enumerated() {
            if let label = arguments.first, label == parameter.label {
                arguments.removeFirst()
                if parameter.isVariadic { while arguments.first == "_" { arguments.removeFirst() } }
                continue
            }
            let optional = parameter.defaultValue != nil || parameter.isVariadic
            if arguments.isEmpty, let label = trailing.first {
                let fits: Bool
                if firstTrailing {
                    let looksLikeFunction = closureFit(parameter.type, in: typePath) != .no
                    let laterNeedsIt =
                        optional
                        && parameters[(index + 1)...].contains {
                            $0.defaultValue == nil && !$0.isVariadic && closureFit($0.type, in: typePath) != .no
                        }
                    fits = looksLikeFunction && !laterNeedsIt
                } else {
                    fits = label == parameter.label
                }
                if fits {
                    trailing.removeFirst()
                    firstTrailing = false
                    continue
                }
            }
            if optional { continue }
            return false
        }
        return arguments.isEmpty && trailing.isEmpty
    }

    /// Whether a closure can be passed for a parameter of `type`.
    enum ClosureFit { case yes, maybe, no }

    /// `yes` for a function type (optional or through a typealias of the codebase), `no` for a type
    /// that is known not to be one, `maybe` for a name the codebase does not declare.
    func closureFit(_ type: TypeRef, in typePath: String) -> ClosureFit {
        switch aliases.expand(type, in: typePath) {
        case .function: return .yes
        case .optional(let wrapped): return closureFit(wrapped, in: typePath)
        case .named(let name, _):
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            if !types(named: simple).isEmpty || Self.knownValueTypes.contains(simple) { return .no }
            return Self.functionLikeSuffixes.contains { simple.hasSuffix($0) } ? .yes : .maybe
        case .other(let text): return text.hasPrefix("inout") ? .no : .maybe
        case .tuple, .array, .dictionary, .existential: return .no
        }
    }

    /// Types of the platform that are never functions, often found as defaulted parameters before a
    /// completion handler (`queue: DispatchQueue = .main`).
    static let knownValueTypes: Set<String> = [
        "DispatchQueue", "OperationQueue", "RunLoop", "Int", "Int32", "Int64", "UInt", "Double", "Float", "Bool",
        "String", "Character", "URL", "URLRequest", "Data", "Date", "UUID", "TimeInterval", "DispatchTimeInterval",
        "DispatchQoS", "CGFloat", "CGSize", "CGPoint", "CGRect", "Decimal", "NSNumber", "Set", "Array", "Dictionary",
        "Optional", "Result", "Error", "NSError", "Any", "AnyObject", "Duration", "JSONDecoder", "JSONEncoder",
        "URLSession", "NotificationCenter", "UserDefaults", "FileManager", "Bundle", "Locale", "TimeZone", "Calendar",
    ]

    /// Endings of typealias names that stand for closures in other modules (`Moya.Completion`).
    static let functionLikeSuffixes = ["Handler", "Completion", "Callback", "Closure", "Block", "Action"]

    // MARK: Sendable

    /// The first type `type` mentions that the codebase declares and that is not `Sendable`: a class
    /// with no `Sendable` conformance and no global actor, or a public struct or enum with no
    /// conformance (public types get no implicit one). Names in `genericNames` are skipped.
    public func nonSendableType(in type: TypeRef, genericNames: Set<String>) -> String? {
        for name in type.referencedNames.sorted() where !genericNames.contains(name) {
            let records = types(named: name)
            guard let declaration = records.first(where: { $0.kind != "extension" && $0.kind != "protocol" }) else {
                continue
            }
            if records.contains(where: \.declaresSendable) { continue }
            switch declaration.kind {
            case "class": return name
            case "struct", "enum":
                if declaration.accessLevel == "public" || declaration.accessLevel == "open" { return name }
            default: continue
            }
        }
        return nil
    }

    /// Whether instances of the type at `path` are known to be `Sendable` (or isolated to an actor).
    public func isSendableType(path: String) -> Bool {
        let records = records(of: path)
        if records.contains(where: \.declaresSendable) { return true }
        if records.contains(where: { $0.kind == "protocol" && $0.inheritedTypes.contains("Sendable") }) {
            return true
        }
        return false
    }
}
