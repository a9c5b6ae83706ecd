import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` where a thin wrapper would change what callers see: the old function keeps its
/// body, and the async version is added beside it. A handler called before the function returns, errors
/// wider than the handler's typed failure, and a delivery queue the async version has no use for.
@Suite struct KeptBodyTests {
    static let store = """
        import Foundation
        enum LookupError: Error { case gone, invalid(String) }
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, callbackQueue: DispatchQueue = .main,
                      completion: @escaping (Result<String, Error>) -> Void) {}
            func name(id: Int) async throws -> String { "" }
            func name(id: Int, completion: @escaping (String?, Error?) -> Void) {}
            func work(id: Int) async throws -> String { "" }
            func work(id: Int, on queue: DispatchQueue = .global(), completion: @escaping (Result<String, Error>) -> Void) {}
        }
        """

    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code, beside: ["Store.swift": Self.store])
    }

    /// Moya's `logNetworkRequest` shape: `_ = request.cURLDescription { … }` then `return`, in an `if`.
    @Test func aDiscardedCallFollowedByReturnIsAwaited() throws {
        let (stderr, text) = try convertFunctions(
            """
            final class Store {
                func load(id: Int, completion: @escaping (Int) -> Void) -> Store {
                    completion(id)
                    return self
                }
                func load(id: Int) async -> Int { id }
            }
            final class Service {
                let store = Store()
                var verbose = false
                func describe(id: Int, completion: @escaping ([String]) -> Void) {
                    if verbose {
                        _ = store.load(id: id) { value in
                            completion(["\\(value)"])
                        }
                        return
                    }
                    completion([])
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"))
        #expect(
            text.contains(
                """
                        if verbose {
                            let value = await store.load(id: id)
                            return ["\\(value)"]
                        }
                        return []
                """))
    }

    @Test func aHandlerCalledBeforeReturningKeepsTheOldBody() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Parser {
                /// Parses a count.
                /// - Parameter completion: called with the count, at once.
                func count(of text: String, completion: @escaping (Result<Int, Error>) -> Void) {
                    guard let count = Int(text) else {
                        completion(.failure(LookupError.invalid(text)))
                        return
                    }
                    completion(.success(count * 2))
                }
                func ready(completion: @escaping () -> Void) {
                    // Nothing to wait for.
                    completion()
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"))
        // The old function, unchanged, still calls the handler before it returns.
        #expect(
            text.contains(
                """
                    @available(*, renamed: "count(of:)")
                    func count(of text: String, completion: @escaping (Result<Int, Error>) -> Void) {
                        guard let count = Int(text) else {
                            completion(.failure(LookupError.invalid(text)))
                """))
        #expect(
            text.contains(
                """
                    /// Parses a count.
                    func count(of text: String) async throws -> Int {
                        guard let count = Int(text) else {
                            throw LookupError.invalid(text)
                        }
                        return count * 2
                    }
                """))
        #expect(!text.contains("Task {"))
        #expect(stderr.contains("ready(completion:): it only calls the handler, before it returns"))
    }

    @Test func anAwaitedCallThatThrowsWiderErrorsMakesTheAsyncVersionUntyped() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Service {
                let store = Store()
                func title(id: Int, completion: @escaping (Result<String, LookupError>) -> Void) {
                    guard id > 0 else {
                        completion(.failure(.invalid("id")))
                        return
                    }
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name): completion(.success(name))
                        case .failure: completion(.failure(.gone))
                        }
                    }
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"))
        #expect(text.contains("    func title(id: Int) async throws -> String {"))
        // Its early `guard` called the handler before it returned: kept, so callers still see that.
        // An implicit member of the handler's failure type keeps its type.
        #expect(text.contains("throw (.invalid(\"id\") as LookupError)"))
        #expect(text.contains("throw (.gone as LookupError)"))
        // Kept: a wrapper could not turn any error into a `LookupError`.
        #expect(text.contains("            completion(.failure(.invalid(\"id\")))"))
        #expect(!text.contains("Task {"))
    }

    @Test func theHandlersQueuePassedOnIsDroppedFromTheAsyncVersion() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Service {
                let store = Store()
                /// Loads a record.
                /// - Parameter callbackQueue: where the handler runs.
                /// - Parameter completion: called with the record.
                func record(id: Int, callbackQueue: DispatchQueue = .main,
                            completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id, callbackQueue: callbackQueue, completion: completion)
                }
                func other(id: Int, queue: DispatchQueue, completion: @escaping (Result<String, Error>) -> Void) {
                    let mine = queue
                    store.load(id: id, callbackQueue: mine, completion: completion)
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"))
        #expect(text.contains("    /// Loads a record.\n    func record(id: Int) async throws -> String {\n"))
        #expect(text.contains("        return try await store.load(id: id)\n"))
        // The old function still delivers on the queue it is given.
        #expect(text.contains("        store.load(id: id, callbackQueue: callbackQueue, completion: completion)"))
        // Only the function's own queue parameter, passed on as it is, may go.
        #expect(stderr.contains("other(id:queue:completion:): it passes `callbackQueue:`"))
    }

    @Test func anElseThatOnlyUnwrapsTheValueReadsAsElseIf() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Service {
                let store = Store()
                func greeting(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.name(id: id) { name, error in
                        if let error = error {
                            completion(.failure(error))
                        } else {
                            if let name = name {
                                completion(.success("Hello, " + name))
                            }
                        }
                    }
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"))
        #expect(text.contains("        let name = try await store.name(id: id)\n        return \"Hello, \" + name\n"))
    }

    @Test func anImplementationWithItsAsyncVariantBesideItIsNoCandidate() throws {
        let (stderr, _) = try convert(
            """
            import Foundation
            protocol Authenticating {
                func login(user: String, callbackQueue: DispatchQueue, completion: @escaping (Result<String, Error>) -> Void)
                func login(user: String) async throws -> String
            }
            struct FakeAuth: Authenticating {
                func login(user: String, callbackQueue: DispatchQueue, completion: @escaping (Result<String, Error>) -> Void) {
                    completion(.failure(LookupError.gone))
                }
                func login(user: String) async throws -> String { throw LookupError.gone }
            }
            """)
        #expect(stderr.contains("0 function(s) converted"))
        #expect(!stderr.contains("not converted"))
    }

    @Test func anAsyncVariantWithItsLabelsReorderedIsTheVariant() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Pulls {
                let store = Store()
                func pulls(owner: String, state: Int = 0, sort: Int = 1, completion: @escaping (Result<[String], Error>) -> Void) {
                    store.load(id: state) { result in completion(result.map { [$0] }) }
                }
                func pulls(owner: String, sort: Int = 1, state: Int = 0) async throws -> [String] { [] }
            }
            """)
        #expect(stderr.contains("0 function(s) converted"))
        #expect(!stderr.contains("not converted"))
        #expect(!text.contains("renamed"))
    }

    @Test func anOverloadThatACallLeavingOutDefaultsWouldReachIsTaken() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Pulls {
                let store = Store()
                func pulls(owner: String, page: Int = 1, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: page, completion: completion)
                }
                func pulls(owner: String, perPage: Int = 30) async throws -> String { "" }
                func find(callbackQueue: DispatchQueue = .main, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: 1, completion: completion)
                }
                func find() throws -> String { "" }
            }
            """)
        #expect(stderr.contains("pulls(owner:page:completion:): `pulls(owner:perPage:)` is declared already"))
        #expect(stderr.contains("find(callbackQueue:completion:): `find()` is declared already"))
        #expect(stderr.contains("(a call may leave out defaulted arguments)"))
        #expect(!text.contains("renamed"))
    }

    /// Inputs a review found converted wrongly: now converted safely, or refused.
    @Test func whatTheReviewFoundIsConvertedSafelyOrRefused() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Parser {
                let store = Store()
                func count(of text: String, completion: @escaping (Result<Int, Error>) -> Void) {
                    completion(Int(text).map { .success($0) } ?? .failure(LookupError.invalid(text)))
                }
                func tripled(of text: String, completion: @escaping (Result<Int, Error>) -> Void) {
                    count(of: text) { result in
                        switch result {
                        case .success(let n): completion(.success(n * 3))
                        case .failure(let e): completion(.failure(e))
                        }
                    }
                }
                func pick(id: Int, completion: @escaping (Result<String, LookupError>) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name): completion(.success(name))
                        case .failure: completion(.failure(id > 3 ? .gone : .invalid("id")))
                        }
                    }
                }
                func mapped(id: Int, completion: @escaping (Result<String, LookupError>) -> Void) {
                    store.load(id: id) { result in completion(result.mapError { _ in .gone }) }
                }
                func work(id: Int, on queue: DispatchQueue, completion: @escaping (Result<String, Error>) -> Void) {
                    store.work(id: id, on: queue, completion: completion)
                }
                func fetch(id: Int, callbackQueue: DispatchQueue = .main, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id, callbackQueue: callbackQueue, completion: completion)
                }
                func fetch(id: Int, completionQueue: DispatchQueue, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id, callbackQueue: completionQueue, completion: completion)
                }
            }
            enum A { struct Fake {
                func login(user: String, callbackQueue: DispatchQueue, completion: @escaping (Result<String, Error>) -> Void) {
                    completion(.success(user.uppercased()))
                }
            } }
            enum B { struct Fake {
                func login(user: String) async throws -> String { user }
            } }
            """)
        // A callee that calls its handler before returning makes its caller do so too: both keep their body.
        #expect(text.contains("    func tripled(of text: String) async throws -> Int {"))
        #expect(text.contains("            case .success(let n): completion(.success(n * 3))"))
        #expect(!text.contains("Task {"))
        // Implicit members anywhere in a widened failure keep their type.
        #expect(text.contains("throw ((id > 3 ? .gone : .invalid(\"id\")) as LookupError)"))
        #expect(text.contains("return try (result.mapError { _ in .gone } as Swift.Result<String, LookupError>).get()"))
        // A queue the work runs on (`on:`) is not the handler's to drop.
        #expect(stderr.contains("work(id:on:completion:): it passes `on:`"))
        // Two overloads that would both become `fetch(id:) async`.
        #expect(stderr.contains("fetch(id:callbackQueue:completion:): `fetch(id:completionQueue:completion:)` is"))
        // Another type's `Fake` is not this one's async variant.
        #expect(text.contains("func login(user: String) async throws -> String {\n        return user.uppercased()\n"))
    }
}
