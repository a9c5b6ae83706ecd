import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` on `(A?, B?, Error?)` handlers, URLSession's shape: the async version returns both
/// values as a tuple.
@Suite struct TwoValueHandlerTests {
    static let store = """
        import Foundation
        enum ApiError: Error { case empty }
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {}
        }
        """

    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code, beside: ["Store.swift": Self.store])
    }

    @Test func bothValuesAreReturnedAndTheWrapperPassesThemOn() throws {
        let (stderr, text) = try convert(
            """
            struct Page: Sendable { let items: [String] }
            struct Meta: Sendable { let total: Int }
            final class Api: Sendable {
                let store = Store()
                func page(id: Int, completion: @escaping @Sendable (Page?, Meta?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        if let error {
                            completion(nil, nil, error)
                            return
                        }
                        guard let text else {
                            completion(nil, nil, ApiError.empty)
                            return
                        }
                        let page: Page = Page(items: [text])
                        let meta: Meta = Meta(total: 1)
                        completion(page, meta, nil)
                    }
                }
                func firstPage(completion: @escaping @Sendable (Page?, Meta?, Error?) -> Void) {
                    page(id: 0, completion: completion)
                }
            }
            """)
        #expect(stderr.contains("2 function(s) converted in 2 round(s)"), "\(stderr)")
        #expect(
            text.contains(
                """
                    func page(id: Int) async throws -> (Page, Meta) {
                        let text = try await store.load(id: id)
                        let page: Page = Page(items: [text])
                        let meta: Meta = Meta(total: 1)
                        return (page, meta)
                    }
                """), "\(text)")
        #expect(
            text.contains(
                """
                            do {
                                let value = try await firstPage()
                                completion(value.0, value.1, nil)
                            } catch {
                                completion(nil, nil, error)
                            }
                """), "\(text)")
        #expect(text.contains("        return try await page(id: 0)\n"), "\(text)")
    }

    @Test func aValueThatMayBeMissingOrBesideAnErrorIsRefused() throws {
        let (stderr, _) = try convert(
            """
            import Foundation
            final class Api: Sendable {
                let store = Store()
                func raw(id: Int, completion: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, nil, error) }
                        completion(text.data(using: .utf8), URLResponse(), nil)
                    }
                }
                func both(id: Int, completion: @escaping @Sendable (String?, Int?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, nil, error) }
                        completion(text, 1, ApiError.empty)
                    }
                }
            }
            """)
        #expect(stderr.contains("raw(id:completion:): it passes `text.data(using: .utf8)` with no error"), "\(stderr)")
        #expect(stderr.contains("both(id:completion:): it passes a value and an error"), "\(stderr)")
    }

    /// `nil` for one value, an error that is a property of a value (it may be nil), a caller whose closure takes
    /// the two values: each refused with its own reason.
    @Test func whatCannotBeExpressedIsRefusedWithItsReason() throws {
        let (stderr, _) = try convert(
            """
            final class Box: Sendable { let lastError: Error? = nil }
            final class Api: Sendable {
                let store = Store()
                let box = Box()
                func half(id: Int, completion: @escaping @Sendable (String?, Int?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, nil, error) }
                        completion(nil, text.count, nil)
                    }
                }
                func last(id: Int, completion: @escaping @Sendable (String?, Int?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, nil, self.box.lastError) }
                        let size: Int = text.count
                        completion(text, size, nil)
                    }
                }
            }
            """)
        #expect(stderr.contains("half(id:completion:): it passes `nil` for a value with no error"), "\(stderr)")
        #expect(
            stderr.contains("last(id:completion:): it passes `self.box.lastError` as the error, and the tool cannot tell that it is never"),
            "\(stderr)")
    }

    @Test func aCallersClosureOverTwoValuesIsRefusedWithItsReason() throws {
        let (stderr, _) = try convert(
            """
            final class Api: Sendable {
                func pair(id: Int) async throws -> (String, Int) { ("", 0) }
                @available(*, renamed: "pair(id:)")
                func pair(id: Int, completion: @escaping @Sendable (String?, Int?, Error?) -> Void) {}
                func size(id: Int, completion: @escaping @Sendable (Int?, Error?) -> Void) {
                    pair(id: id) { text, size, error in
                        completion(size, error)
                    }
                }
                func handedOn(id: Int, completion: @escaping @Sendable (String?, Int?, Error?) -> Void) throws {
                    try check()
                    try pair(id: id, completion: completion)
                }
                func check() throws {}
            }
            """)
        #expect(stderr.contains("size(id:completion:): its closure takes two values and an error"), "\(stderr)")
        #expect(
            stderr.contains("handedOn(id:completion:): the handler is handed to `pair`, called under `try`"),
            "\(stderr)")
    }
}
