import Foundation

/// A model class as legacy code has them: mutable, and not `Sendable`.
public final class User {
    public let id: Int
    public var name: String
    public var friendIDs: [Int]

    public init(id: Int, name: String, friendIDs: [Int] = []) {
        self.id = id
        self.name = name
        self.friendIDs = friendIDs
    }
}

public enum LegacyError: Error, Equatable {
    case notFound(id: Int)
    case offline
}
