/// Decides, for each completion-handler method of a file, whether and how it is wrapped, from what the
/// codebase declares (Sendable types, existing names, async variants).
public struct WrapPlanner: Sendable {
    /// The codebase the file belongs to; the file is one of its files.
    public var codebase: Codebase
    /// Index of the file in `codebase.files`.
    public var fileIndex: Int

    /// A planner for file `fileIndex` of `codebase`.
    public init(codebase: Codebase, fileIndex: Int) {
        self.codebase = codebase
        self.fileIndex = fileIndex
    }

    /// Handle types of the platform that stop their work with `cancel()` and are Sendable.
    static let platformCancellables: Set<String> = [
        "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask", "URLSessionUploadTask",
        "URLSessionStreamTask", "URLSessionWebSocketTask",
    ]

    /// Plans for the methods of `types` (every type and the top level when empty), and refusals for the
    /// completion-handler methods that cannot be wrapped.
    public func plan(types selected: Set<String>) -> (plans: [WrapPlan], refusals: [WrapRefusal]) {
        var plans: [WrapPlan] = []
        var refusals: [WrapRefusal] = []
        var generatedSignatures: Set<String> = []
        let file = codebase.files[fileIndex]
        for index in file.functions.indices {
            let key = FunctionKey(file: fileIndex, index: index)
            let function = file.functions[index]
            guard isSelected(function, selected), let handler = codebase.handler(key), !function.returnsPromise
            else { continue }
            let owner = function.context.typePath.isEmpty ? "" : "\(function.context.typePath)."
            let name = "\(owner)\(function.fullName)"
            if codebase.references?.foreignOverrides.contains(key) == true {
                refusals.append(
                    WrapRefusal(
                        name: name, line: function.line,
                        reason: "it overrides or implements another module's method (the index store says so): "
                            + "callers reach it through that module's API, whose own async variant is the one to call"))
                continue
            }
            switch makePlan(function, key: key, handler: handler) {
            case .failure(let refusal):
                refusals.append(WrapRefusal(name: name, line: function.line, reason: refusal.reason))
            case .success(var plan):
                // Two overloads differing only in their handler (`completion:` and `resultHandler:`)
                // would give the same wrapper twice.
                let promiseSignature = signature(of: plan, name: plan.promiseName)
                let asyncSignature = signature(of: plan, name: function.name) + " async"
                if plan.declaresPromiseWrapper && generatedSignatures.contains(promiseSignature)
                    || plan.declaresAsyncFacade && generatedSignatures.contains(asyncSignature)
                {
                    refusals.append(
                        WrapRefusal(
                            name: name, line: function.line,
                            reason: "its wrapper would have the same signature as an overload's wrapped above "
                                + "(the two differ only in their handler); wrap it by hand under another name"))
                    continue
                }
                if plan.declaresPromiseWrapper { generatedSignatures.insert(promiseSignature) }
                if plan.declaresAsyncFacade { generatedSignatures.insert(asyncSignature) }
                if !plan.declaresPromiseWrapper && !plan.declaresAsyncFacade {
                    refusals.append(
                        WrapRefusal(name: name, line: function.line, reason: plan.notes.joined(separator: "; ")))
                    continue
                }
                plan.notes = plan.notes.filter { !$0.isEmpty }
                plans.append(plan)
            }
        }
        return (plans, refusals)
    }

    private func isSelected(_ function: FunctionRecord, _ selected: Set<String>) -> Bool {
        guard !selected.isEmpty else { return true }
        let path = function.context.typePath
        guard !path.isEmpty else { return false }
        return selected.contains(path) || selected.contains(path.split(separator: ".").last.map(String.init) ?? path)
    }

    private func signature(of plan: WrapPlan, name: String) -> String {
        let function = plan.function
        let parameters = function.parameters.enumerated().filter { !plan.handler.covers($0.offset) }
            .map { "\($0.element.label):\($0.element.type.source)" }
        let context = function.context
        let scope = "\(context.conditions.joined(separator: "&&"))|\(context.typePath)|\(context.whereClause ?? "")"
        return "\(function.isStatic ? "static " : "")\(scope)|\(name)(\(parameters.joined(separator: ",")))"
    }

