/// One completion-handler function given an async version: its declaration's lines and what replaces
/// them (the old signature as a thin wrapper, then the async function).
public struct FunctionConversion: Sendable, Equatable {
    /// 1-based first line of the declaration (its attributes included).
    public var startLine: Int
    /// 1-based last line of the declaration.
    public var endLine: Int
    /// The wrapper and the async function, indented as the declaration was.
    public var replacement: [String]
    /// The function converted, `load(id:completion:)`.
    public var function: String
    /// The async version's full name, `load(id:)`.
    public var asyncName: String
    /// The `@available` attributes the async version got for what it awaits (and the project's floor).
    public var availability: [String] = []
}

/// A completion-handler function left as it is, and why: the first thing found that would change what
/// it does, at `line`.
public struct FunctionRefusal: Sendable, Equatable, Error {
    /// 1-based line of what stops the conversion.
    public var line: Int
    /// The function, `load(id:completion:)`.
    public var function: String
    /// A short category for the summary (`handler called twice`).
    public var kind: String
    /// What is wrong and what would make it convertible.
    public var reason: String
}
