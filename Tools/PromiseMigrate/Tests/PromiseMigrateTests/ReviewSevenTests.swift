import Foundation
import PromiseMigrateKit
import Testing

/// Inputs a seventh review found: wrappers Swift 6 rejects, a `break` that skipped the handler, a local
/// that hid it, and an async variant that returns an optional.
@Suite struct ReviewSevenTests {
    static let store = """
        import Foundation
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping (Result<String, Error>) -> Void) {}
            func maybe(id: Int) async throws -> String? { nil }
            @available(*, renamed: "maybe(id:)")
            func maybe(id: Int, completion: @escaping (String?, Error?) -> Void) {}
        }
        """

    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code, beside: ["Store.swift": Self.store])
    }

    /// The wrapper's `Task` takes the handler, `self` and the arguments across: Swift 6 accepts it only where
    /// each is Sendable, or the function is isolated to an actor. Elsewhere the old body stays.
    @Test func aWrapperOnlyWhereSwiftSixAcceptsItsTask() throws {
        let (stderr, text) = try convert(
            """
            final class Plain {
                let store = Store()
                func plain(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0 + "!" }) }
                }
            }
            final class Safe: Sendable {
                let store = Store()
                func safe(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0 + "!" }) }
                }
            }
            final class Shared {
                let store = Store()
                func shared(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0 + "!" }) }
                }
            }
            @MainActor final class Model {
                let store = Store()
                func title(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0 + "!" }) }
                }
            }
            """)
        #expect(stderr.contains("4 function(s) converted"))
        // A handler that is not `@Sendable`: the old body stays, the async version beside it.
        #expect(
            text.contains(
                "    func plain(id: Int, completion: @escaping (Result<String, Error>) -> Void) {\n        store.load(")
        )
        // `self` of a class not declared Sendable: the same.
        #expect(
            text.contains("completion: @escaping @Sendable (Result<String, Error>) -> Void) {\n        store.load("))
        // Everything Sendable, or isolated to the main actor: a wrapper.
        #expect(
            text.contains(
                "    func safe(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {\n        Task {"
            ))
        #expect(
            text.contains(
                "    func title(id: Int, completion: @escaping (Result<String, Error>) -> Void) {\n        Task {"))
    }

    /// `if s.isEmpty { break }` left the `switch` without calling the handler: taken apart, or kept, the
    /// `switch` would now reach a call (or a `return`) the old code skipped.
    @Test func aBreakThatSkipsTheHandlerIsRefused() throws {
        let (stderr, _) = try convert(
            """
            final class Service {
                let store = Store()
                var log: [String] = []
                func flattened(id: Int, completion: @escaping (Error?) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name):
                            if name.isEmpty { break }
                            self.log.append(name)
                            completion(nil)
                        case .failure(let error):
                            completion(error)
                        }
                    }
                }
                func kept(mode: Int, completion: @escaping (Error?) -> Void) {
                    switch mode {
                    case 0:
                        if log.isEmpty { break }
                        completion(nil)
                    default:
                        completion(nil)
                    }
                }
                func nested(ids: [Int], completion: @escaping (Error?) -> Void) {
                    switch ids.count {
                    case 0:
                        for id in ids { if id < 0 { break } }
                        completion(nil)
                    default:
                        completion(nil)
                    }
                }
            }
            """)
        #expect(stderr.contains("flattened(id:completion:): `break` leaves the `switch` over the result"))
        #expect(stderr.contains("kept(mode:completion:): `break` leaves the case before its call of the handler"))
        // A `break` of a loop inside the case leaves only the loop.
        #expect(!stderr.contains("not converted: nested"))
    }

    /// A local named like the handler: calls of that name are not the handler's.
    @Test func aLocalThatHidesTheHandlerIsRefused() throws {
        let (stderr, _) = try convert(
            """
            final class Service {
                let store = Store()
                func hidden(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in
                        let completion: (Result<String, Error>) -> Void = { _ in print("x") }
                        completion(result)
                    }
                }
                func unwrapped(id: Int, completion: ((Result<String, Error>) -> Void)?) {
                    guard let completion else { return }
                    store.load(id: id) { result in completion(result) }
                }
            }
            """)
        #expect(stderr.contains("hidden(id:completion:): `completion` is declared here too, and hides the handler"))
        // Unwrapping an optional handler under its own name binds the handler itself.
        #expect(!stderr.contains("unwrapped(id:completion:): `completion` is declared here too"))
    }

    /// An async variant that returns an optional: its nil is still a case the old code handled.
    @Test func anOptionalAsyncVariantKeepsItsNilCase() throws {
        let (stderr, _) = try convert(
            """
            final class Service {
                let store = Store()
                func named(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.maybe(id: id) { value, error in
                        if let error {
                            completion(.failure(error))
                            return
                        }
                        guard let value else {
                            completion(.success("fallback"))
                            return
                        }
                        completion(.success(value))
                    }
                }
                func passed(id: Int, completion: @escaping (String?, Error?) -> Void) {
                    store.maybe(id: id, completion: completion)
                }
            }
            """)
        #expect(stderr.contains("named(id:completion:): the async variant returns an optional value"))
        #expect(
            stderr.contains(
                "passed(id:completion:): it passes the handler on to `maybe(id:completion:)`, whose async variant returns `String?`"
            ))
    }
    /// `[self]` holds what the function holds until it returns anyway; a labeled loop is a loop.
    @Test func aStrongSelfCaptureConvertsAndALabeledLoopIsALoop() throws {
        let (stderr, text) = try convert(
            """
            final class Service {
                let store = Store()
                var log: [String] = []
                func logged(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { [self] result in
                        log.append("loaded")
                        completion(result)
                    }
                }
                func weakly(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { [weak self] result in
                        self?.log.append("loaded")
                        completion(result)
                    }
                }
                func scan(ids: [[Int]], completion: @escaping (Error?) -> Void) {
                    outer: for row in ids {
                        for id in row where id < 0 { completion(nil); continue outer }
                    }
                }
            }
            """)
        #expect(!stderr.contains("not converted: logged"))
        #expect(text.contains("        log.append(\"loaded\")\n        return try result.get()\n"))
        #expect(stderr.contains("weakly(id:completion:): its closure captures `[weak self]`"))
        #expect(stderr.contains("scan(ids:completion:): the handler is used in a loop"))
    }
}
