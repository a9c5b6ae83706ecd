/// The order of a workload's contenders, one repetition after another, chosen so that each contender
/// runs right after each other one nearly evenly, from one repetition into the next too (the
/// warm-up's last contender counts as the first one's predecessor). A greedy choice: each repetition
/// takes the order whose successions have been used least so far (for more than 7 contenders, built one
/// place at a time).
///
/// A fixed order is not neutral on cross-thread workloads: a contender inherits where the kernel left
/// the benchmark's threads, and keeps it through its whole measurement (a warm-up of its own did not
/// reset it). In the fixed order, the contender that ran right after NIO gained 10–20 % unpinned
/// (Docs/Performance.md, "The contenders' order").
///
/// With 4 contenders and 15 repetitions each ordered pair follows on 4 to 6 times; with 3 and 7, 3 or
/// 4 times; with 8 and 15, 1 to 4 times (2.1 on average). Deterministic: the same counts give the same
/// orders.
struct ContenderOrder {
    private let count: Int
    /// Every order of up to 7 contenders (5,040); none for more.
    private let candidates: [[Int]]
    /// `follows[a][b]`: how often contender `b` ran right after contender `a`.
    private var follows: [[Int]]
    private var last: Int?

    /// - Parameter last: the contender that ran just before the first repetition (the warm-up's last).
    init(count: Int, after last: Int?) {
        self.count = count
        self.last = last
        follows = Array(repeating: Array(repeating: 0, count: count), count: count)
        candidates = count <= 7 ? Self.permutations(of: Array(0..<count)) : []
    }

    /// The next repetition's order: indices into the contender list, each once.
    mutating func next() -> [Int] {
        let best = candidates.min(by: { cost($0) < cost($1) }) ?? placeByPlace()
        if let last, let first = best.first { follows[last][first] += 1 }
        for (a, b) in zip(best, best.dropFirst()) { follows[a][b] += 1 }
        last = best.last
        return best
    }

    /// Successions the order would add, weighted by their use so far; a contender running twice in a
    /// row is never chosen while another order exists.
    private func cost(_ order: [Int]) -> Int {
        guard let first = order.first else { return 0 }
        return zip(order, order.dropFirst()).reduce(successionCost(last, first)) { $0 + follows[$1.0][$1.1] }
    }

    /// An order built one place at a time: each place takes the contender that has followed the one
    /// before it least (never the one before it while another is left).
    private func placeByPlace() -> [Int] {
        var left = Array(0..<count)
        var order: [Int] = []
        var previous = last
        while let next = left.min(by: { successionCost(previous, $0) < successionCost(previous, $1) }) {
            order.append(next)
            left.removeAll { $0 == next }
            previous = next
        }
        return order
    }

    private func successionCost(_ previous: Int?, _ next: Int) -> Int {
        guard let previous else { return 0 }
        return previous == next ? Int.max / 2 : follows[previous][next]
    }

    private static func permutations(of list: [Int]) -> [[Int]] {
        guard let first = list.first else { return [[]] }
        return permutations(of: Array(list.dropFirst())).flatMap { rest in
            (0...rest.count).map { position in
                var order = rest
                order.insert(first, at: position)
                return order
            }
        }
    }
}
