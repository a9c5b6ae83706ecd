#!/usr/bin/env python3
"""Writes a synthetic callback codebase for timing `promise-migrate report` on a big tree.

usage: make-tree.py DIR [FILES]   (default 5,000 files, 100 per module folder)

Files cycle through four kinds (callback, promise, mixed, async), with calls between files so that
name resolution and the next-step rule see a realistic load, plus ordinary model code: about 100 lines
a file, 500,000 in all.
"""
import os
import sys

CALLBACK = '''import Foundation

/// Legacy service {i}.
final class Service{i}: @unchecked Sendable {{
    private let queue = DispatchQueue(label: "service.{i}")
    private var cache: [Int: String] = [:]

    func fetchItem{i}(id: Int, completion: @escaping @Sendable (String?, (any Error)?) -> Void) {{
        queue.async {{
            if id < 0 {{
                completion(nil, NSError(domain: "service", code: id))
            }} else {{
                completion("item \\(id)", nil)
            }}
        }}
    }}

    func fetchAll{i}(page: Int, completionHandler: @escaping @Sendable (Result<[String], any Error>) -> Void) {{
        queue.async {{ completionHandler(.success((0..<page).map {{ "row \\($0)" }})) }}
    }}

    func save{i}(_ value: String, completion: @escaping @Sendable ((any Error)?) -> Void) {{
        queue.async {{ completion(nil) }}
    }}

    func count{i}(completion: @escaping @Sendable (Int) -> Void) {{
        DispatchQueue.main.async {{ completion(42) }}
    }}

    func reset{i}(_ done: @escaping @Sendable () -> Void) {{
        queue.async {{ done() }}
    }}

    func download{i}(_ url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) {{
        completionHandler(Data(), nil, nil)
    }}

    func describe(_ value: Int) -> String {{
        switch value {{
        case 0: return "zero"
        case 1: return "one"
        default: return "many"
        }}
    }}

    func refresh{i}() {{
        fetchItem{i}(id: {i}) {{ item, error in
            if let item {{ print(item) }}
            if let error {{ print(error) }}
        }}
        count{i} {{ print($0) }}
    }}
}}
'''

PROMISE = '''import Foundation
import PromiseAsync

/// Promise facades over service {p}.
final class Repository{i}: Sendable {{
    private let service = Service{p}()

    func item(id: Int) -> Promise<String> {{
        Promise(wrapping: {{ service.fetchItem{p}(id: id, completion: $0) }})
    }}

    func all(page: Int) -> Promise<[String]> {{
        Promise(wrapping: {{ service.fetchAll{p}(page: page, completionHandler: $0) }})
    }}

    func save(_ value: String) -> Promise<Void> {{
        Promise(wrapping: {{ service.save{p}(value, completion: $0) }})
    }}

    func summary{i}() -> Promise<String> {{
        Promise.all(item(id: 1), all(page: 2))
            .map {{ first, rest in "\\(first) and \\(rest.count) more" }}
            .timeout(.seconds(5))
    }}

    func blockingSummary{i}() -> String {{
        (try? summary{i}().wait(timeout: .seconds(1))) ?? ""
    }}
}}
'''

MIXED = '''import Foundation
import PromiseAsync

/// A facade half migrated: callbacks, promises and async code side by side.
final class Facade{i}: Sendable {{
    private let repository = Repository{q}()

    func title{i}(id: Int) async throws -> String {{
        try await repository.item(id: id).value.uppercased()
    }}

    func title{i}(id: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {{
        Promise {{ try await self.title{i}(id: id) }}.whenComplete(completion)
    }}

    func show{i}(id: Int, completion: @escaping @MainActor @Sendable (String) -> Void) {{
        repository.item(id: id).then(on: .main) {{ completion($0) }}
    }}

    func titles{i}(ids: [Int]) async throws -> [String] {{
        var titles: [String] = []
        for id in ids {{
            titles.append(try await title{i}(id: id))
        }}
        return titles
    }}
}}
'''

ASYNC = '''import Foundation
import PromiseAsync

/// A screen written with async/await.
struct Screen{i} {{
    let repository = Repository{q}()

    func load{i}() async throws -> [String] {{
        async let first = repository.item(id: 1).value
        async let page = repository.all(page: 3).value
        return try await [first] + page
    }}

    func refresh{i}() async {{
        do {{
            let items = try await load{i}()
            print(items.count)
        }} catch {{
            print("failed: \\(error)")
        }}
    }}

    func run{i}() {{
        Task {{ await refresh{i}() }}
    }}
}}
'''

# Ordinary code every file also has (models, formatting, validation), so that files are about 100 lines
# long, as app code is, and the parser sees the usual mix of declarations, statements and literals.
COMMON = '''
/// A value the feature shows.
struct Row{i}: Hashable, Sendable, Codable {{
    enum Status: String, Codable, CaseIterable {{
        case draft, published, archived
    }}

    let id: Int
    var title: String
    var status: Status = .draft
    var tags: [String] = []

    /// The title as shown in lists, at most `limit` characters.
    func displayTitle(limit: Int = 40) -> String {{
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count > limit else {{ return trimmed }}
        return String(trimmed.prefix(limit - 1)) + "…"
    }}

    var isVisible: Bool {{
        switch status {{
        case .published: return true
        case .draft, .archived: return false
        }}
    }}
}}

extension Row{i} {{
    /// Rows sorted for display: published first, then by title.
    static func sorted(_ rows: [Row{i}]) -> [Row{i}] {{
        rows.sorted {{ lhs, rhs in
            if lhs.isVisible != rhs.isVisible {{ return lhs.isVisible }}
            return lhs.title.localizedCompare(rhs.title) == .orderedAscending
        }}
    }}

    static func validate(_ row: Row{i}) throws {{
        if row.title.isEmpty {{
            throw ValidationError{i}.emptyTitle
        }}
        if row.tags.count > 10 {{
            throw ValidationError{i}.tooManyTags(row.tags.count)
        }}
    }}

    var summary: String {{
        let tagList = tags.isEmpty ? "no tags" : tags.joined(separator: ", ")
        return "#\\(id) \\(displayTitle()) [\\(status.rawValue)] (\\(tagList))"
    }}
}}

enum ValidationError{i}: Error, Equatable {{
    case emptyTitle
    case tooManyTags(Int)
}}
'''

TEMPLATES = [CALLBACK, PROMISE, MIXED, ASYNC]


def main():
    root = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    for i in range(count):
        module = os.path.join(root, f"Module{i // 100:03d}")
        os.makedirs(module, exist_ok=True)
        kind = i % 4
        # Promise files wrap the callback file just before them; later kinds use those repositories.
        text = TEMPLATES[kind].format(i=i, p=i - kind + 0, q=i - kind + 1) + COMMON.format(i=i)
        with open(os.path.join(module, f"File{i:05d}.swift"), "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
