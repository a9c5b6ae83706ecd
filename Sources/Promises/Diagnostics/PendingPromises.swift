import Foundation

/// The promises still pending, as a tree: the promise-world counterpart of
/// `swift-inspect dump-concurrency`, for a screen that hangs somewhere in mixed callback and async code.
///
/// Each root is a pending promise that waits on no other pending promise: what should settle it is
/// outside the chain (its resolver, a legacy callback, a queue, a Task). Under it, indented, the
/// promises that wait on it, down to what finally observes them (an awaiting Task or `wait()`).
///
/// ```swift
/// print(PendingPromises.report())
/// // 2 pending promises
/// // Promise<Data> #1 created at App/FeedLoader.swift:12: waits for its resolver; 1 observer (1 promise below)
/// // └─ Promise<Feed> #2, a chain link (chain from App/FeedLoader.swift:12): waits on #1; 1 observer (1 awaiting
/// //    Task or wait())
/// ```
///
/// Tracking is on in debug builds, and in release builds run with `PROMISES_TRACK_PENDING=1`;
/// `PROMISES_TRACK_PENDING=0` turns it off. Creation sites are recorded in debug builds. In a debug
/// build, `PROMISES_PENDING_AT_EXIT=1` prints the report to standard error when the process exits.
public enum PendingPromises {
    /// Whether promises are being tracked (decided once, when the first promise is made).
    public static var isTracking: Bool { PromiseRegistry.isTracking }

    /// The pending promises as a tree (see the type's description); one line saying so when tracking
    /// is off.
    public static func report() -> String {
        guard isTracking else {
            return "Pending promises are not tracked: run with PROMISES_TRACK_PENDING=1 (or use a debug build)."
        }
        return PendingPromiseTree(PromiseRegistry.pendingSnapshots()).rendered()
    }

    /// The report on standard error, at exit (`PROMISES_PENDING_AT_EXIT=1`, debug builds).
    static func printReportAtExit() {
        FileHandle.standardError.write(Data(("Promises at exit: " + report() + "\n").utf8))
    }
}

/// The pending promises and who waits on whom, rendered as text.
struct PendingPromiseTree {
    private struct Node {
        let snapshot: PromiseSnapshot
        var number = 0
        var waitingOnThis: [ObjectIdentifier] = []
        var waitsOnPending: [ObjectIdentifier] = []
    }

    private var nodes: [ObjectIdentifier: Node] = [:]
    private var order: [ObjectIdentifier] = []

    init(_ snapshots: [(id: ObjectIdentifier, snapshot: PromiseSnapshot)]) {
        for (id, snapshot) in snapshots {
            guard nodes[id] == nil else { continue }
            nodes[id] = Node(snapshot: snapshot, number: order.count + 1)
            order.append(id)
        }
        for id in order {
            for upstream in nodes[id]!.snapshot.upstream where nodes[upstream] != nil {
                nodes[id]!.waitsOnPending.append(upstream)
                nodes[upstream]!.waitingOnThis.append(id)
            }
        }
    }

    /// Runs of more links than this, each the only promise waiting on the one before, are shortened.
    private static let longestRun = 6
    /// Deeper than this the indentation stops growing and each line says its depth, so a deep tree
    /// that no run shortens (a chain with a side branch at every link) stays linear in size.
    private static let deepestIndent = 40

