@_spi(RawSyntax) import SwiftSyntax

/// How deeply a parsed file's syntax tree nests.
///
/// swift-syntax parses a chain of calls (`x.map { }.map { }…`) in a loop, but builds it as a tree as deep
/// as the chain is long, and then walks that tree by recursion (locating lines, visiting, printing): a
/// chain of 50,000 calls overflowed the main thread's 8 MiB stack, and 1,500 (3,000 levels) a 512 KiB
/// one, the size of macOS's worker threads. Real code nests less than 100 levels (76 at most in the
/// 25 codebases tried, swift-syntax, swift-nio and swift-collections); a file past `limit` is skipped
/// with a diagnostic instead of crashing the run.
enum SyntaxDepth {
    /// The deepest tree read; a file with a deeper one is skipped.
    static let limit = 1_000

    /// Whether `tree` is deeper than `limit`: walked without recursion, on the raw nodes (no allocation).
    static func exceedsLimit(_ tree: some SyntaxProtocol) -> Bool {
        var pending: [(RawSyntax, Int)] = [(tree.raw, 1)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return true }
            guard let layout = node.layoutView else { continue }
            for child in layout.children {
                if let child { pending.append((child, depth + 1)) }
            }
        }
        return false
    }
}
