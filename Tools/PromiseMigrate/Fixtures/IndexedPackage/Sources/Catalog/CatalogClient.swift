import Foundation

public struct Item: Sendable {
    public var id: Int
    public var title: String
}

public enum CatalogError: Error {
    case notFound
}

/// The callback API, with an async variant of the same name: only the compiler tells the calls apart.
public final class CatalogClient: @unchecked Sendable {
    public static let shared = CatalogClient()

    public func item(id: Int, completion: @escaping (Result<Item, Error>) -> Void) {
        completion(id > 0 ? .success(Item(id: id, title: "item \(id)")) : .failure(CatalogError.notFound))
    }

    public func item(id: Int) async throws -> Item {
        try await withCheckedThrowingContinuation { continuation in
            item(id: id) { continuation.resume(with: $0) }
        }
    }

    /// A callback API named like the synchronous `start()` of `Indexer` below.
    public func start(completion: @escaping () -> Void) {
        completion()
    }

    public func items(ids: [Int], queue: DispatchQueue = .main, completion: @escaping ([Item]) -> Void) {
        completion(ids.map { Item(id: $0, title: "item \($0)") })
    }
}

/// A type with a synchronous method of the same base name as a callback API.
public final class Indexer {
    public static let shared = Indexer()
    public func start() {}
}
