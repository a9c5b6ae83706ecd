extension Codebase {
    /// Whether a call of callback function `key` may act on its handler before it returns: call it (on some
    /// path), or hand it to a serial queue, itself or through a function of the codebase it hands the
    /// handler on to before returning (found by name, so any of that name counts). A caller that awaits
    /// its async version instead, from a wrapper's `Task`, would do that later: its old function keeps its
    /// body. A call of another module's API is not followed: that it starts its work later is the
    /// documented price of a wrapper.
    public func handlerMayActAtOnce(_ key: FunctionKey) -> Bool {
        var visited: Set<FunctionKey> = []
        return mayActAtOnce(key, visited: &visited)
    }

    private func mayActAtOnce(_ key: FunctionKey, visited: inout Set<FunctionKey>) -> Bool {
        guard visited.insert(key).inserted, let handler = handler(key) else { return false }
        let function = function(key)
        let names = handler.indexes.map { function.parameters[$0].name }
        if names.contains(where: function.parametersActingAtOnce.contains) { return true }
        for called in Set(names.flatMap { function.parametersPassedOn[$0] ?? [] }) {
            for callee in functions(named: called) where mayActAtOnce(callee, visited: &visited) { return true }
        }
        return false
    }
}
