/// Which async function is a callback function's async version: by name and labels, then held to its
/// value, its type and its constraints (overloads that differ only in their handler, a protocol's
/// facade for its conformers, `wrap`'s `where Self: Sendable`).
extension Codebase {
    /// An async function that replaces callback function `key`: the target of its `@available(*, renamed:)`,
    /// or one in the same type named as it is (or with `Async` after the name) that takes the same
    /// arguments (in any order) less the handler and, perhaps, some defaulted ones or a queue
    /// (`callbackQueue:`), which an async API has no use for.
    public func asyncVariant(of key: FunctionKey) -> FunctionKey? {
        let function = function(key)
        if let renamed = function.renamedTo {
            let name = String(renamed.prefix { $0 != "(" })
            let matches = functions(named: name).filter {
                self.function($0).isAsync && self.function($0).fullName == renamed
            }
            if let match = visibleFirst(matches, from: function) { return match }
        }
        return visibleFirst(asyncVariantCandidates(of: key).filter { serves($0, key) }, from: function)
    }

    /// In `#if` branches, the candidate there whenever `function` is (in no `#if`, or in its own), else
    /// the first.
    private func visibleFirst(_ candidates: [FunctionKey], from function: FunctionRecord) -> FunctionKey? {
        candidates.first { function.context.conditions.starts(with: self.function($0).context.conditions) }
            ?? candidates.first
    }

    /// Async functions with `key`'s name (or the name and `Async`) and its labels without the handler's,
    /// best first: in its type, then a protocol's for a requirement it implements, then with defaulted
    /// parameters left out or labels reordered.
    private func asyncVariantCandidates(of key: FunctionKey) -> [FunctionKey] {
        let function = function(key)
        guard let handler = handler(key) else { return [] }
        let labels = handler.remainingLabels(of: function)
        let typePath = function.context.typePath
        var found: [FunctionKey] = []
        for name in [function.name, function.name + "Async"] {
            found += asyncFunctions(named: name, labels: labels, typePath: typePath)
        }
        found += requirementsAsyncVariants(of: key, labels: labels)
        let kept = function.parameters.indices.filter { !handler.covers($0) }.map { function.parameters[$0] }
        // A protocol requirement's implementation has no defaults, but its queue is no more use to async code.
        for name in [function.name, function.name + "Async"] {
            found += functions(named: name).filter { candidateKey in
                let candidate = self.function(candidateKey)
                guard candidate.isAsync, Self.sameType(candidate.context.typePath, typePath) else { return false }
                // In the callback's order, or another (an async variant written later may order them anew).
                var remaining = candidate.parameters.map(\.label)
                for parameter in kept {
                    if let index = remaining.firstIndex(of: parameter.label) {
                        remaining.remove(at: index)
                    } else if !parameter.asyncVariantMayDrop {
                        return false
                    }
                }
                return remaining.isEmpty
            }
        }
        return found
    }

    /// Whether `variant`, found by name and labels, is `key`'s async version: both static or neither, and
    /// its value. Overloads that differ only in their handler (Swift-Kuery-ORM's `findAll(using:_:)`, with
    /// `[Self]`, `[(I, Self)]` or `[I: Self]`) share a name and labels: then only the one whose value
    /// `variant` returns is served (`Self`, in a protocol's, read as `key`'s type). A variant that only
    /// `Sendable` types get (`wrap`'s `where Self: Sendable`) serves a type declared Sendable, not a
    /// protocol's default for every conformer.
    private func serves(_ variant: FunctionKey, _ key: FunctionKey) -> Bool {
        let candidate = function(variant)
        let function = function(key)
        guard candidate.isStatic == function.isStatic else { return false }
        if Self.requiresSendableSelf(candidate), !isSendableType(path: function.context.typePath) { return false }
        return returnsHandlerValue(variant, of: key)
    }

