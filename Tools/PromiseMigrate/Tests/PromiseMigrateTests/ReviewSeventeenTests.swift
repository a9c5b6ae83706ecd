import Foundation
import PromiseMigrateKit
import Testing

/// The seventeenth review's conversions that did not compile: an async name that a subclass's method
/// with other labels shares, a static async name that an enum case shares, and a `Result` local that a
/// codebase's own `Result` hides.
@Suite struct ReviewSeventeenTests {
    static let store = """
        import Foundation
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "v\\(id)" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping @Sendable (Swift.Result<String, Error>) -> Void) {}
        }
        """

    /// `Sub.fetch(id:handler:)` overrides nothing, but both async versions would be `fetch(id:)`: the
    /// subclass's would need `override`, and would then take the superclass's calls.
    @Test func aSubclassMethodWithOtherLabelsTakesTheAsyncName() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            class Base: @unchecked Sendable {
                let store = Store()
                func fetch(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { r in completion(r.map { $0 + "b" }) }
                }
            }
            final class Sub: Base, @unchecked Sendable {
                func fetch(id: Int, handler: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { r in handler(r.map { $0 + "s" }) }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("fetch(id:completion:): `fetch(id:handler:)` is declared already (Sub"))
        #expect(stderr.contains("fetch(id:handler:): `fetch(id:completion:)` is declared already (Base"))
        #expect(!text.contains("async"))
    }

    /// `case run(id: Int)` and `static func run(id:) async` make `run(id: 1)` ambiguous; an instance
    /// method of the same name is reached through a value and converts.
    @Test func aStaticMethodNamedLikeACaseIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            enum Cmd: Sendable {
                case run(id: Int)
                static func run(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    Store().load(id: id) { r in completion(r.map { $0 + "e" }) }
                }
                func run(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    Store().load(id: id) { r in completion(r.map { $0 + "i" }) }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("run(id:completion:): `Cmd` has a case named `run`"))
        #expect(!text.contains("static func run(id: Int) async"))
        #expect(text.contains("    func run(id: Int) async throws -> String {"))
    }

    /// A codebase's own one-parameter `Result` must not take the generated local's type.
    @Test func theResultLocalIsTheStandardLibrarys() throws {
        let (_, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let store = Store()
                func count(id: Int, completion: @escaping @Sendable (Swift.Result<Int, Error>) -> Void) {
                    store.load(id: id) { r in completion(r.map { $0.count }) }
                }
            }
            """, beside: ["Store.swift": Self.store, "Result.swift": "enum Result<Value> { case success(Value) }"])
        #expect(text.contains("        let r: Swift.Result<String, any Error>\n"))
    }
}
