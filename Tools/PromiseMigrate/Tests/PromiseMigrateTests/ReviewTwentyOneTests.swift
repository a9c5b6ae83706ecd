import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` after reviews 21 and 22: a codebase's own `Error`, a `Result` built by a method
/// chain whose implicit members need the handler's type.
@Suite struct ReviewTwentyOneTests {
    /// `Repo.Error` is what `Error` names in `Repo`: the handler's failure is typed, and the generated
    /// `any Error` would be `Repo.Error` too. A type outside `Repo` still sees Swift's.
    @Test func aCodebasesOwnErrorTypeIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Repo: Sendable {
                enum Error: Swift.Error, Sendable { case notFound }
                let queue = DispatchQueue(label: "repo")
                func typed(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    queue.async { completion(id > 0 ? .success("x") : .failure(.notFound)) }
                }
            }
            extension Repo {
                func untyped(id: Int, completion: @escaping @Sendable (Result<String, Swift.Error>) -> Void) {
                    queue.async { completion(.success("y")) }
                }
            }
            final class Other: Sendable {
                let queue = DispatchQueue(label: "other")
                func plain(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    queue.async { completion(.success("z")) }
                }
            }
            """)
        #expect(stderr.contains("typed(id:completion:): the codebase declares `Repo.Error`, which `Error` names here"))
        #expect(stderr.contains("untyped(id:completion:): the codebase declares `Repo.Error`"))
        #expect(!text.contains("func typed(id: Int) async"))
        #expect(!text.contains("func untyped(id: Int) async"))
        #expect(text.contains("func plain(id: Int) async throws -> String {"))
    }

    /// `flatMapError { _ in .success(x) }` took its `NewFailure` from the handler's parameter type: the
    /// async version gives it the same type before `.get()`.
    @Test func aResultChainWithImplicitMembersKeepsTheHandlersType() throws {
        let (_, text) = try convertFunctions(
            """
            import Foundation
            final class Api: Sendable {
                func load(id: Int) async throws -> String { "" }
                @available(*, renamed: "load(id:)")
                func load(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {}
            }
            final class Client: Sendable {
                let api = Api()
                func recovered(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    api.load(id: id) { result in
                        completion(result.flatMapError { _ in .success("recovered") })
                    }
                }
                func mapped(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    api.load(id: id) { result in completion(result.map { $0 + "!" }) }
                }
            }
            """)
        #expect(
            text.contains(
                #"return try (result.flatMapError { _ in .success("recovered") } as Swift.Result<String, any Error>).get()"#
            ))
        #expect(text.contains(#"return try result.map { $0 + "!" }.get()"#))
    }
}
