import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` on callback overloads that differ only in their handler (Swift-Kuery-ORM's
/// `executeQuery(query:parameters:using:_:)`, passing `Self`, `[Self]`, `(I, Self)` or only an error): their
/// async versions differ only in what they return, so every call the tool writes says which (`as [Item]`).
@Suite struct ResultOverloadTests {
    /// Two async `load(id:)` that differ only in what they return, and the callback they serve.
    static let store = """
        import Foundation
        enum ApiError: Error { case empty }
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "" }
            func load(id: Int) async throws -> Int { 0 }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {}
        }
        """

    static let overloads = """
        protocol Identifier: Sendable { init(_ text: String) }
        struct Item: Sendable { let text: String }
        final class Api: Sendable {
            let store = Store()
            func fetch(id: Int, completion: @escaping @Sendable (Item?, Error?) -> Void) {
                store.load(id: id) { text, error in
                    guard let text else {
                        completion(nil, error ?? ApiError.empty)
                        return
                    }
                    let item: Item = Item(text: text)
                    completion(item, nil)
                }
            }
            func fetch(id: Int, completion: @escaping @Sendable ([Item]?, Error?) -> Void) {
                store.load(id: id) { text, error in
                    guard let text else {
                        completion(nil, error ?? ApiError.empty)
                        return
                    }
                    completion([Item(text: text)], nil)
                }
            }
            func fetch<I: Identifier>(id: Int, completion: @escaping @Sendable (I?, Item?, Error?) -> Void) {
                store.load(id: id) { text, error in
                    guard let text else {
                        completion(nil, nil, error ?? ApiError.empty)
                        return
                    }
                    let identifier: I = I(text)
                    let item: Item = Item(text: text)
                    completion(identifier, item, nil)
                }
            }
            func fetch(id: Int, completion: @escaping @Sendable (Error?) -> Void) {
                store.load(id: id) { text, error in
                    guard let text else {
                        completion(error ?? ApiError.empty)
                        return
                    }
                    print(text)
                    completion(nil)
                }
            }
        }
        """

    @Test func overloadsByTheirHandlersValueAllConvertAndTheirWrappersSayWhichTheyCall() throws {
        let (stderr, text) = try convertFunctions(Self.overloads, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("4 function(s) converted in 1 round(s), 0 refused"), "\(stderr)")
        for returned in [" -> Item {", " -> [Item] {", " -> (I, Item) {", " {"] {
            #expect(text.contains("(id: Int) async throws\(returned)\n"), "\(returned): \(text)")
        }
        // The generic parameter that appears only in the handler is named by the result.
        #expect(text.contains("func fetch<I: Identifier>(id: Int) async throws -> (I, Item) {"), "\(text)")
        for call in ["as Item", "as [Item]", "as (I, Item)"] {
            #expect(text.contains("let value = try await fetch(id: id) \(call)\n"), "\(call): \(text)")
        }
        #expect(text.contains("try await fetch(id: id) as Void\n"), "\(text)")
    }

    @Test func aCalleeWithAsyncOverloadsByResultIsCalledWithItsValuesType() throws {
        let (stderr, text) = try convertFunctions(Self.overloads, beside: ["Store.swift": Self.store])
        #expect(!stderr.contains("name taken"), "\(stderr)")
        // `Store.load(id:)` returns `String` or `Int`: the handler's `String` picks one.
        #expect(text.contains("text = try await store.load(id: id) as String\n"), "\(text)")
        #expect(!text.contains("try await store.load(id: id)\n"), "\(text)")
    }

    @Test func overloadsWithTheSameValueStillClash() throws {
        let (stderr, _) = try convertFunctions(
            """
            final class Api: Sendable {
                let store = Store()
                func title(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else {
                            completion(nil, error ?? ApiError.empty)
                            return
                        }
                        completion(text, nil)
                    }
                }
                func title(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else {
                            completion(.failure(error ?? ApiError.empty))
                            return
                        }
                        completion(.success(text))
                    }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("0 function(s) converted"), "\(stderr)")
        #expect(stderr.contains("2 name taken"), "\(stderr)")
    }
}
