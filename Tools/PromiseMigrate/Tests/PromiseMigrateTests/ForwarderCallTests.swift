import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` over calls of a function that only hands its arguments to its handler
/// (Swift-Kuery's `runCompletionHandler(_:onCompletion:)`): a call that passes the caller's own handler is
/// that handler's call.
@Suite struct ForwarderCallTests {
    @Test func aForwarderCallBecomesWhatItPasses() throws {
        let (stderr, text) = try convertFunctions(
            """
            enum QueryResult { case success(Int), error(Error) }
            struct Gone: Error {}
            final class Pool {
                var size = 0
                func runCompletionHandler(_ result: QueryResult, onCompletion: @escaping (QueryResult) -> ()) {
                    onCompletion(result)
                }
                func count(onCompletion: @escaping (QueryResult) -> ()) {
                    guard size > 0 else {
                        return runCompletionHandler(.error(Gone()), onCompletion: onCompletion)
                    }
                    measure { total in
                        self.runCompletionHandler(.success(total), onCompletion: onCompletion)
                    }
                }
                func measure(completion: @escaping (Int) -> Void) {
                    DispatchQueue.global().async { completion(42) }
                }
            }
            """)
        #expect(stderr.contains("count(onCompletion:)"))
        #expect(!stderr.contains("not converted: count"))
        #expect(
            text.contains(
                """
                    func count() async -> QueryResult {
                        guard size > 0 else {
                            return .error(Gone())
                        }
                        let total = await measure()
                        return .success(total)
                    }
                """))
        // The forwarder itself has nothing to convert.
        #expect(
            stderr.contains("runCompletionHandler(_:onCompletion:): it only calls the handler, before it returns"))
    }

    @Test func literalsAndErrorsGoWhereTheHandlerSendsThem() throws {
        let (stderr, text) = try convertFunctions(
            """
            struct Gone: Error {}
            final class Store {
                var names: [String] = []
                func fail(_ error: Error, completion: @escaping (String?, Error?) -> Void) {
                    completion(nil, error)
                }
                func first(completion: @escaping (String?, Error?) -> Void) {
                    guard let name = names.first else { return fail(Gone(), completion: completion) }
                    completion(name, nil)
                }
            }
            """)
        #expect(!stderr.contains("not converted: first"))
        // `fail` throws, so it converts itself; `first` then awaits it.
        #expect(
            text.contains("        guard let name = names.first else {\n            return try await fail(Gone())\n"))
    }

    /// Where the name may reach something else, or the types differ, the call stays a callback call.
    @Test func anUnsureForwarderIsNotInlined() throws {
        let (stderr, _) = try convertFunctions(
            """
            enum QueryResult { case success(Int), failure }
            class Pool {
                func finish(_ result: QueryResult, onCompletion: @escaping (QueryResult) -> ()) {
                    onCompletion(result)
                }
                func finishLater(_ result: QueryResult, _ onCompletion: @escaping (QueryResult) -> ()) {
                    onCompletion(result)
                }
                func count(onCompletion: @escaping (QueryResult) -> ()) {
                    finish(.success(1), onCompletion: onCompletion)
                }
                func size(onCompletion: @escaping (QueryResult?) -> ()) {
                    finishLater(.failure, onCompletion)
                }
            }
            class LoggingPool: Pool {
                override func finish(_ result: QueryResult, onCompletion: @escaping (QueryResult) -> ()) {
                    print(result)
                    onCompletion(result)
                }
            }
            """)
        // An override does something else: the call is not the handler's.
        #expect(stderr.contains("not converted: count(onCompletion:)"))
        // Another handler type (an optional value): not inlined either.
        #expect(stderr.contains("not converted: size(onCompletion:)"))
    }

    @Test func theFactNeedsEveryParameterOnceInOrder() {
        let file = facts(
            """
            func a(_ x: Int, _ y: Int, completion: (Int, Int) -> Void) { completion(x, y) }
            func b(_ x: Int, _ y: Int, completion: (Int, Int) -> Void) { completion(y, x) }
            func c(_ x: Int, _ y: Int, completion: (Int) -> Void) { completion(x) }
            func d(_ x: Int, completion: (Int, Bool) -> Void) { completion(x, true) }
            func e(_ x: Int, completion: (Int) -> Void) { print(x); completion(x) }
            func f(_ x: Int, completion: (Int) -> Void) { completion(x + 1) }
            func g<T>(_ x: T, completion: (T) -> Void) { completion(x) }
            func h(_ x: Int = 1, completion: (Int) -> Void) { completion(x) }
            """)
        let forwarding = Dictionary(uniqueKeysWithValues: file.functions.map { ($0.name, $0.forwarding) })
        #expect(forwarding["a"]! == HandlerForwarding(handler: 2, arguments: [.parameter(0), .parameter(1)]))
        #expect(forwarding["b"]! == nil)
        #expect(forwarding["c"]! == nil)
        #expect(forwarding["d"]! == HandlerForwarding(handler: 1, arguments: [.parameter(0), .literal("true")]))
        #expect(forwarding["e"]! == nil)
        #expect(forwarding["f"]! == nil)
        #expect(forwarding["g"]! == nil)
        #expect(forwarding["h"]! == nil)
    }
}
