/// Migration.md's PromiseKit table, as the codemod applies it.
enum PromiseKitNames {
    /// Chain steps and their names here (`then` returns a promise in PromiseKit: that is `flatMap`).
    static let stepRenames: [String: String] = [
        "then": "flatMap", "done": "map", "get": "then", "ensure": "always", "finally": "always",
        "recover": "flatMapError", "tap": "tap", "map": "map", "compactMap": "compactMap", "catch": "catch",
    ]

    /// Steps whose closure PromiseKit ran on `conf.Q`: each gets the codebase's queue.
    static let closureSteps: Set<String> = [
        "then", "done", "get", "ensure", "finally", "recover", "tap", "map", "compactMap", "catch",
        "mapValues", "compactMapValues", "flatMapValues", "filterValues", "thenMap",
    ]

    /// The collection steps of PromiseKit: `.mapValues(f)` is `.map { $0.map(f) }` here.
    static let collectionSteps: [String: (step: String, method: String)] = [
        "mapValues": ("map", "map"), "compactMapValues": ("map", "compactMap"),
        "flatMapValues": ("map", "flatMap"), "filterValues": ("map", "filter"),
    ]

    /// Steps that only PromiseKit chains have, trusted as promise steps even on a receiver the
    /// codemod cannot type (`then` too, unless the file imports the `Then` library).
    static let promiseKitOnlySteps: Set<String> = [
        "done", "get", "tap", "ensure", "ensureThen", "finally", "cauterize", "recover", "then",
    ]

    /// Every step name that keeps a chain a promise chain.
    static let chainSteps: Set<String> = closureSteps.union([
        "cauterize", "asVoid", "validate", "timeout", "ensureThen", "sortedValues", "asPromise",
    ])

    /// `PMKError` cases, and what the library rejects with instead.
    static let errors: [String: String] = [
        "cancelled": "CancellationError()", "compactMap": "PromiseError.missingValue",
        "emptySequence": "PromiseError.emptyInput", "badInput": "PromiseError.invalidArgument(\"bad input\")",
        "invalidCallingConvention": "PromiseError.missingValueAndError", "returnedSelf": "PromiseError.cycle",
        "badIdentifier": "PromiseError.invalidArgument(\"bad identifier\")",
    ]

    /// Modules and what replaces them.
    static let modules: [String: String] = ["PromiseKit": "Promises", "PMKFoundation": "PromiseFoundation"]

    /// Types whose bodies read PromiseKit's generic parameter `T`, which is `Value` here.
    static let promiseTypes: Set<String> = ["Promise", "Guarantee", "Thenable", "CatchMixin"]
}
