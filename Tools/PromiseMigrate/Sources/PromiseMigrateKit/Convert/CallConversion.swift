/// One call rewritten: the statement's lines and what replaces them.
public struct CallConversion: Sendable, Equatable {
    /// 1-based first line of the statement.
    public var startLine: Int
    /// 1-based last line of the statement.
    public var endLine: Int
    /// The new lines, indented as the statement was.
    public var replacement: [String]
    /// The API called, `load(id:completion:)`, and the async variant it now awaits.
    public var api: String
    /// The async variant's full name.
    public var asyncVariant: String
}

/// A call of an API with an async variant that is left alone, and why.
public struct ConversionRefusal: Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// The API called.
    public var api: String
    /// Why it is left alone.
    public var reason: String
}
