import SwiftSyntax

/// The condition under which a `#if` clause's code is compiled.
enum IfConfigCondition {
    /// `X` for `#if X`; `!(X) && Y` for `#elseif Y` after `#if X`; `!(X) && !(Y)` for the `#else`.
    static func condition(of clause: IfConfigClauseSyntax) -> String {
        var earlier: [String] = []
        if let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) {
            for other in clauses {
                if other.id == clause.id { break }
                if let condition = other.condition { earlier.append("!(\(condition.trimmedDescription))") }
            }
        }
        if let condition = clause.condition {
            let own = condition.trimmedDescription
            return earlier.isEmpty ? own : (earlier + ["(\(own))"]).joined(separator: " && ")
        }
        return earlier.isEmpty ? "true" : earlier.joined(separator: " && ")
    }
}
