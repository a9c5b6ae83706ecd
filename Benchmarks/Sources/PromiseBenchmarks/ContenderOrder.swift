/// The order of a workload's contenders, one repetition after another, chosen so that each contender
/// runs right after each other one as evenly as the counts allow, from one repetition into the next
/// too: each repetition takes the order whose successions have been used least so far.
///
/// A fixed order is not neutral on cross-thread workloads: a contender inherits where the kernel left
/// the benchmark's threads, and keeps it through its whole measurement (a warm-up of its own did not
/// reset it). In the fixed order, whichever contender ran right after NIO gained about 20 % unpinned
/// (Docs/Performance.md, "The contenders' order").
///
/// With 4 contenders and 15 repetitions each ordered pair follows on 4 to 6 times; with 3 and 7, 3 or
/// 4 times. Deterministic: the same counts give the same orders.
struct ContenderOrder {
    private let count: Int
    /// Every order of up to 7 contenders; for more, the rotations of the list and of its reverse.
    private let candidates: [[Int]]
    /// `follows[a][b]`: how often contender `b` ran right after contender `a`.
    private var follows: [[Int]]
    private var last: Int?

    /// - Parameter last: the contender that ran just before the first repetition (the warm-up's last).
    init(count: Int, after last: Int?) {
        self.count = count
        self.last = last
        follows = Array(repeating: Array(repeating: 0, count: count), count: count)
        let identity = Array(0..<count)
        if count <= 7 {
            candidates = Self.permutations(of: identity)
        } else {
            let rotations = { (list: [Int]) in (0..<count).map { Array(list[$0...] + list[..<$0]) } }
            candidates = rotations(identity) + rotations(identity.reversed())
        }
    }

    /// The next repetition's order: indices into the contender list, each once.
    mutating func next() -> [Int] {
        guard let best = candidates.min(by: { cost($0) < cost($1) }) else { return [] }
        if let last { follows[last][best[0]] += 1 }
        for (a, b) in zip(best, best.dropFirst()) { follows[a][b] += 1 }
        last = best.last
        return best
    }

    /// Successions the order would add, weighted by their use so far; a contender running twice in a
    /// row is never chosen while another order exists.
    private func cost(_ order: [Int]) -> Int {
        guard let first = order.first else { return 0 }
        var total = zip(order, order.dropFirst()).reduce(0) { $0 + follows[$1.0][$1.1] }
        if let last { total += last == first ? Int.max / 2 : follows[last][first] }
        return total
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
