/// How one completion-handler method is wrapped.
public struct WrapPlan: Sendable {
    /// How the async facade is isolated.
    public enum FacadeIsolation: Sendable {
        /// Like the method: its actor, or none.
        case inherited
        /// `nonisolated(nonsending)` (Swift 6.2): runs on the caller's actor, so callers on an actor may
        /// use a non-Sendable instance.
        case callerActor
    }

    /// How the legacy call is turned into a promise.
    public enum Form: Sendable {
        /// `Promise.wrapping { resolver in api(…, completion: resolver.resolve) }`.
        case wrapping
        /// `Promise.wrapping { resolver in let handle = api(…) { … }; resolver.onCancel { handle.cancel() } }`:
        /// the method returns a Sendable handle that can stop the work.
        case cancellable
    }

    /// The method.
    public var function: FunctionRecord
    /// Its handler.
    public var handler: HandlerInfo
    /// The promise's value type.
    public var valueType: TypeRef
    /// The promise wrapper's base name (`fetchUserPromise`).
    public var promiseName: String
    /// Whether to declare the promise wrapper; false when the name is taken, and the facade then makes
    /// the promise itself.
    public var declaresPromiseWrapper: Bool
    /// Whether to declare the async facade.
    public var declaresAsyncFacade: Bool
    /// How the call becomes a promise.
    public var form: Form
    /// How the facade is isolated.
    public var isolation: FacadeIsolation
    /// Generic parameters (of the method or its type) the value mentions, which must be `Sendable`, and
    /// `Self` where a protocol that is not Sendable promises it.
    public var sendableRequirements: [String]
    /// The access level for both declarations, nil for the default.
    public var accessLevel: String?
    /// Attributes copied from the method: `@available`, global actors.
    public var attributes: [String]
    /// Modifiers copied from the method: `nonisolated`, `mutating`.
    public var modifiers: [String]
    /// Remarks for the generated doc comments and the terminal (a skipped facade, a discarded result).
    public var notes: [String]

    /// The facade's full name: `fetchUser(id:)`.
    public var asyncName: String {
        let labels = handler.remainingLabels(of: function)
        return "\(function.name)(\(labels.map { "\($0):" }.joined()))"
    }
}

/// A completion-handler method that is not wrapped, and why.
public struct WrapRefusal: Error, Sendable, Equatable {
    /// The method's full name, with its type: `PhotoLibrary.init(path:completion:)`.
    public var name: String
    /// 1-based line.
    public var line: Int
    /// Why it is not wrapped.
    public var reason: String
}