    private func makePlan(_ function: FunctionRecord, key: FunctionKey, handler: HandlerInfo) -> Result<
        WrapPlan, WrapRefusal
    > {
        func refuse(_ reason: String) -> Result<WrapPlan, WrapRefusal> {
            .failure(WrapRefusal(name: function.fullName, line: function.line, reason: reason))
        }
        let context = function.context
        if function.isInitializer {
            return refuse(
                "an initializer's handler reports on the object being created, so there is no value to promise "
                    + "before it exists; wrap the call site in `Promise.wrapping { resolver in … }`")
        }
        if context.isLocal { return refuse("declared inside a function: not visible from another file") }
        if let hidden = [function.accessLevel, context.typeAccessLevel].compactMap({ $0 }).first(where: {
            $0 == "private" || $0 == "fileprivate"
        }) {
            return refuse("\(hidden): not visible from the generated file")
        }
        if let requirement = protocolRequirement(for: function) {
            return refuse(
                "the protocol's facade serves it: `\(requirement.protocolName)` declares it (\(requirement.location)), "
                    + "so wrap that protocol's file; a second facade here would clash with it")
        }
        if function.otherModifiers.contains("optional") {
            return refuse("an optional protocol requirement: callers must check it exists, so a facade cannot call it")
        }
        guard let value = handler.valueType, handler.shape != .other else {
            return refuse(
                "the handler `\(handler.handlerType.withoutAttributes.source)` has no wrapper "
                    + "(\(handler.reason ?? "unrecognised shape")); write `Promise.wrapping { resolver in … }` by hand")
        }
        for (index, parameter) in function.parameters.enumerated() where !handler.covers(index) {
            if parameter.isVariadic {
                return refuse("the variadic parameter `\(parameter.name)` cannot be forwarded (Swift has no splat)")
            }
            if let specifier = parameter.specifier {
                return refuse("the `\(specifier)` parameter `\(parameter.name)` cannot be forwarded from a closure")
            }
        }
        let genericNames = Set(function.genericParameterNames + typeGenericNames(context.typePath))
        if let untyped = ["Any", "AnyObject"].first(where: value.referencedNames.contains) {
            return refuse(
                "`Promise<\(value.source)>` needs a Sendable value, and `\(untyped)` is not: give the handler a "
                    + "Sendable type, or wrap it by hand with the type the values really have")
        }
        if let nonSendable = codebase.nonSendableType(in: value, genericNames: genericNames) {
            return refuse(
                "`Promise<\(value.source)>` needs `\(nonSendable)` to be Sendable, and it is not: make it "
                    + "Sendable, or write the facades in a Swift 6 module that `@preconcurrency import`s its "
                    + "module (Migration.md, \"Swift 6 clients with non-Sendable models\")")
        }

        var notes: [String] = []
        let labels = handler.remainingLabels(of: function)
        let promiseName = "\(function.name)Promise"
        let promiseTaken = existing(named: promiseName, labels: labels, typePath: context.typePath)
        if let promiseTaken {
            notes.append("`\(promiseName)` exists already (\(promiseTaken)): the async facade makes its own promise")
        }
        var declaresAsync = true
        // (A static method is no instance method's variant, nor clashes with its facade.)
        let sameNamed = codebase.asyncFunctions(named: function.name, labels: labels, typePath: context.typePath)
            .filter { codebase.function($0).isStatic == function.isStatic }
        if let variant = sameNamed.first(where: { codebase.returnsHandlerValue($0, of: key) })
            ?? codebase.asyncVariant(of: key)
        {
            declaresAsync = false
            notes.append(
                "already has an async variant, `\(codebase.function(variant).fullName)` (\(self.where(variant)))")
        } else if let other = sameNamed.first {
            // An overload by handler value (`save(using:_:)` with `Self?` beside one with `(I?, Self?)`)
            // whose sibling's facade took the name: a second would differ from it in its result alone.
            declaresAsync = false
            let returned = codebase.function(other).returnType?.source ?? "Void"
            notes.append(
                "no async facade: `\(codebase.function(other).fullName)` is declared async already "
                    + "(\(self.where(other))) and returns `\(returned)`, not `\(value.source)`; a facade of the same "
                    + "name and labels would differ from it in its result alone, so every async caller would have "
                    + "to name the type it expects: write one by hand under another name, such as "
                    + "`\(function.name)Async`")
        } else if let clash = existing(named: function.name, labels: labels, typePath: context.typePath) {
            // A synchronous `write(toFile:) -> Task` beside a new `write(toFile:) async`: async callers
            // would switch to the facade, and their code would no longer compile.
            declaresAsync = false
            notes.append(
                "no async facade: `\(function.name)(\(labels.map { "\($0):" }.joined()))` exists already (\(clash)), "
                    + "and a facade of the same name and labels would change what its async callers call; "
                    + "write one by hand under another name, such as `\(function.name)Async`")
        }

        var form = WrapPlan.Form.wrapping
        if let returned = function.returnType {
            var name = returned.simpleName ?? returned.source
            if name == "Self", let owner = context.typePath.split(separator: ".").last {
                name = String(owner)  // a fluent request object: `func response(…) -> Self`
            }
            if Self.platformCancellables.contains(name)
                || codebase.types(named: name).contains(where: \.hasCancelMethod) && codebase.isSendableType(path: name)
            {
                form = .cancellable
            } else {
                notes.append("returns `\(returned.source)`, which the promise does not keep")
            }
        }

        let isolation: WrapPlan.FacadeIsolation
        let isolatedMethod = function.attributes.contains { Self.isGlobalActor($0) }
        if function.isStatic || context.typePath.isEmpty || isolatedMethod
            || codebase.isSendableType(path: context.typePath)
            || context.typeAttributes.contains(where: Self.isGlobalActor)
        {
            isolation = .inherited
        } else {
            isolation = .callerActor
        }

        let access = Self.facadeAccess(function: function.accessLevel, context: context)
        var sendableRequirements = value.referencedNames.intersection(genericNames)
        // `Promise<Self>` in a protocol's extension: only Sendable conformers get the facades.
        if value.referencedNames.contains("Self"), isProtocol(context.typePath),
            !codebase.isSendableType(path: context.typePath)
        {
            sendableRequirements.insert("Self")
        }

        return .success(
            WrapPlan(
                function: function, handler: handler, valueType: value, promiseName: promiseName,
                declaresPromiseWrapper: promiseTaken == nil, declaresAsyncFacade: declaresAsync, form: form,
                isolation: isolation, sendableRequirements: sendableRequirements.sorted(),
                accessLevel: access,
                attributes: function.attributes.filter { $0.hasPrefix("@available") || Self.isGlobalActor($0) },
                modifiers: function.otherModifiers.filter { $0 == "nonisolated" || $0 == "mutating" }, notes: notes))
    }

