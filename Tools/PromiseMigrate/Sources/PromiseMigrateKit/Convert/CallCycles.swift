/// Why the functions left waiting, when no round can start, cannot be converted: some call each
/// other in a cycle, and the rest wait on one of those, directly or not. Only the first are "call
/// cycle"; the rest name the cycle in their way, so a developer knows which function to break it at.
/// (Perfect-Redis: two parser functions call each other, and 112 commands wait on them.)
struct CallCycles {
    /// Each waiting function's calls of other waiting functions, in source order.
    let calls: [FunctionKey: [FunctionKey]]

    /// The strongly connected components of two or more functions, each in source order, by member.
    private(set) var cycleOf: [FunctionKey: [FunctionKey]] = [:]

    init(calls: [FunctionKey: [FunctionKey]]) {
        self.calls = calls
        for component in stronglyConnectedComponents() where component.count > 1 {
            let members = component.sorted()
            for member in members { cycleOf[member] = members }
        }
    }

    /// What stops `function`: the callee it waits on and the calls round a cycle, as names in order
    /// (the first and last the same function); `inCycle` when `function` is on it.
    func obstacle(of function: FunctionKey) -> (callee: FunctionKey, loop: [FunctionKey], inCycle: Bool)? {
        if let members = cycleOf[function] {
            let set = Set(members)
            guard let callee = calls[function]?.first(where: set.contains),
                let back = path(from: callee, to: function, within: set)
            else { return nil }
            return (callee, [function] + back, true)
        }
        // The nearest function on a cycle, breadth first, and the callee that leads there.
        var firstStep: [FunctionKey: FunctionKey] = [:]
        var queue: [FunctionKey] = []
        for callee in calls[function] ?? [] where firstStep[callee] == nil {
            firstStep[callee] = callee
            queue.append(callee)
        }
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            if let members = cycleOf[current], let start = firstStep[current] {
                let set = Set(members)
                guard let inner = calls[current]?.first(where: set.contains),
                    let back = path(from: inner, to: current, within: set)
                else { return nil }
                return (start, [current] + back, false)
            }
            for callee in calls[current] ?? [] where firstStep[callee] == nil && callee != function {
                firstStep[callee] = firstStep[current]
                queue.append(callee)
            }
        }
        return nil
    }

    /// The shortest call path from `start` to `goal` inside `members`, both ends included.
    private func path(from start: FunctionKey, to goal: FunctionKey, within members: Set<FunctionKey>)
        -> [FunctionKey]?
    {
        var previous: [FunctionKey: FunctionKey] = [start: start]
        var queue = [start]
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            if current == goal {
                var path = [current]
                while let before = previous[path[0]], before != path[0] { path.insert(before, at: 0) }
                return path
            }
            for callee in calls[current] ?? [] where members.contains(callee) && previous[callee] == nil {
                previous[callee] = current
                queue.append(callee)
            }
        }
        return nil
    }

    /// Tarjan's algorithm, iterative (a long chain of waiting functions must not grow the stack).
    private func stronglyConnectedComponents() -> [[FunctionKey]] {
        var index: [FunctionKey: Int] = [:]
        var lowLink: [FunctionKey: Int] = [:]
        var onStack: Set<FunctionKey> = []
        var stack: [FunctionKey] = []
        var components: [[FunctionKey]] = []
        var counter = 0
        for root in calls.keys.sorted() where index[root] == nil {
            // Each frame: a function and how many of its callees it has visited.
            var frames: [(function: FunctionKey, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let frame = frames.last {
                let callees = calls[frame.function] ?? []
                if frame.next < callees.count {
                    frames[frames.count - 1].next += 1
                    let callee = callees[frame.next]
                    if index[callee] == nil {
                        index[callee] = counter
                        lowLink[callee] = counter
                        counter += 1
                        stack.append(callee)
                        onStack.insert(callee)
                        frames.append((callee, 0))
                    } else if onStack.contains(callee) {
                        lowLink[frame.function] = min(lowLink[frame.function]!, index[callee]!)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.function] = min(lowLink[parent.function]!, lowLink[frame.function]!)
                }
                if lowLink[frame.function] == index[frame.function] {
                    var component: [FunctionKey] = []
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component.append(member)
                        if member == frame.function { break }
                    }
                    components.append(component)
                }
            }
        }
        return components
    }
}
