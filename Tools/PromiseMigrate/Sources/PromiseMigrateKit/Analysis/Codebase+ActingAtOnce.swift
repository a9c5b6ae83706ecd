extension Codebase {
    /// Whether a call of callback function `key` may act on its handler before it returns: call it (on some
    /// path), hand it to a serial queue, or use it where when it runs is not known, itself or through a
    /// function of the codebase it hands it on to before returning (`DirectCallFinder.handlerFacts`). A
    /// caller that awaits its async version instead, from a wrapper's `Task`, would do that later: its old
    /// function keeps its body. A requirement of a protocol, which has no body, may act where an
    /// implementation of the same full name does. Another module's API is not followed: that a wrapper
    /// starts its work later is the documented price.
    public func handlerMayActAtOnce(_ key: FunctionKey) -> Bool { containsSelfOrNamesake(of: key, in: actingAtOnce) }

    /// Whether `set` holds `key`, or a function of the same full name (where a requirement has no body).
    func containsSelfOrNamesake(of key: FunctionKey, in set: Set<FunctionKey>) -> Bool {
        if set.contains(key) { return true }
        let fullName = function(key).fullName
        return functions(named: function(key).name).contains { set.contains($0) && function($0).fullName == fullName }
    }

    /// The functions that may act on a closure parameter before they return, found once for the codebase:
    /// those whose own body does, then, until nothing changes, those that hand one on to a function of the
    /// name of one that does (any closure parameter, and any namesake: keeping a body is always safe).
    static func functionsActingAtOnce(
        in files: [FileFacts], byName: [String: [FunctionKey]]
    ) -> Set<FunctionKey> {
        var acting: Set<FunctionKey> = []
        var callers: [FunctionKey: [FunctionKey]] = [:]
        var work: [FunctionKey] = []
        for (fileIndex, file) in files.enumerated() {
            for (index, function) in file.functions.enumerated() {
                let key = FunctionKey(file: fileIndex, index: index)
                if !function.parametersActingAtOnce.isEmpty {
                    acting.insert(key)
                    work.append(key)
                }
                for called in Set(function.parametersPassedOn.values.joined()) {
                    for callee in byName[called] ?? [] { callers[callee, default: []].append(key) }
                }
            }
        }
        while let key = work.popLast() {
            for caller in callers[key] ?? [] where acting.insert(caller).inserted { work.append(caller) }
        }
        return acting
    }
}
