/// Which methods may implement a requirement of a protocol declared outside the codebase (a delegate, a
/// data source, an intent handler): the framework calls them, and its protocol may have an async form of
/// the requirement already.
extension Codebase {
    /// Protocols of the standard library and Foundation that declare no callback methods.
    static let valueProtocols: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "Sendable", "Identifiable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError", "CustomNSError",
        "CaseIterable", "RawRepresentable", "AnyObject", "ObservableObject", "NSCoding", "NSSecureCoding",
        "NSCopying", "Sequence", "Collection", "IteratorProtocol", "OptionSet", "Actor",
    ]

    /// The protocols, declared outside the codebase, that the type of function `key` conforms to where
    /// the codebase declares it or extends it. A class's first inherited type may be its superclass: it
    /// counts only when named as a protocol (`…Delegate`, `…DataSource`, `…Handling`).
    func foreignConformances(of key: FunctionKey) -> [String] {
        let function = function(key)
        guard let owner = function.context.typePath.split(separator: ".").last.map(String.init) else { return [] }
        var found: [String] = []
        for record in types(named: owner) {
            for (index, written) in record.inheritedTypes.enumerated() {
                let name = Self.simpleTypeName(written)
                guard !name.isEmpty, types(named: name).isEmpty, !Self.valueProtocols.contains(name),
                    !name.hasPrefix("ExpressibleBy"), !found.contains(name),
                    record.kind != "class" || index > 0 || Self.namedAsDelegate(name)
                else { continue }
                found.append(name)
            }
        }
        return found
    }

    /// `WKNavigationDelegate`, `UITableViewDataSource`, `INPlayMediaIntentHandling`.
    static func namedAsDelegate(_ name: String) -> Bool {
        ["Delegate", "DataSource", "Handling"].contains { name.hasSuffix($0) }
    }

    /// A framework's name: a prefix of capitals (`WK`, `UN`, `CLK`, `URL`) before a capitalized word.
    static func namedAsFramework(_ name: String) -> Bool {
        name.wholeMatch(of: /[A-Z]{2,}[A-Z][a-z][A-Za-z0-9]*/) != nil
    }

    /// A delegate method's shape: named for its unlabeled first parameter, the delegating object, of a
    /// framework's type the codebase does not declare (`webView(_ webView: WKWebView, …)`,
    /// `urlSession(_ session: URLSession, …)`, `resourceLoader(_ loader: AVAssetResourceLoader, …)`).
    func hasDelegateShape(_ key: FunctionKey) -> Bool {
        let function = function(key)
        guard let first = function.parameters.first, first.label == "_",
            let type = first.type.withoutOptional.simpleName
        else { return false }
        return Self.namedAsFramework(type) && types(named: type).isEmpty
            && type.lowercased().hasSuffix(function.name.lowercased())
    }

    /// Whether a call in the codebase has function `key`'s name and fits its arguments.
    func isCalled(_ key: FunctionKey) -> Bool {
        let function = function(key)
        return files.contains { file in
            file.calls.contains { $0.name == function.name && argumentsFit($0, function) }
        }
    }
}
