import Foundation
import PromiseMigrateKit
import Testing

/// Inputs a ninth review found: arguments taken as Sendable that are not, and a `fallthrough` left
/// without its `switch`.
@Suite struct ReviewNineTests {
    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code, beside: ["Store.swift": ReviewSevenTests.store])
    }

    /// A struct's members are not read, a generic parameter counts only where its own constraint says
    /// `Sendable`, and a type of the codebase hides the platform's of the same name: none gets a wrapper.
    @Test func argumentsNotKnownSendableKeepTheOldBody() throws {
        let (stderr, text) = try convert(
            """
            final class Counter { var value = 0 }
            struct Box { var counter: Counter }
            final class Calendar { var events: [Int] = [] }
            protocol NotSendableish {}
            final class Service: Sendable {
                let store = Store()
                func boxed(box: Box, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: box.counter.value) { result in completion(result) }
                }
                func pair<T: Sendable, U>(t: T, u: U, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: 1) { result in completion(result) }
                }
                func named<T: NotSendableish>(t: T, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: 1) { result in completion(result) }
                }
                func dated(calendar: Calendar, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: calendar.events.count) { result in completion(result) }
                }
                func sendable<T: Sendable>(t: T, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: 1) { result in completion(result) }
                }
            }
            """)
        #expect(stderr.contains("5 function(s) converted"))
        #expect(
            !text.contains(
                "completion: @escaping @Sendable (Result<String, Error>) -> Void) {\n        Task {\n            do {\n                let value = try await boxed"
            ))
        for call in ["boxed(box: box)", "pair(t: t, u: u)", "named(t: t)", "dated(calendar: calendar)"] {
            #expect(!text.contains("let value = try await \(call)"))
        }
        #expect(text.contains("let value = try await sendable(t: t)"))
    }

    /// Taken apart, the `switch` over a result leaves a `fallthrough` nothing to fall into.
    @Test func aFallthroughInATakenApartSwitchIsRefused() throws {
        let (stderr, _) = try convert(
            """
            struct Empty: Error {}
            final class Service {
                let store = Store()
                func count(id: Int, completion: @escaping (Result<Int, Error>) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name):
                            if name.isEmpty { fallthrough }
                            completion(.success(name.count))
                        case .failure:
                            completion(.failure(Empty()))
                        }
                    }
                }
            }
            """)
        #expect(stderr.contains("count(id:completion:): `fallthrough` leaves the `switch` over the result"))
    }

    /// A tenth review's: a generic parameter named like a Sendable type, a nested typealias, `@Sendable` in a
    /// comment or on a closure the handler takes, and a closure value returned `@escaping`.
    @Test func namesThatOnlyLookSendableKeepTheOldBody() throws {
        let (_, text) = try convert(
            """
            struct Record: Sendable { var id = 0 }
            struct Tag: Sendable { var id = 0 }
            final class Counter { var value = 0 }
            enum Outer { typealias Record = Counter }
            final class Service: Sendable {
                let store = Store()
                func generic<Record>(r: Record, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: 1) { result in completion(result) }
                }
                func aliased(r: Outer.Record, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: r.value) { result in completion(result) }
                }
                func commented(id: Int, completion: @escaping /* @Sendable */ (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result) }
                }
                func plain(t: Tag, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: t.id) { result in completion(result) }
                }
            }
            """)
        for call in ["generic(r: r)", "aliased(r: r)", "commented(id: id)"] {
            #expect(!text.contains("let value = try await \(call)"))
        }
        #expect(text.contains("let value = try await plain(t: t)"))
        #expect(FunctionConverter.isSendableClosureType("(@Sendable (Error?) -> Void)?"))
        #expect(!FunctionConverter.isSendableClosureType("@escaping (@escaping @Sendable () -> Void) -> Void"))
    }

    /// A forwarder spelled through a typealias is inlined; a labeled statement says why it is refused.
    @Test func aliasedForwardersAndLabeledStatements() throws {
        let (stderr, text) = try convert(
            """
            enum QueryResult { case success(Int), error(Error) }
            typealias QR = QueryResult
            struct Gone: Error {}
            final class Service {
                static func finish(_ result: QR, completion: @escaping (QR) -> Void) { completion(result) }
                func count(id: Int, completion: @escaping (QueryResult) -> Void) {
                    guard id > 0 else { return Self.finish(.error(Gone()), completion: completion) }
                    completion(.success(id))
                }
                func labeled(id: Int, completion: @escaping (QueryResult) -> Void) {
                    check: if id > 0 {
                        completion(.success(id))
                        return
                    }
                    completion(.error(Gone()))
                }
            }
            """)
        #expect(text.contains("guard id > 0 else {\n            return .error(Gone())\n        }"))
        #expect(stderr.contains("labeled(id:completion:): the handler is used in `check:`, a labeled statement"))
    }

    /// A forwarder's non-optional parameter, handed on where the handler takes an optional, is there.
    @Test func aForwardersNonOptionalParameterIsKnownThere() throws {
        let (stderr, text) = try convert(
            """
            final class Service {
                func done(_ value: Int, completion: @escaping (Int?, Error?) -> Void) { completion(value, nil) }
                func next(id: Int, completion: @escaping (Int?, Error?) -> Void) {
                    done(id + 1, completion: completion)
                }
            }
            """)
        #expect(!stderr.contains("not converted: next"))
        #expect(text.contains("func next(id: Int) async throws -> Int {\n        return id + 1\n    }"))
    }
}