    /// Whether async function `variant` returns what `key`'s handler passes: the value check of
    /// `serves(_:_:)`, which also holds for a variant only Sendable types get.
    func returnsHandlerValue(_ variant: FunctionKey, of key: FunctionKey) -> Bool {
        let candidate = function(variant)
        let function = function(key)
        var returned = candidate.returnType
        let simple = function.context.typePath.split(separator: ".").last.map(String.init)
        if candidate.context.typePath != function.context.typePath, let simple {
            returned = returned?.substituting(["Self": .named(simple, [])])
        }
        let value = handler(key)?.valueType
        guard !overloadsDifferingOnlyInHandler(of: key).isEmpty else {
            // Alone, a variant may spell its value otherwise (another module's typealias), but not return
            // a type that surely differs: `fetch(id:) async -> Item` does not serve a `[Item]` handler.
            return mayBeSameValueType(
                returned, in: candidate.context.typePath, value, in: function.context.typePath,
                open: openNames(of: candidate, function))
        }
        return sameValueType(returned, in: candidate.context.typePath, value, in: function.context.typePath)
    }

    /// A `where Self: Sendable` on the function (or its extension).
    static func requiresSendableSelf(_ function: FunctionRecord) -> Bool {
        [function.genericWhereClause, function.context.whereClause].contains {
            $0?.replacingOccurrences(of: " ", with: "").contains("Self:Sendable") == true
        }
    }

    /// Whether two value types are one: as written, or through the codebase's typealiases, `Void` for none.
    func sameValueType(_ one: TypeRef?, in onePath: String, _ other: TypeRef?, in otherPath: String) -> Bool {
        func normal(_ type: TypeRef?, _ path: String) -> TypeRef {
            guard let type else { return .named("Void", []) }
            return Self.spelledAlike(aliases.expand(type, in: path))
        }
        return normal(one, onePath) == normal(other, otherPath)
    }

    /// Whether two value types may be one: false only where they surely differ. A name the codebase does
    /// not declare (another module's type or typealias, a generic parameter, `Self`) may be any type, an
    /// optional may stand for its wrapped type (`(Item?, Error?)` and `-> Item?`), and `any P` is `P`.
    /// `open` names generic parameters and associated types, which may be any type even where a type of the
    /// codebase has their name.
    func mayBeSameValueType(
        _ one: TypeRef?, in onePath: String, _ other: TypeRef?, in otherPath: String, open: Set<String>
    ) -> Bool {
        func normal(_ type: TypeRef?, _ path: String) -> TypeRef {
            guard let type else { return .named("Void", []) }
            return Self.spelledAlike(aliases.expand(type, in: path))
        }
        return mayMatch(normal(one, onePath), normal(other, otherPath), open: open)
    }

    /// The generic parameters of `functions` and of their types, and their types' associated types.
    func openNames(of functions: FunctionRecord...) -> Set<String> {
        Set(
            functions.flatMap { function in
                function.genericParameterNames + records(of: function.context.typePath).flatMap(\.genericParameterNames)
            })
    }

