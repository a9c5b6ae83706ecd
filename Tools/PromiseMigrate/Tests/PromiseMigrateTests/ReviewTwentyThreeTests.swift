import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` after review 23, of a hop's closure kept as written (a handler handed on inside
/// it) and of typed failures thrown untyped below tools version 6: what did not compile, what waited
/// forever, and what the copy changed.
@Suite struct ReviewTwentyThreeTests {
    static let pinger = """
        import Foundation
        final class Box { var n = 0 }
        final class Pinger: Sendable {
            func ping(completion: @escaping @Sendable (Error?) -> Void) { completion(nil) }
            func ping() async throws {}
            func box(completion: @escaping @Sendable (Box) -> Void) { completion(Box()) }
            func box() async -> Box { Box() }
        }
        """

    /// A value that is not Sendable cannot go into the continuation from the kept closure; a parenthesised
    /// handler type keeps its `@Sendable`; an optional receiver may never call the handler, in a hop or not.
    @Test func aKeptClosureSendsOnlySendableValuesAndNeverThroughAnOptionalReceiver() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let queue = DispatchQueue(label: "svc")
                let pinger = Pinger()
                let other: Pinger? = nil
                func boxed(completion: @escaping @Sendable (Box) -> Void) {
                    queue.async { self.pinger.box(completion: completion) }
                }
                func paren(completion: @escaping (@Sendable (Error?) -> Void)) {
                    queue.async { self.pinger.ping(completion: completion) }
                }
                func chained(completion: @escaping @Sendable (Error?) -> Void) {
                    queue.async { self.other?.ping(completion: completion) }
                }
                func chainedPlain(completion: @escaping @Sendable (Error?) -> Void) {
                    other?.ping(completion: completion)
                }
            }
            """, beside: ["Pinger.swift": Self.pinger])
        #expect(stderr.contains("boxed(completion:): its handler's value `Box` is not known to be Sendable"))
        #expect(text.contains("func paren() async throws {"))
        #expect(!text.contains("let completion: (Error?) -> Void"))
        #expect(stderr.contains("chained(completion:): it calls `self.other?.ping`, whose receiver may be nil"))
        #expect(stderr.contains("chainedPlain(completion:): it calls `other?.ping`, whose receiver may be nil"))
    }

    /// The closure is copied with its comments, and moved right as a whole: a multi-line string keeps its
    /// content, whitespace-only lines included. A statement on the brace's line follows the handler.
    @Test func aKeptClosureKeepsItsCommentsAndStrings() throws {
        let (_, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let queue = DispatchQueue(label: "svc")
                let pinger = Pinger()
                func greet(completion: @escaping @Sendable (Error?) -> Void) {
                    queue.async { // on the queue
                        let text = \"\"\"
                            hello
                              
                            world
                            \"\"\"
                        print(text)
                        self.pinger.ping(completion: completion) // hand on
                    }
                }
                func inline(completion: @escaping @Sendable (Error?) -> Void) {
                    queue.async { self.pinger.ping(completion: completion) }
                }
            }
            """, beside: ["Pinger.swift": Self.pinger])
        #expect(
            text.contains(
                """
                            queue.async { // on the queue
                                let completion: @Sendable (Error?) -> Void = { error in
                                    if let error = error {
                                        continuation.resume(throwing: error)
                                    } else {
                                        continuation.resume()
                                    }
                                }
                                let text = \"\"\"
                                    hello
                                      
                                    world
                                    \"\"\"
                                print(text)
                                self.pinger.ping(completion: completion) // hand on
                            }
                """))
        let inline = "                }\n                self.pinger.ping(completion: completion)\n            }\n"
        #expect(text.contains(inline))
    }

    /// A callee whose `Result<T, APIError>` handler's async variant throws untyped: a caller's closure that
    /// uses the error as an `APIError` would not compile against `any Error`, so it is refused; one that
    /// only hands the error on converts. Below tools version 6, `Result<T, Never>` has no untyped form.
    @Test func aCallerUsingAWidenedCalleesErrorIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            enum APIError: Error, Equatable { case gone, bad }
            final class Svc: Sendable {
                let queue = DispatchQueue(label: "svc")
                func name(completion: @escaping @Sendable (Result<String, APIError>) -> Void) {
                    queue.async { completion(.failure(.gone)) }
                }
                func uses(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    name { result in
                        switch result {
                        case .success(let s): completion(.success(s.count))
                        case .failure(let e): completion(.success(e == .gone ? 0 : 1))
                        }
                    }
                }
                func passes(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    name { result in
                        switch result {
                        case .success(let s): completion(.success(s.count))
                        case .failure(let e): completion(.failure(e))
                        }
                    }
                }
                func never(completion: @escaping @Sendable (Result<Int, Never>) -> Void) {
                    queue.async { completion(.success(1)) }
                }
            }
            """,
            beside: [
                "Package.swift": """
                // swift-tools-version:5.5
                import PackageDescription
                let package = Package(name: "P")

                """
            ])
        #expect(text.contains("func name() async throws -> String {"))
        #expect(
            stderr.contains("uses(completion:): its closure uses `e` as the handler gave it, failing with `APIError`"))
        #expect(text.contains("func passes() async throws -> Int {"))
        #expect(stderr.contains("never(completion:): its async version would throw a typed error"))
    }

    /// Review 24: a widened error used inside the handler's argument (`mapError { $0 == .gone … }`) is refused,
    /// a success value bound anew with its own type may be used by a kept closure, a comment in a closure's
    /// signature does not swallow the rest of its line, and a CRLF file converts instead of crashing.
    @Test func reviewTwentyFourFindings() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            enum APIError: Error, Equatable { case gone, other }
            final class Svc: Sendable {
                let queue = DispatchQueue(label: "svc")
                let pinger = Pinger()
                func load(completion: @escaping @Sendable (Result<Int, APIError>) -> Void) {}
                func load() async throws -> Int { 1 }
                func mapped(completion: @escaping @Sendable (Result<Int, APIError>) -> Void) {
                    load { result in completion(result.mapError { $0 == .gone ? APIError.other : $0 }) }
                }
                func counted(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    load { result in completion(result.map { $0 + 1 }) }
                }
                func then(completion: @escaping @Sendable (Error?) -> Void) {
                    load { result in
                        switch result {
                        case .success(let n):
                            queue.async {
                                if n > 3 { print(n) }
                                self.pinger.ping(completion: completion)
                            }
                        case .failure(let e): completion(e)
                        }
                    }
                }
                func noted(completion: @escaping @Sendable (Error?) -> Void) {
                    queue.async { [self] // on its own queue
                        in
                        pinger.ping(completion: completion)
                    }
                }
            }
            """.replacingOccurrences(of: "\n", with: "\r\n"), beside: ["Pinger.swift": Self.pinger])
        #expect(stderr.contains("mapped(completion:): its closure uses `result` as the handler gave it"))
        #expect(text.contains("func counted() async throws -> Int {"))
        #expect(text.contains("func then() async throws {"))
        #expect(text.contains("            queue.async { [self] in // on its own queue\r\n"))
    }
}
