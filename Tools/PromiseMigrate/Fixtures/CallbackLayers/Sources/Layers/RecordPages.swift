import Foundation

/// Layer 1 and 2: pages of names, where an entry `@n` stands for the names of page `n`. The two readers
/// call each other, so they convert together, in one round; a count hops onto the queue with `sync`;
/// and a caller leaves out a defaulted argument, which the async version defaults alike.
public final class RecordPages: Sendable {
    let pages: [[String]]
    let queue = DispatchQueue(label: "layers.pages")

    /// Pages of names, the first one page 0.
    public init(pages: [[String]]) {
        self.pages = pages
    }

    /// The names on page `index` (its first `limit` entries), the pages it names read in turn.
    public func names(
        onPage index: Int, limit: Int = 10, completion: @escaping @Sendable (Result<[String], LookupError>) -> Void
    ) {
        guard pages.indices.contains(index) else { return completion(.failure(.notFound(index))) }
        names(of: pages[index].prefix(limit), into: [], completion: completion)
    }

    /// `names(onPage:)`'s entries, one at a time, appended to `found`.
    func names(
        of entries: ArraySlice<String>, into found: [String],
        completion: @escaping @Sendable (Result<[String], LookupError>) -> Void
    ) {
        guard let entry = entries.first else { return completion(.success(found)) }
        guard entry.hasPrefix("@"), let page = Int(entry.dropFirst()) else {
            return names(of: entries.dropFirst(), into: found + [entry], completion: completion)
        }
        names(onPage: page) { result in
            switch result {
            case .success(let more):
                self.names(of: entries.dropFirst(), into: found + more, completion: completion)
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// The names on the page an entry `@n` stands for. Throws `notFound(-1)`, before it reads anything,
    /// for an entry that names no page; its async version throws that and what the page's reading throws.
    public func names(
        ofEntry entry: String, completion: @escaping @Sendable (Result<[String], LookupError>) -> Void
    ) throws {
        guard entry.hasPrefix("@"), let page = Int(entry.dropFirst()) else { throw LookupError.notFound(-1) }
        names(onPage: page, completion: completion)
    }

    /// How many pages there are, counted on the queue.
    public func pageCount(completion: @escaping @Sendable (Int) -> Void) {
        queue.sync {
            completion(self.pages.count)
        }
    }

    /// Layer 2: the first two names of the first page.
    public func firstNames(completion: @escaping @Sendable (Result<[String], LookupError>) -> Void) {
        names(onPage: 0) { result in
            switch result {
            case .success(let names):
                completion(.success(Array(names.prefix(2))))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
