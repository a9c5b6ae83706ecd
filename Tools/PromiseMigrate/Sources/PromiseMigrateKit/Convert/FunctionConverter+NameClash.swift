/// Which declaration an async version would clash with, or whose calls it would take over.
extension FunctionConverter {
    /// A declaration that the async version of function `key`, taking its parameters `kept`, would clash
    /// with, or whose calls in async code it would take over: the same name with labels and types a call
    /// could reach (defaulted arguments left out), in the type, a superclass, a subclass, or a protocol
    /// it conforms to; or another callback overload of the type that would get the same async name.
    func nameClash(for key: FunctionKey, keeping kept: [Int]) -> FunctionKey? {
        let function = codebase.function(key)
        let ownerName = function.context.typePath.split(separator: ".").last.map(String.init) ?? ""
        return codebase.functions(named: function.name).first { other in
            guard other != key else { return false }
            let candidate = codebase.function(other)
            // Told apart by labels and types, as overloads are.
            let parameters: [ParameterRecord]
            let sameType = candidate.context.typePath == function.context.typePath
            // Extensions constrained apart (`where Base: NSButton`, `where Base: UIImageView`) never meet.
            if sameType, let theirs = candidate.context.whereClause, let ours = function.context.whereClause,
                theirs != ours
            {
                return false
            }
            // A static method and an instance method never meet: `Type.f()` and `value.f()`.
            if candidate.isStatic != function.isStatic { return false }
            // The same API seen twice: a protocol's requirement and its extension's implementation, or `#if`
            // branches.
            if candidate.parameters.map(\.label) == function.parameters.map(\.label),
                candidate.parameters.map(\.type) == function.parameters.map(\.type)
            {
                return false
            }
            // A callback overload in the type itself gets the same async name; in a related type (a protocol
            // requirement the function implements) it is the same API, unless its handler passes another
            // value (a subclass's overload of its superclass's method).
            var alsoWithoutQueues = false
            // (One whose handler has no async form never gets one: `convert` refuses it. It clashes only as
            // itself, where a call may leave out its handler.)
            // (A subclass's method with other labels, `fetch(id:handler:)` beside `fetch(id:completion:)`, is no
            // override: its async version would be one.)
            if let otherHandler = codebase.handler(other), !candidate.isAsync,
                !Self.shapesWithoutAsyncForm.contains(otherHandler.shape),
                sameType || !codebase.mayPassOneValue(other, key)
                    || candidate.parameters.map(\.label) != function.parameters.map(\.label)
            {
                parameters = candidate.parameters.indices.filter { !otherHandler.covers($0) }
                    .map { candidate.parameters[$0] }
                // Its async version may drop its queue too.
                alsoWithoutQueues = true
            } else {
                parameters = candidate.parameters
            }
            // A call that leaves out defaulted arguments may fit both: ambiguous, or taken over.
            let mine = kept.map { function.parameters[$0] }
            let forms =
                alsoWithoutQueues
                ? [parameters, parameters.filter { !$0.isQueue }]
                : [parameters]
            guard
                forms.contains(where: { parameters in
                    Self.accepts(parameters, callTo: mine.filter { $0.defaultValue == nil })
                        || Self.accepts(mine, callTo: parameters.filter { $0.defaultValue == nil })
                })
            else { return false }
            // An async function with other labels that a call could reach too; with these labels, one that
            // returns another value (an overload by result, whose calls would become ambiguous). One that
            // returns this value would be the function's async variant.
            if sameType {
                guard candidate.isAsync, parameters.map(\.label) == mine.map(\.label) else { return true }
                return !codebase.sameValueType(
                    candidate.returnType, in: candidate.context.typePath, codebase.handler(key)?.valueType,
                    in: function.context.typePath)
            }
            let type = candidate.context.typePath.split(separator: ".").last.map(String.init) ?? ""
            guard !type.isEmpty, !ownerName.isEmpty else { return false }
            // `A.Fake` and `B.Fake` share a simple name, not a type.
            if type == ownerName, !Codebase.sameType(candidate.context.typePath, function.context.typePath) {
                return false
            }
            return codebase.related(candidate.context.typePath, function.context.typePath)
        }
    }

    /// The type whose enum case a static async version of function `key` would share its name with
    /// (`case run(id: Int)` beside `static func run(id:) async`: `run(id: 1)` is ambiguous), or nil.
    func caseClash(for key: FunctionKey) -> String? {
        let function = codebase.function(key)
        guard function.isStatic, let owner = function.context.typePath.split(separator: ".").last.map(String.init)
        else { return nil }
        return codebase.types(named: owner).first { type in
            type.caseNames.contains(function.name) && Codebase.sameType(type.path, function.context.typePath)
        }?.path
    }

    /// Handler shapes `convert` writes no async version for (`FunctionConverter.convert` refuses them).
    static let shapesWithoutAsyncForm: Set<HandlerShape> = [.valueAndError, .other]

    /// Whether a call passing `arguments` (by label and type, in order) fits `parameters`: each parameter
    /// takes the next argument or has a default.
    static func accepts(_ parameters: [ParameterRecord], callTo arguments: [ParameterRecord]) -> Bool {
        var remaining = arguments[...]
        for parameter in parameters {
            if let next = remaining.first, next.label == parameter.label, next.type == parameter.type {
                remaining.removeFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return remaining.isEmpty
    }
}
