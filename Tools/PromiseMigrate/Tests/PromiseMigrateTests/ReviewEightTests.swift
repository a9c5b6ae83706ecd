import Foundation
import PromiseMigrateKit
import Testing

/// Inputs an eighth review found in the seventh's fixes: helpers called on another receiver, helpers that
/// convert, wrappers Swift 6 still rejects, and labels inside a case.
@Suite struct ReviewEightTests {
    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code, beside: ["Store.swift": ReviewSevenTests.store])
    }

    /// `helper?.finish(…)` never called the handler when `helper` was nil; `makeHelper().finish(…)` did work.
    @Test func aHelperOnAnotherReceiverStaysACall() throws {
        let (stderr, text) = try convert(
            """
            enum QueryResult { case success(Int), error(Error) }
            struct Gone: Error {}
            final class Helper {
                func finish(_ result: QueryResult, onCompletion: @escaping (QueryResult) -> ()) {
                    onCompletion(result)
                }
            }
            final class Service {
                var helper: Helper?
                func makeHelper() -> Helper { Helper() }
                func maybe(id: Int, onCompletion: @escaping (QueryResult) -> ()) {
                    guard id > 0 else {
                        helper?.finish(.error(Gone()), onCompletion: onCompletion)
                        return
                    }
                    onCompletion(.success(id))
                }
                func made(id: Int, onCompletion: @escaping (QueryResult) -> ()) {
                    makeHelper().finish(.success(id), onCompletion: onCompletion)
                }
            }
            """)
        #expect(stderr.contains("not converted: maybe(id:onCompletion:)"))
        #expect(stderr.contains("not converted: made(id:onCompletion:)"))
        #expect(!text.contains("return .error(Gone())"))
    }

    /// A helper that throws (`completion(nil, error)`) converts itself; its callers wait for it, then await it.
    @Test func aHelperThatConvertsIsAwaited() throws {
        let (stderr, text) = try convert(
            """
            final class Service {
                func fail(_ error: Error, completion: @escaping (Int?, Error?) -> Void) {
                    completion(nil, error)
                }
                func fail(_ error: NSError, completion: @escaping (Int?, Error?) -> Void) {
                    completion(nil, error)
                }
                func count(_ items: [Int], completion: @escaping (Int?, Error?) -> Void) {
                    guard let first = items.first else { return fail(CocoaError(.fileNoSuchFile), completion: completion) }
                    completion(first, nil)
                }
            }
            """)
        #expect(!stderr.contains("not converted: count"))
        #expect(text.contains("func count(_ items: [Int]) async throws -> Int {"))
    }

    /// `nonisolated` methods, an actor's static ones, and arguments not known to be Sendable: no wrapper.
    @Test func wrappersSwiftSixStillRejectsKeepTheirBodies() throws {
        let (_, text) = try convert(
            """
            protocol Thing {}
            actor Cache {
                let store = Store()
                nonisolated func outside(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result) }
                }
                static func shared(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    Store().load(id: id) { result in completion(result) }
                }
                func inside(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result) }
                }
            }
            func tagged(_ tags: [String: Any], completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                Store().load(id: tags.count) { result in completion(result) }
            }
            func thing(_ thing: any Thing, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                Store().load(id: 1) { result in completion(result) }
            }
            func counted(_ ids: [Int], completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                Store().load(id: ids.count) { result in completion(result) }
            }
            """)
        for name in ["outside(id: Int", "shared(id: Int", "tagged(_ tags: [String: Any]", "thing(_ thing: any Thing"] {
            #expect(
                text.contains("func \(name), completion")
                    && !text.contains(
                        "func \(name), completion: @escaping (Result<String, Error>) -> Void) {\n        Task {")
            )
        }
        #expect(
            text.contains(
                "    nonisolated func outside(id: Int, completion: @escaping (Result<String, Error>) -> Void) {\n        store.load("
            ))
        // An actor's own method, and Sendable arguments: wrappers. (`counted` ends the file, with no last newline:
        // no code shares its line.)
        #expect(
            text.contains(
                "    func inside(id: Int, completion: @escaping (Result<String, Error>) -> Void) {\n        Task {"))
        #expect(
            text.contains(
                "func counted(_ ids: [Int], completion: @escaping @Sendable (Result<String, Error>) -> Void) {\n    Task {"
            ))
    }

    /// A `break` to a label declared inside the case stays inside it.
    @Test func aBreakToALabelInsideTheCaseStays() throws {
        let (stderr, _) = try convert(
            """
            final class Service {
                let store = Store()
                var log: [String] = []
                func checked(id: Int, completion: @escaping (Result<Int, Error>) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let s):
                            check: do {
                                if s.isEmpty { break check }
                                self.log.append(s)
                            }
                            completion(.success(s.count))
                        case .failure(let e):
                            completion(.failure(e))
                        }
                    }
                }
                func trailing(kind: Int, completion: @escaping (Error?) -> Void) {
                    switch kind {
                    case 0:
                        completion(nil)
                        break
                    default:
                        completion(nil)
                    }
                }
            }
            """)
        #expect(!stderr.contains("not converted: checked"))
        #expect(stderr.contains("trailing(kind:completion:): a `break` ends this case, after its call of the handler"))
    }
}