    private func mayMatch(_ one: TypeRef, _ other: TypeRef, open: Set<String>) -> Bool {
        func known(_ name: String) -> Bool {
            guard !open.contains(name) else { return false }
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            return Self.standardValueTypes.contains(simple) || !types(named: simple).isEmpty
        }
        func mayMatch(_ one: TypeRef, _ other: TypeRef) -> Bool { self.mayMatch(one, other, open: open) }
        switch (one, other) {
        case _ where one == other: return true
        case (.optional(let wrapped), _): return mayMatch(wrapped, other)
        case (_, .optional(let wrapped)): return mayMatch(one, wrapped)
        case (.existential(let constraint), _): return mayMatch(constraint, other)  // `any P` is `P`
        case (_, .existential(let constraint)): return mayMatch(one, constraint)
        case (.array(let a), .array(let b)): return mayMatch(a, b)
        case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)): return mayMatch(k1, k2) && mayMatch(v1, v2)
        case (.tuple(let a), .tuple(let b)): return a.count == b.count && zip(a, b).allSatisfy(mayMatch)
        case (.named(let a, let arguments), .named(let b, let others)):
            guard a.split(separator: ".").last == b.split(separator: ".").last else { return !(known(a) && known(b)) }
            return arguments.count != others.count || zip(arguments, others).allSatisfy(mayMatch)
        case (.named(let name, _), _), (_, .named(let name, _)): return !known(name)
        case (.array, _), (.dictionary, _), (.tuple, _): return false
        default: return true  // a function type, or text: not compared
        }
    }

    /// Standard value types, never another's typealias (codebase types are looked up).
    static let standardValueTypes: Set<String> = [
        "Void", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "String", "Substring", "Character", "Data", "Date", "URL", "UUID", "Array", "Set",
        "Dictionary", "Result",
    ]

    /// `type` written one way: `[T]` for `Array<T>`, `T?` for `Optional<T>`, `[K: V]` for
    /// `Dictionary<K, V>`, `Void` for `()`, without `Swift.`, at every level.
    static func spelledAlike(_ type: TypeRef) -> TypeRef {
        switch type {
        case .named(var name, let arguments):
            if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
            let arguments = arguments.map(spelledAlike)
            switch (name, arguments.count) {
            case ("Array", 1): return .array(arguments[0])
            case ("Optional", 1): return .optional(arguments[0])
            case ("Dictionary", 2): return .dictionary(arguments[0], arguments[1])
            default: return .named(name, arguments)
            }
        case .tuple(let elements) where elements.isEmpty: return .named("Void", [])
        case .tuple(let elements): return .tuple(elements.map(spelledAlike))
        case .optional(let wrapped): return .optional(spelledAlike(wrapped))
        case .array(let element): return .array(spelledAlike(element))
        case .dictionary(let key, let value): return .dictionary(spelledAlike(key), spelledAlike(value))
        case .existential(let inner): return .existential(spelledAlike(inner))
        case .function, .other: return type
        }
    }

    /// The same declaration as `key` in other `#if` branches: its type, full name and staticness, under
    /// other conditions (`#if os(iOS)` and its `#else` stub).
    func conditionalAlternatives(of key: FunctionKey) -> [FunctionKey] {
        let function = function(key)
        return functions(named: function.name).filter { other in
            let candidate = self.function(other)
            return other != key && candidate.fullName == function.fullName
                && candidate.context.typePath == function.context.typePath && candidate.isStatic == function.isStatic
                && candidate.context.conditions != function.context.conditions
        }
    }

    /// The other callback functions of `key`'s type with its name and its labels but the handler's: their
    /// async versions would have one name and labels.
    public func overloadsDifferingOnlyInHandler(of key: FunctionKey) -> [FunctionKey] {
        let function = function(key)
        guard let handler = handler(key) else { return [] }
        let labels = handler.remainingLabels(of: function)
        return functions(named: function.name).filter { other in
            let candidate = self.function(other)
            guard other != key, !candidate.isAsync, let otherHandler = self.handler(other),
                candidate.context.conditions == function.context.conditions,  // not an `#if` alternative
                otherHandler.remainingLabels(of: candidate) == labels
            else { return false }
            if Self.sameType(candidate.context.typePath, function.context.typePath) {
                // Not a requirement and its default, written alike or through a typealias.
                return !sameValueType(
                    otherHandler.valueType, in: candidate.context.typePath, handler.valueType,
                    in: function.context.typePath)
            }
            // In a related type, a subclass's overload beside its superclass's is one too; a requirement and
            // its implementation are one API, though they may spell its value apart.
            return related(candidate.context.typePath, function.context.typePath) && !mayPassOneValue(other, key)
        }
    }

    /// Whether callbacks `one` and `other` may pass one value, `Self` read as `other`'s type: a requirement and
    /// its implementation, spelled alike or not (`Result<T, Error>` and `Result<U, Error>`, `Self` and the
    /// conformer, another module's typealias). Ones that surely pass different values are overloads.
    func mayPassOneValue(_ one: FunctionKey, _ other: FunctionKey) -> Bool {
        let simple = function(other).context.typePath.split(separator: ".").last.map(String.init) ?? ""
        let selfType: [String: TypeRef] = simple.isEmpty ? [:] : ["Self": .named(simple, [])]
        return mayBeSameValueType(
            handler(one)?.valueType?.substituting(selfType), in: function(one).context.typePath,
            handler(other)?.valueType?.substituting(selfType), in: function(other).context.typePath,
            open: openNames(of: function(one), function(other)))
    }

    /// Whether two type paths name one type, or one inherits from the other (a superclass, a protocol).
    func related(_ one: String, _ other: String) -> Bool {
        if Self.sameType(one, other) { return true }
        let oneName = one.split(separator: ".").last.map(String.init) ?? ""
        let otherName = other.split(separator: ".").last.map(String.init) ?? ""
        // `A.Loader` and `B.Loader` share a simple name, not a type.
        guard !oneName.isEmpty, !otherName.isEmpty, oneName != otherName else { return false }
        return family(of: oneName, path: one).contains(otherName)
            || family(of: otherName, path: other).contains(oneName)
    }

    /// Why a call of the async function `async` (`variant`, where it is in the codebase) must say what it
    /// returns (`as [Item]`), if it must: a generic parameter that appears only in its result, or another
    /// async function of its type with its name and labels that returns another type (overloads by result).
    public func resultAmbiguity(of async: FunctionRecord, variant: FunctionKey?) -> ResultAmbiguity? {
        if let returned = async.returnType,
            let generic = returned.referencedNames.intersection(async.genericParameterNames)
                .subtracting(async.parameters.flatMap(\.type.referencedNames)).sorted().first
        {
            return .genericOnlyInResult(generic)
        }
        guard let variant else { return nil }
        // In the type or one related to it (a superclass's); with the same parameter types (others tell the
        // overloads apart by the arguments); not a protocol's requirement and its default, which return one
        // type.
        let parameterTypes = async.parameters.map {
            Self.spelledAlike(aliases.expand($0.type, in: async.context.typePath))
        }
        let overloaded = functions(named: async.name).contains { other in
            let candidate = function(other)
            guard other != variant, candidate.isAsync, candidate.fullName == async.fullName,
                candidate.isStatic == async.isStatic,
                candidate.parameters.map({
                    Self.spelledAlike(aliases.expand($0.type, in: candidate.context.typePath))
                }) == parameterTypes,
                related(candidate.context.typePath, async.context.typePath)
            else { return false }
            return !sameValueType(
                candidate.returnType, in: candidate.context.typePath, async.returnType, in: async.context.typePath)
        }
        return overloaded ? .overloadsByResult : nil
    }

    /// For a method that implements a requirement of a protocol its type conforms to: the protocol's async
    /// function of the same name and labels, a `wrap` facade in its extension (it calls the requirement,
    /// so it reaches this implementation) or an async requirement of its own (Kingfisher's
    /// `ImageDataProvider.data()`, whose default bridges to `data(handler:)`). The requirement's value
    /// (`Self` read as the type) must be the method's, and the facade must return it, in an extension
    /// with no `where` clause.
    private func requirementsAsyncVariants(of key: FunctionKey, labels: [String]) -> [FunctionKey] {
        let function = function(key)
        let typePath = function.context.typePath
        guard !typePath.isEmpty, function.context.typeKind != "protocol", let handler = handler(key) else {
            return []
        }
        let simple = typePath.split(separator: ".").last.map(String.init) ?? typePath
        let conformances = Set(records(of: typePath).flatMap(\.inheritedTypes))
        var found: [FunctionKey] = []
        for requirementKey in functions(named: function.name) {
            let requirement = self.function(requirementKey)
            let owner = requirement.context.typePath
            let name = owner.split(separator: ".").last.map(String.init) ?? ""
            guard requirement.context.typeKind == "protocol", conformances.contains(name),
                requirement.fullName == function.fullName, requirement.isStatic == function.isStatic,
                let value = self.handler(requirementKey)?.valueType,
                sameValueType(
                    value.substituting(["Self": .named(simple, [])]), in: owner,
                    handler.valueType?.substituting(["Self": .named(simple, [])]), in: typePath)
            else { continue }
            found += functions(named: function.name).filter { candidateKey in
                let candidate = self.function(candidateKey)
                // Unconstrained, but for the `Self: Sendable` that `serves` checks.
                let constraints = [candidate.genericWhereClause, candidate.context.whereClause].compactMap { $0 }
                return candidate.isAsync && candidate.parameters.map(\.label) == labels
                    && candidate.context.typePath == owner && candidate.isStatic == requirement.isStatic
                    && constraints.allSatisfy(Self.isSendableSelfClause)
                    && sameValueType(candidate.returnType, in: owner, value, in: owner)
            }
        }
        return found
    }

    /// `where Self: Sendable`, as `wrap` writes it.
    static func isSendableSelfClause(_ clause: String) -> Bool {
        clause.replacingOccurrences(of: " ", with: "") == "whereSelf:Sendable"
    }

    /// The records (declaration and extensions) of the type at `path`, as written where it is used: the
    /// same path, or the path after a module's name (`Moya.MoyaProvider`); `B.Impl` is not `Impl`.
    func records(of path: String) -> [TypeRecord] {
        let simple = path.split(separator: ".").last.map(String.init) ?? path
        return types(named: simple).filter { record in
            if record.path == path { return true }
            guard path.hasSuffix("." + record.path), let first = path.split(separator: ".").first else {
                return false
            }
            return types(named: String(first)).isEmpty
        }
    }

    /// Whether function `caller` is an async stand-in for callback API `api` (its async variant, or an
    /// async function of the same type named as it or with `Async` after the name): its calls of `api`
    /// are how it is built, not calls to migrate.
    public func isAsyncStandIn(_ caller: FunctionKey, for api: FunctionKey) -> Bool {
        guard caller != api else { return false }
        let callerFunction = function(caller)
        guard callerFunction.isAsync else { return false }
        if asyncVariant(of: api) == caller { return true }
        let apiFunction = function(api)
        return [apiFunction.name, apiFunction.name + "Async"].contains(callerFunction.name)
            && callerFunction.context.typePath == apiFunction.context.typePath
    }

    /// An async function named `name` with exactly `labels`, in a type of the same simple name when
    /// `typePath` is not empty.
    public func asyncFunction(named name: String, labels: [String], typePath: String?) -> FunctionKey? {
        asyncFunctions(named: name, labels: labels, typePath: typePath).first
    }

    /// Every such function (overloads by value type, static and instance).
    func asyncFunctions(named name: String, labels: [String], typePath: String?) -> [FunctionKey] {
        functions(named: name).filter { key in
            let candidate = function(key)
            guard candidate.isAsync, candidate.parameters.map(\.label) == labels else { return false }
            guard let typePath else { return true }
            // A free function's variant is a free function, not another type's method of that name.
            if typePath.isEmpty { return candidate.context.typePath.isEmpty }
            return Self.sameType(candidate.context.typePath, typePath)
        }
    }

    /// Whether two type paths may name one type: equal, or one the other qualified (`Moya.MoyaProvider` in
    /// an extension, `MoyaProvider` where it is declared). `A.Fake` and `B.Fake` are two types.
    static func sameType(_ one: String, _ other: String) -> Bool {
        one == other || one.hasSuffix("." + other) || other.hasSuffix("." + one)
    }

    /// For a promise-wrapper site, an async function that now does the wrapped call's work.
    public func asyncVariant(ofWrapped site: WrapSiteRecord) -> FunctionKey? {
        guard let wrapped = site.wrapped else { return nil }
        for key in functions(named: wrapped.name) where kind(of: key) == .callback {
            let function = function(key)
            guard function.parameters.map(\.label) == wrapped.argumentLabels else { continue }
            if let variant = asyncVariant(of: key) { return variant }
        }
        var labels = wrapped.argumentLabels
        if let handlerLabel = site.handlerLabel, let index = labels.lastIndex(of: handlerLabel) {
            labels.remove(at: index)
        }
        return asyncFunction(named: wrapped.name, labels: labels, typePath: nil)
    }
}

/// Why a call of an async function must say what it returns (`Codebase.resultAmbiguity(of:variant:)`).
public enum ResultAmbiguity: Equatable, Sendable {
    /// This generic parameter appears only in its result: nothing else names it.
    case genericOnlyInResult(String)
    /// Another async function of its type has its name and labels, and returns another type.
    case overloadsByResult
}
