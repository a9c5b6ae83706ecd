/// The shape of a completion handler's parameters, one case per resolver method the library passes as
/// such a handler (`completion: resolver.resolve`), plus `other`.
public enum HandlerShape: String, CaseIterable, Codable, Sendable {
    /// `(T?, Error?)`: `resolver.resolve`.
    case optionalValueAndError
    /// `(T, Error?)`: `resolver.resolve`, through the same overload.
    case valueAndError
    /// `(Result<T, E>)`, any failure type: `resolver.resolve`.
    case result
    /// `(T)`, which cannot fail: `resolver.fulfill`.
    case value
    /// `(Error?)`, in a `Promise<Void>`: `resolver.resolve`.
    case optionalError
    /// `()`, in a `Promise<Void>`: `resolver.fulfill`.
    case none
    /// `(A?, B?, Error?)`, URLSession's shape, in a `Promise<(A, B)>`: `resolver.resolve`.
    case twoValuesAndError
    /// Two closures, `success: (T) -> Void` and `failure: (Error) -> Void`, the style of Objective-C-era
    /// networking layers: `resolver.fulfill` and `resolver.reject`.
    case successAndFailure
    /// Anything else: reported, never wrapped.
    case other

    /// The resolver method that, passed as the handler, settles the promise.
    public var resolverMethod: String {
        switch self {
        case .value, .none, .successAndFailure: return "fulfill"
        default: return "resolve"
        }
    }

    /// The shape as the guide writes it.
    public var display: String {
        switch self {
        case .optionalValueAndError: return "(T?, Error?)"
        case .valueAndError: return "(T, Error?)"
        case .result: return "Result<T, E>"
        case .value: return "(T)"
        case .optionalError: return "(Error?)"
        case .none: return "()"
        case .twoValuesAndError: return "(A?, B?, Error?)"
        case .successAndFailure: return "success: (T), failure: (Error)"
        case .other: return "other"
        }
    }
}

/// A function's completion handler: which parameter it is and what a promise of it holds.
public struct HandlerInfo: Hashable, Sendable {
    /// Index of the handler in the function's parameters.
    public var parameterIndex: Int
    /// Its shape.
    public var shape: HandlerShape
    /// The promise's value type (`User` for `(User?, Error?)`, `Void` for `(Error?)`); nil for `other`.
    public var valueType: TypeRef?
    /// The handler's function type, typealiases expanded.
    public var handlerType: TypeRef
    /// Why the shape is `other`.
    public var reason: String?
    /// For `successAndFailure`: the failure closure's index (`parameterIndex` is the success closure's).
    public var failureParameterIndex: Int? = nil
    /// For `successAndFailure`: how many parameters the success closure takes.
    public var successArity = 0
    /// For `successAndFailure`: how many parameters the failure closure takes.
    public var failureArity = 0
    /// For `successAndFailure`: the failure closure's error is optional (`(Error?) -> Void`).
    public var failureErrorIsOptional = false

    /// Whether parameter `index` is a handler (the completion handler, or either closure of a pair).
    public func covers(_ index: Int) -> Bool { index == parameterIndex || index == failureParameterIndex }

    /// The handler's parameter indexes: the completion handler's, or a pair's success and failure closures'.
    public var indexes: [Int] { [parameterIndex] + (failureParameterIndex.map { [$0] } ?? []) }

    /// Whether a handler of `function` (this handler's function) has a default, so a call may leave it out.
    public func isDefaulted(in function: FunctionRecord) -> Bool {
        indexes.contains { function.parameters[$0].defaultValue != nil }
    }

    /// The labels of `function`'s parameters without the handlers': its async variant's.
    public func remainingLabels(of function: FunctionRecord) -> [String] {
        function.parameters.indices.filter { !covers($0) }.map { function.parameters[$0].label }
    }
}

/// Classifies a handler's function type into a `HandlerShape`.
enum HandlerShapeClassifier {
    static func classify(_ function: TypeRef) -> (HandlerShape, TypeRef?, String?) {
        guard case .function(let parameters, let result, let isAsync, let throwsClause, _) = function else {
            return (.other, nil, "not a function type")
        }
        if isAsync || throwsClause != nil {
            return (.other, nil, "the handler itself is async or throws")
        }
        guard result.isVoid else { return (.other, nil, "the handler returns \(result.source), not Void") }
        switch parameters.count {
        case 0:
            return (.none, .named("Void", []), nil)
        case 1:
            let only = parameters[0]
            if only.simpleName == "Result", case .named(_, let arguments) = only, arguments.count == 2 {
                return (.result, arguments[0], nil)
            }
            if case .optional(let wrapped) = only, isError(wrapped) { return (.optionalError, .named("Void", []), nil) }
            if isError(only) { return (.other, nil, "a non-optional error with no value") }
            return (.value, only, nil)
        case 2:
            guard case .optional(let error) = parameters[1], isError(error) else {
                return (.other, nil, "two parameters, the second not an optional error")
            }
            if isError(parameters[0]) { return (.other, nil, "two errors") }
            if case .optional(let value) = parameters[0] { return (.optionalValueAndError, value, nil) }
            return (.valueAndError, parameters[0], nil)
        case 3:
            guard case .optional(let first) = parameters[0], case .optional(let second) = parameters[1],
                case .optional(let error) = parameters[2], isError(error)
            else {
                return (.other, nil, "three parameters, not (A?, B?, Error?)")
            }
            return (.twoValuesAndError, .tuple([first, second]), nil)
        default:
            return (.other, nil, "\(parameters.count) parameters")
        }
    }

    /// `Error`, `any Error`, `NSError`, or a type named like one (`APIError`).
    static func isError(_ type: TypeRef) -> Bool {
        var type = type
        if case .existential(let constraint) = type { type = constraint }
        guard let name = type.simpleName else { return false }
        return name.hasSuffix("Error")
    }
}
