import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` on `(A?, B?, Error?)` handlers, URLSession's shape: the async version returns both
/// values as a tuple. And which values a handler may be given as known to be there.
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
                        completion(Page(items: [text]), Meta(total: 1), nil)
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
                        return (Page(items: [text]), Meta(total: 1))
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

    /// `Type(…)` of a codebase type answers the type, unless an `init?` takes those arguments (its own, or a
    /// protocol extension's) or it is an enum's implicit `init?(rawValue:)`.
    @Test func aCodebaseTypesInitializerIsKnownToAnswerAValue() throws {
        let (stderr, text) = try convert(
            """
            struct User: Sendable { let name: String }
            struct Tag: Sendable {
                let text: String
                init?(text: String, strict: Bool = false) {
                    guard !text.isEmpty else { return nil }
                    self.text = text
                }
            }
            enum Color: String, Sendable { case red }
            final class Api: Sendable {
                let store = Store()
                func user(id: Int, completion: @escaping @Sendable (User?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, error) }
                        completion(User(name: text), nil)
                    }
                }
                func tag(id: Int, completion: @escaping @Sendable (Tag?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, error) }
                        completion(Tag(text: text), nil)
                    }
                }
                func color(id: Int, completion: @escaping @Sendable (Color?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, error) }
                        completion(Color(rawValue: text), nil)
                    }
                }
            }
            """)
        #expect(text.contains("        return User(name: text)\n"), "\(text)")
        #expect(stderr.contains("tag(id:completion:): it passes `Tag(text: text)` with no error"), "\(stderr)")
        #expect(stderr.contains("color(id:completion:): it passes `Color(rawValue: text)` with no error"), "\(stderr)")
    }

    /// `record.name.count`: a property of the standard library's that is never nil, reached without `?.`;
    /// unless the codebase declares one of that name optional.
    @Test func aStandardPropertyReachedWithoutOptionalChainingIsAValue() throws {
        let (stderr, _) = try convert(
            """
            struct Shelf: Sendable { var count: Int? }
            final class Api: Sendable {
                let store = Store()
                func length(id: Int, completion: @escaping @Sendable (String?, Int?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, nil, error) }
                        completion(text, text.utf8.count, nil)
                    }
                }
            }
            """)
        #expect(stderr.contains("it passes `text.utf8.count` with no error, and it may be nil"), "\(stderr)")
        let (plainErrors, plain) = try convert(
            """
            final class Api: Sendable {
                let store = Store()
                func length(id: Int, completion: @escaping @Sendable (String?, Int?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else { return completion(nil, nil, error) }
                        completion(text, text.utf8.count, nil)
                    }
                }
            }
            """)
        #expect(plainErrors.contains("1 function(s) converted"), "\(plainErrors)")
        #expect(plain.contains("        return (text, text.utf8.count)\n"), "\(plain)")
    }
}