    /// Iterative, so a chain of a million links cannot overflow the stack; a long run of links one
    /// after another shows its ends and how many lie between.
    func rendered() -> String {
        var lines = [order.count == 1 ? "1 pending promise" : "\(order.count) pending promises"]
        var shown: Set<ObjectIdentifier> = []
        // Roots first; then promises that only wait on each other (a cycle the library could not see).
        let roots = order.filter { nodes[$0]!.waitsOnPending.isEmpty }
        for start in roots + order {
            guard !shown.contains(start) else { continue }
            var stack = [(id: start, prefix: "", childPrefix: "", depth: 0)]
            while let (id, prefix, childPrefix, depth) = stack.popLast() {
                guard shown.insert(id).inserted else {
                    lines.append(prefix + "\(nodes[id]!.snapshot.typeName) #\(nodes[id]!.number) (shown above)")
                    continue
                }
                lines.append(prefix + line(for: nodes[id]!))
                var last = id
                var indent = childPrefix
                var depth = depth
                let run = linearRun(after: id)
                if run.count > Self.longestRun {
                    let deeper = { (text: String) in
                        depth += 1
                        lines.append(indent + "└─ " + (depth > Self.deepestIndent ? "[depth \(depth)] " : "") + text)
                        if depth <= Self.deepestIndent { indent += "   " }
                    }
                    for link in run.prefix(2) { deeper(line(for: nodes[link]!)) }
                    deeper("… \(run.count - 4) more, each waiting on the one before …")
                    for link in run.suffix(2) { deeper(line(for: nodes[link]!)) }
                    shown.formUnion(run)
                    last = run.last!
                }
                let children = nodes[last]!.waitingOnThis
                let childDepth = depth + 1
                for (index, child) in children.enumerated().reversed() {
                    let isLast = index == children.count - 1
                    if childDepth > Self.deepestIndent {
                        stack.append((child, indent + "└─ [depth \(childDepth)] ", indent, childDepth))
                    } else {
                        let branch = isLast ? ("└─ ", "   ") : ("├─ ", "│  ")
                        stack.append((child, indent + branch.0, indent + branch.1, childDepth))
                    }
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The promises after `id` that each are the only one waiting on the one before and wait on
    /// nothing else pending.
    private func linearRun(after id: ObjectIdentifier) -> [ObjectIdentifier] {
        var run: [ObjectIdentifier] = []
        var current = id
        while nodes[current]!.waitingOnThis.count == 1 {
            let next = nodes[current]!.waitingOnThis[0]
            // (Back at `id`: a cycle the library could not see.)
            guard nodes[next]!.waitsOnPending.count == 1, next != id else { break }
            run.append(next)
            current = next
        }
        return run
    }

    private func line(for node: Node) -> String {
        let snapshot = node.snapshot
        var text = "\(snapshot.typeName) #\(node.number)"
        if snapshot.isLink {
            text += ", a chain link" + (snapshot.origin.map { " (chain from \($0))" } ?? "")
        } else if let origin = snapshot.origin {
            text += " created at \(origin)"
        }
        text += ": " + waitsOn(node) + "; " + observedBy(node)
        return text
    }

    private func waitsOn(_ node: Node) -> String {
        let snapshot = node.snapshot
        if snapshot.isLazy { return "lazy, not started (nothing has observed it)" }
        if !node.waitsOnPending.isEmpty {
            return "waits on " + node.waitsOnPending.map { "#\(nodes[$0]!.number)" }.joined(separator: ", ")
        }
        if let queue = snapshot.neededQueue { return "waits for work queued on \"\(queue)\"" }
        // Every promise is tracked from the first one on, so an upstream that is not in the report
        // has settled: a link's step is on its way; anything else (a timer, a combinator) waits for
        // the work that settles it.
        if !snapshot.upstream.isEmpty {
            return snapshot.isLink ? "its upstream settled: its step runs next" : "what it waits on has settled"
        }
        return snapshot.isLink ? "waits for its step to run" : "waits for its resolver"
    }

    private func observedBy(_ node: Node) -> String {
        let snapshot = node.snapshot
        guard snapshot.observers > 0 else { return "nothing observes it" }
        var kinds: [String] = []
        if snapshot.wakeUps > 0 { kinds.append("\(snapshot.wakeUps) awaiting Task or wait()") }
        let links = node.waitingOnThis.count
        if links > 0 { kinds.append(links == 1 ? "1 promise below" : "\(links) promises below") }
        let others = snapshot.observers - snapshot.wakeUps - links
        if others > 0 { kinds.append(others == 1 ? "1 callback" : "\(others) callbacks") }
        let total = snapshot.observers == 1 ? "1 observer" : "\(snapshot.observers) observers"
        return total + " (" + kinds.joined(separator: ", ") + ")"
    }
}
