import Foundation

public struct Session: Equatable {
    public let user: String
    public let token: String

    public init(user: String, token: String) {
        self.user = user
        self.token = token
    }
}

public struct Profile: Equatable, Codable {
    public let name: String
    public let plan: String

    public init(name: String, plan: String) {
        self.name = name
        self.plan = plan
    }
}

public enum LoginError: Error, Equatable {
    case emptyUser
    case badCredentials
    case server(Int)
}

/// A thread-safe log of what the service did, for the tests.
public final class ActivityLog {
    private let lock = NSLock()
    private var lines: [String] = []

    public init() {}

    public func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    public var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
