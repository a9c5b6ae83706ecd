extension Promise: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The state, and the value or error once settled.
    ///
    /// ```swift
    /// print(Promise(5))                      // Promise<Int>(fulfilled: 5)
    /// print(Promise<Int>.pending().promise)  // Promise<Int>(pending)
    /// ```
    public var description: String {
        let snapshot = core.snapshot()
        return "\(snapshot.typeName)(\(snapshot.stateText(reflecting: false)))"
    }

    /// The state with values and errors as `debugPrint` shows them, the observers of a pending
    /// promise, and, in debug builds, where the promise (or the head of its chain) was made: what
    /// LLDB's `po` and test failure messages show.
    ///
    /// ```swift
    /// debugPrint(promise)   // Promise<String>(pending, 1 observer, created at App/Feed.swift:12)
    /// ```
    public var debugDescription: String {
        let snapshot = core.snapshot()
        var parts = [snapshot.stateText(reflecting: true)]
        if case .pending = snapshot.state {
            parts.append(snapshot.observers == 1 ? "1 observer" : "\(snapshot.observers) observers")
        }
        if let origin = snapshot.origin { parts.append("created at \(origin)") }
        return "\(snapshot.typeName)(\(parts.joined(separator: ", ")))"
    }

    /// For `dump` and debuggers: the state, the value or error, and what a pending promise waits on.
    public var customMirror: Mirror {
        let snapshot = core.snapshot()
        var children: [(label: String?, value: Any)] = []
        switch snapshot.state {
        case .pending:
            children.append(("state", "pending"))
            children.append(("observers", snapshot.observers))
            if snapshot.wakeUps > 0 { children.append(("awaitedBy", "\(snapshot.wakeUps) Task(s) or wait()")) }
            if let queue = snapshot.neededQueue { children.append(("settlesOn", queue)) }
        case .fulfilled(let value):
            children.append(("state", "fulfilled"))
            children.append(("value", value))
        case .rejected(let error):
            children.append(("state", "rejected"))
            children.append(("error", error))
        case .cancelled:
            children.append(("state", "cancelled"))
        }
        if let origin = snapshot.origin { children.append(("createdAt", origin)) }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}

extension PromiseSnapshot {
    /// `pending`, `fulfilled: 5`, `rejected: …` or `cancelled`.
    func stateText(reflecting: Bool) -> String {
        let show: (Any) -> String = { reflecting ? String(reflecting: $0) : String(describing: $0) }
        switch state {
        case .pending: return "pending"
        case .fulfilled(let value): return "fulfilled: \(show(value))"
        case .rejected(let error): return "rejected: \(show(error))"
        case .cancelled: return "cancelled"
        }
    }
}
