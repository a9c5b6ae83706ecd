extension Codebase {
    /// Whether callback function `key` (or a namesake of its full name: a protocol's requirement, whose
    /// implementations have bodies) may deliver its handler on the main queue: calls a closure parameter in
    /// a main-queue hop, or directly from a `@MainActor` function, on some path, takes a `@MainActor`
    /// closure, or hands one to a function of the codebase that may (any function of that name). A caller
    /// that calls its own handler in the closure it passes may then have delivered on the main queue too,
    /// which a wrapper calling from a `Task` would change: such a caller keeps its old body.
    public func handlerMayDeliverOnMain(_ key: FunctionKey) -> Bool {
        containsSelfOrNamesake(of: key, in: deliveringOnMain)
    }

    /// The functions that may deliver on the main queue, found once for the codebase: those whose own body
    /// does, then, until nothing changes, those that hand a closure to a call of the name of one that does
    /// (by name alone: keeping a body is always safe, and this only keeps bodies).
    static func functionsDeliveringOnMain(in files: [FileFacts]) -> Set<FunctionKey> {
        var delivering: Set<FunctionKey> = []
        // Who hands a closure on to a call of each name: when a function of that name is found to deliver
        // on the main queue, so may they (a worklist: each function is settled once).
        var handingOn: [String: [FunctionKey]] = [:]
        var work: [FunctionKey] = []
        for (fileIndex, file) in files.enumerated() {
            for (index, function) in file.functions.enumerated() {
                let key = FunctionKey(file: fileIndex, index: index)
                let delivery = function.mainDelivery
                let onMainActor = (function.attributes + function.context.typeAttributes).contains("@MainActor")
                // A `@MainActor` closure parameter: what a caller passes runs on the main actor.
                let mainActorClosure = function.parameters.contains { $0.typeSource.contains("@MainActor") }
                if delivery.hops || (delivery.direct && onMainActor) || mainActorClosure {
                    delivering.insert(key)
                    work.append(key)
                }
                for name in Set(delivery.through) { handingOn[name, default: []].append(key) }
            }
        }
        while let key = work.popLast() {
            let name = files[key.file].functions[key.index].name
            for caller in handingOn[name] ?? [] where delivering.insert(caller).inserted { work.append(caller) }
            handingOn[name] = nil
        }
        return delivering
    }
}
