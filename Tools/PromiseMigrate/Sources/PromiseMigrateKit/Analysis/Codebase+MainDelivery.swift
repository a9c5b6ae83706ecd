extension Codebase {
    /// Whether callback function `key` delivers its handler on the main queue: every use of its closure
    /// parameters is a call inside `DispatchQueue.main.async { … }`, or a hand-off to functions of the
    /// codebase that deliver on the main queue (every function of that name does). A caller that calls its
    /// own handler in the closure it passes delivered on the main queue too, which a wrapper calling from
    /// a `Task` would change: such a caller keeps its old body.
    public func handlerDeliveredOnMain(_ key: FunctionKey) -> Bool { deliveringOnMain.contains(key) }

    /// The functions that deliver on the main queue, found once for the codebase: those whose own body
    /// only hops there, then, until nothing changes, those that hand their closures only to such functions
    /// (a call cycle is not followed: keeping a body is always safe, and this only ever keeps bodies).
    /// A namesake that takes no closure (an async variant) is not one of them.
    static func functionsDeliveringOnMain(
        in files: [FileFacts], byName: [String: [FunctionKey]]
    ) -> Set<FunctionKey> {
        var candidates: [(key: FunctionKey, through: Set<String>)] = []
        for (fileIndex, file) in files.enumerated() {
            for (index, function) in file.functions.enumerated() {
                guard let delivery = function.mainDelivery else { continue }
                candidates.append((FunctionKey(file: fileIndex, index: index), Set(delivery.values.joined())))
            }
        }
        // Only a namesake that takes a closure can be the one a closure is handed to (not an async variant).
        let takers = byName.mapValues { keys in
            keys.filter { key in
                files[key.file].functions[key.index].parameters.contains { parameter in
                    parameter.isEscaping || parameter.typeSource.contains("->")
                        || functionLikeSuffixes.contains { parameter.typeSource.hasSuffix($0) }
                }
            }
        }
        var delivering: Set<FunctionKey> = []
        var changed = true
        while changed {
            changed = false
            candidates.removeAll { candidate in
                let mainOnly = candidate.through.allSatisfy { name in
                    guard let keys = takers[name], !keys.isEmpty else { return false }
                    return keys.allSatisfy(delivering.contains)
                }
                if mainOnly {
                    delivering.insert(candidate.key)
                    changed = true
                }
                return mainOnly
            }
        }
        return delivering
    }
}
