import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` where a handler closure's `error` is hidden by a `catch` inside it: there `error`
/// is the caught error, a value, not the closure's optional parameter.
@Suite struct CaughtErrorTests {
    static let store = """
        import Foundation
        enum ApiError: Error { case empty }
        enum ParseFailure: Error { case bad }
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {}
            func parse(_ text: String) throws -> Int { 0 }
        }
        """

    /// `name` whose closure, after `guard let text`, parses in a `do` whose catches are `catches`, each
    /// passing `error` to the handler.
    static func api(_ name: String, catches: [String]) -> String {
        let clauses = catches.map { " \($0) {\n            completion(nil, error)\n        }" }.joined()
        return """
            final class Api: Sendable {
                let store = Store()
                func \(name)(id: Int, completion: @escaping @Sendable (Int?, Error?) -> Void) {
                    store.load(id: id) { text, error in
                        guard let text else {
                            completion(nil, error ?? ApiError.empty)
                            return
                        }
                        do {
                            let size: Int = try self.store.parse(text)
                            completion(size, nil)
                        }\(clauses)
                    }
                }
            }
            """
    }

    @Test(arguments: [["catch"], ["catch let error as ParseFailure", "catch"]])
    func theCaughtErrorIsThrown(catches: [String]) throws {
        let (stderr, text) = try convertFunctions(
            Self.api("size", catches: catches), beside: ["Store.swift": Self.store])
        #expect(stderr.contains("1 function(s) converted in 1 round(s), 0 refused"), "\(stderr)")
        #expect(
            text.contains(
                """
                        do {
                            let size: Int = try self.store.parse(text)
                            return size
                        } \(catches[0]) {
                            throw error
                        }
                """), "\(text)")
    }

    @Test func aCatchThatBindsNothingLeavesTheClosuresError() throws {
        let (stderr, _) = try convertFunctions(
            Self.api("size", catches: ["catch ParseFailure.bad", "catch"]), beside: ["Store.swift": Self.store])
        #expect(
            stderr.contains("not converted: size(id:completion:): the statements after its `guard` use the handler's"),
            "\(stderr)")
    }

    /// `catch Wrapped.error(let error)` binds `error` from a case's payload, whose type the tool does not
    /// know: the refusal says that, not merely that it may be nil.
    @Test func anErrorBoundFromAPayloadIsRefusedSayingWhy() throws {
        let store = Self.store.replacingOccurrences(
            of: "enum ParseFailure: Error { case bad }",
            with: "enum ParseFailure: Error { case bad }\nenum Wrapped: Error { case error(any Error) }")
        let (stderr, _) = try convertFunctions(
            Self.api("size", catches: ["catch Wrapped.error(let error)", "catch"]), beside: ["Store.swift": store])
        #expect(
            stderr.contains(
                "not converted: size(id:completion:): it passes `error` as the error, which "
                    + "`catch Wrapped.error(let error)` binds from a case's payload: the tool does not know its type"),
            "\(stderr)")
    }

    /// A handler named `error` is hidden inside a plain `catch`: the wrapper catches `caughtError`.
    @Test func aHandlerNamedErrorIsNotHiddenByTheWrappersCatch() throws {
        let (stderr, text) = try convertFunctions(
            """
            final class Api: Sendable {
                let store = Store()
                func check(id: Int, error: @escaping @Sendable (Error?) -> Void) {
                    store.load(id: id) { text, failure in
                        guard let text else {
                            error(failure ?? ApiError.empty)
                            return
                        }
                        do {
                            _ = try self.store.parse(text)
                        } catch let e {
                            error(e)
                            return
                        }
                        error(nil)
                    }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        #expect(text.contains("} catch let caughtError {\n                error(caughtError)\n"), "\(text)")
    }
}
