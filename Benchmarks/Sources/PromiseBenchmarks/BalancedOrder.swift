/// The order of a workload's contenders in one repetition: a row of a balanced Latin square (a
/// Williams design). Over every `count` repetitions (`2 * count` for an odd count) each contender runs
/// first equally often and right after each other contender equally often.
///
/// A fixed order is not neutral on cross-thread workloads: a contender inherits where the kernel left
/// the benchmark's threads, and keeps it for its whole measurement. In the fixed order, whichever
/// contender ran right after NIO gained about 20 % unpinned (Docs/Performance.md, "The contenders'
/// order").
///
/// For 4 contenders: `[0, 1, 3, 2]`, `[1, 2, 0, 3]`, `[2, 3, 1, 0]`, `[3, 0, 2, 1]`, then again.
func balancedOrder(of count: Int, repetition: Int) -> [Int] {
    precondition(count > 0 && repetition >= 0)
    // First row 0, 1, n-1, 2, n-2, …; row r adds r to each; an odd count also needs the rows reversed.
    let firstRow = (0..<count).map { step in step % 2 == 1 ? (step + 1) / 2 : (count - step / 2) % count }
    let shift = repetition % count
    let row = firstRow.map { ($0 + shift) % count }
    return count % 2 == 1 && (repetition / count) % 2 == 1 ? row.reversed() : row
}
