import Foundation

/// A user, as the legacy API returns it.
struct User: Sendable, Equatable {
    let id: Int
    var name: String
}

/// A photo.
struct Photo: Sendable, Equatable {
    let id: Int
    let data: Data
}

/// The legacy API's errors.
enum APIError: Error, Equatable {
    case notFound(Int)
    case offline
}

/// A mutable model class from before Swift concurrency: not `Sendable`, so no `Promise` can carry it.
final class LegacyProfile {
    var bio = ""
}

/// A handle a legacy API returns for work that can be stopped.
final class LegacyRequest: @unchecked Sendable {  // `cancelled` is only touched under `lock`
    private let lock = NSLock()
    private var cancelled = false

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
