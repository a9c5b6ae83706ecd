/// How many square brackets open in a row in source text (`[[[`, `[ ( [`: nothing but parentheses and
/// spaces between them).
///
/// swift-syntax's parser looks ahead at each `[` for a type (`[[Int]]()`), and where the next `[` or `(`
/// follows at once, its lookahead backtracks through all of them: `[[[…1]]]` or `[([(…1)])]` takes time
/// exponential in their number (20 of `[`: 1 s; 22 of `[(`: 40 s). Real code opens a few at once; a file
/// past `limit` is skipped with a diagnostic instead of hanging the run.
enum BracketDepth {
    /// The most `[` read in one run of openers; a file with more is skipped.
    static let limit = 16

    /// The most `[` in one run of `[`, `(` and white space in `bytes` (UTF-8 Swift source).
    static func deepest(in bytes: [UInt8]) -> Int {
        var run = 0
        var deepest = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "["):
                run += 1
                deepest = max(deepest, run)
            case UInt8(ascii: "("), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                run = 0
            }
        }
        return deepest
    }
}