    /// Whether `typePath` names a protocol of the codebase (a requirement's, or its extension's, type), not
    /// a type of the same simple name (`Remote.Model` beside a protocol `Model`).
    private func isProtocol(_ typePath: String) -> Bool {
        codebase.records(of: typePath).contains { $0.kind == "protocol" }
    }

    /// A protocol of the codebase that the function's type conforms to and that declares the same
    /// method (name and labels): its facade, in the protocol's extension, covers this one.
    private func protocolRequirement(for function: FunctionRecord) -> (protocolName: String, location: String)? {
        let context = function.context
        guard !context.typePath.isEmpty, context.typeKind != "protocol" else { return nil }
        let simple = context.typePath.split(separator: ".").last.map(String.init) ?? context.typePath
        let conformances = Set(codebase.types(named: simple).flatMap(\.inheritedTypes))
        for key in codebase.functions(named: function.name) {
            let candidate = codebase.function(key)
            guard candidate.context.typeKind == "protocol",
                conformances.contains(candidate.context.typePath.split(separator: ".").last.map(String.init) ?? ""),
                candidate.parameters.map(\.label) == function.parameters.map(\.label)
            else { continue }
            return (candidate.context.typePath, self.where(key))
        }
        return nil
    }

    /// The facades' access: the method's own, never wider than its type's. A member without a modifier
    /// is internal, except in an extension with one (`public extension`) or a protocol, whose access its
    /// members take.
    static func facadeAccess(function: String?, context: DeclarationContext) -> String? {
        let ranks = ["private": 0, "fileprivate": 1, "internal": 2, "package": 3, "public": 4, "open": 4]
        var access: String
        switch context.typeKind {
        case "protocol": access = context.typeAccessLevel ?? "internal"
        case "extension": access = function ?? context.typeAccessLevel ?? "internal"
        default: access = function ?? "internal"
        }
        if let type = context.typeAccessLevel, context.typeKind != "extension",
            ranks[type, default: 2] < ranks[access, default: 2]
        {
            access = type
        }
        if access == "open" { access = "public" }
        return access == "internal" ? nil : access
    }

    private static func isGlobalActor(_ attribute: String) -> Bool {
        attribute.hasSuffix("Actor") && !attribute.contains("(")
    }

    /// Generic parameters and associated types of the type at `path`.
    private func typeGenericNames(_ path: String) -> [String] {
        guard !path.isEmpty else { return [] }
        let simple = path.split(separator: ".").last.map(String.init) ?? path
        return codebase.types(named: simple).filter { $0.kind != "extension" }.flatMap(\.genericParameterNames)
    }

    /// `path:line` of a function of the codebase named `name` with `labels` in the same type, if any.
    private func existing(named name: String, labels: [String], typePath: String) -> String? {
        let simple = typePath.split(separator: ".").last.map(String.init) ?? ""
        for key in codebase.functions(named: name) {
            let candidate = codebase.function(key)
            let candidateType = candidate.context.typePath.split(separator: ".").last.map(String.init) ?? ""
            if candidate.parameters.map(\.label) == labels && candidateType == simple { return self.where(key) }
        }
        return nil
    }

    private func `where`(_ key: FunctionKey) -> String {
        "\(codebase.files[key.file].path):\(codebase.function(key).line)"
    }
}
