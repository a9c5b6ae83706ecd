/// Which methods may implement a requirement of a protocol declared outside the codebase (a delegate, a
/// data source, an intent handler): the framework calls them, and its protocol may have an async form of
/// the requirement already.
extension Codebase {
    /// Protocols of the standard library and Foundation that declare no callback methods.
    static let valueProtocols: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "Sendable", "Identifiable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable", "Error", "LocalizedError",
        "CustomNSError", "CaseIterable", "RawRepresentable", "AnyObject", "ObservableObject", "NSCoding",
        "NSSecureCoding", "NSCopying", "Sequence", "Collection", "IteratorProtocol", "OptionSet", "Actor",
    ]

    /// Whether `type`, in function `function`, is Foundation's `Progress`: no type, typealias or generic
    /// parameter of the codebase has the name (an extension of Foundation's is fine).
    func isFoundationProgress(_ type: TypeRef, of function: FunctionRecord) -> Bool {
        let written = type.withoutOptional
        if written == .named("Foundation.Progress", []) { return true }
        guard written == .named("Progress", []) else { return false }
        let owners = function.context.typePath.split(separator: ".").map(String.init)
        return !types(named: "Progress").contains { $0.kind != "extension" } && !aliases.declares("Progress")
            && !function.genericParameterNames.contains("Progress")
            && !owners.contains { types(named: $0).contains { $0.genericParameterNames.contains("Progress") } }
    }

    /// Why function `key` may implement a framework protocol's requirement (with the protocol), or nil:
    /// - a delegate method's shape: named for its unlabeled first parameter, the delegating object, of
    ///   the type the protocol is named for (`webView(_ webView: WKWebView, decidePolicyFor: …)` in a
    ///   `WKNavigationDelegate`), with more to say than the delegator, or called by nothing here;
    /// - not public, called by nothing here, in a type that conforms to a framework's delegate, data
    ///   source or intent handler (`handle(intent:completion:)` of an `INPlayMediaIntentHandling`), or to
    ///   any other protocol declared outside (see `uncalledInternal`);
    /// - in an extension that declares the conformance (`extension OCResourceText: OCViewProvider`);
    /// - returning Foundation's `Progress` as well, public or not, in a type that conforms to a framework's
    ///   protocol, as `NSItemProviderWriting`'s `loadData(withTypeIdentifier:forItemProviderCompletionHandler:)`
    ///   and a File Provider extension's requirements do (a typealias of the protocol expanded).
    func frameworkRequirement(_ key: FunctionKey) -> (why: String, conformance: String)? {
        let function = function(key)
        let foreign = foreignConformances(of: key)
        guard !foreign.isEmpty else {
            let inherited = foreignConformances(of: key, includingSuperclass: true)
            return uncalledInternal(key, conformingTo: inherited, called: { self.isCalled(key) })
        }
        if let returned = function.returnType, isFoundationProgress(returned, of: function),
            let framework = foreign.lazy.flatMap({ self.protocolNames(of: $0, in: function.context.typePath) })
                .first(where: { Self.namedAsDelegate($0) || Self.namedAsFramework($0) })
        {
            return ("it returns a `Progress`, as framework requirements do", framework)
        }
        // An extension that adds the conformance holds the requirements' implementations, public or
        // called or not (ownCloud's `extension OCResourceText: ownCloudSDK.OCViewProvider`, an Objective-C
        // protocol whose imported async form an async version beside its method would clash with).
        if function.context.typeKind == "extension",
            let framework = function.context.typeInheritedTypes.map(Self.simpleTypeName)
                .first(where: { foreign.contains($0) && (Self.namedAsDelegate($0) || Self.namedAsFramework($0)) })
        {
            return ("it sits in the extension that adds the conformance", framework)
        }
        // Scans every call of the codebase: asked only where the answer decides.
        var calledOnce: Bool?
        func called() -> Bool {
            if let calledOnce { return calledOnce }
            let answer = isCalled(key)
            calledOnce = answer
            return answer
        }
        if let first = function.parameters.first, first.label == "_",
            let type = first.type.withoutOptional.simpleName, Self.namedAsFramework(type),
            // (An extension of the framework's type, as Parse-Swift's of `URLSession`, keeps it the framework's.)
            !types(named: type).contains(where: { $0.kind != "extension" }),
            type.lowercased().hasSuffix(function.name.lowercased()),
            let delegate = foreign.first(where: {
                Self.namedAsDelegate($0) && Self.frameworkPrefix($0) == Self.frameworkPrefix(type)
            })
        {
            let said = function.parameters.indices.filter { handler(key)?.covers($0) != true }.count
            if said >= 2 || !called() { return ("it has a delegate method's shape", delegate) }
        }
        let framework = foreign.first(where: { Self.namedAsDelegate($0) || Self.namedAsFramework($0) })
        return uncalledInternal(key, conformingTo: framework.map { [$0] } ?? foreign, called: called)
    }

    /// Why function `key`, in a type that conforms to (or inherits) `foreign`, may be there for that
    /// protocol: it is not public (a member without a modifier is internal, even in a public type:
    /// ownCloud's intent handlers), and nothing here calls it, so whoever calls it does so from outside,
    /// through the protocol (Alamofire's `RequestInterceptor`, whose `adapt(_:for:completion:)` Moya
    /// implements) or the class it inherits from.
    private func uncalledInternal(
        _ key: FunctionKey, conformingTo foreign: [String], called: () -> Bool
    ) -> (why: String, conformance: String)? {
        let function = function(key)
        guard let framework = foreign.first,
            WrapPlanner.facadeAccess(function: function.accessLevel, context: function.context) != "public",
            !called()
        else { return nil }
        return ("nothing here calls it", framework)
    }

    /// The protocols `name` stands for: itself, or what a typealias of it names (each of `A & B`).
    func protocolNames(of name: String, in typePath: String) -> [String] {
        switch aliases.expand(.named(name, []), in: typePath) {
        case .other(let text) where text.contains("&"):
            return text.split(separator: "&").map { String($0.trimmingCharacters(in: .whitespaces)) }
                .map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        case let expanded: return expanded.simpleName.map { [$0] } ?? []
        }
    }

    /// The protocols, declared outside the codebase, that the type of function `key` conforms to where
    /// the codebase declares it, extends it, or declares a type it inherits from. A class's first
    /// inherited type may be its superclass: it counts only when named as a protocol (`…Delegate`), or
    /// with `includingSuperclass`.
    func foreignConformances(of key: FunctionKey, includingSuperclass: Bool = false) -> [String] {
        let function = function(key)
        guard let owner = function.context.typePath.split(separator: ".").last.map(String.init) else { return [] }
        var found: [String] = []
        for type in family(of: owner) {
            for record in types(named: type) {
                for (index, written) in record.inheritedTypes.enumerated() {
                    let name = Self.simpleTypeName(written)
                    guard !name.isEmpty, types(named: name).isEmpty, !Self.valueProtocols.contains(name),
                        !name.hasPrefix("ExpressibleBy"), !found.contains(name),
                        record.kind != "class" || index > 0 || Self.namedAsDelegate(name)
                            || includingSuperclass && !Self.namedAsClass(name)
                    else { continue }
                    found.append(name)
                }
            }
        }
        return found
    }

    /// `NSObject`, `UIViewController`, `XCTestCase`: a superclass, whose new methods no protocol asks for.
    static func namedAsClass(_ name: String) -> Bool {
        [
            "Object", "Controller", "View", "Cell", "Operation", "Thread", "Layer", "Responder", "Window", "Node",
            "TestCase",
        ]
        .contains { name.hasSuffix($0) }
    }

    /// `WKNavigationDelegate`, `UITableViewDataSource`, `INPlayMediaIntentHandling`, WidgetKit's
    /// `TimelineProvider`.
    static func namedAsDelegate(_ name: String) -> Bool {
        ["Delegate", "DataSource", "Handling", "Provider"].contains { name.hasSuffix($0) }
    }

    /// A framework's name: a prefix of capitals (`WK`, `UN`, `CLK`, `URL`) before a capitalized word.
    static func namedAsFramework(_ name: String) -> Bool {
        name.wholeMatch(of: /[A-Z]{2,}[A-Z][a-z][A-Za-z0-9]*/) != nil
    }

    /// `WK` of `WKWebView`, `URL` of `URLSession`, `UN` of `UNUserNotificationCenter`.
    static func frameworkPrefix(_ name: String) -> String {
        guard let match = name.prefixMatch(of: /([A-Z]+)[A-Z][a-z]/) else { return "" }
        return String(match.1)
    }

    /// Whether a call in the codebase has function `key`'s name and fits its arguments.
    func isCalled(_ key: FunctionKey) -> Bool {
        let function = function(key)
        return files.contains { file in
            file.calls.contains { $0.name == function.name && argumentsFit($0, function) }
        }
    }
}
