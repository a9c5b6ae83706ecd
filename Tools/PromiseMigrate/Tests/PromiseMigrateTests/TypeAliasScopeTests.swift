import Foundation
import PromiseMigrateKit
import Testing

/// A handler type written through a typealias of another type is expanded with that type's names
/// written out: in the function's own type they could mean another type, or none.
@Suite struct TypeAliasScopeTests {
    @Test func anAliasOfAnotherTypeIsExpandedWithItsNestedNamesQualified() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            enum API {
                struct Item: Sendable { let nested = 1 }
                enum Inner { struct Box<T: Sendable>: Sendable { let t: T } }
                typealias Done = @Sendable (Result<Item, Error>) -> Void
                typealias Boxed<T: Sendable> = @Sendable (Result<Inner.Box<T>, Error>) -> Void
            }
            final class Svc: Sendable {
                struct Item: Sendable { let own = 2 }
                let pinger = Pinger()
                func load(completion: @escaping API.Done) {
                    pinger.count { result in completion(result.map { _ in API.Item() }) }
                }
                func box(completion: @escaping API.Boxed<Int>) {
                    pinger.count { result in completion(result.map { API.Inner.Box(t: $0) }) }
                }
                func hop(completion: @escaping API.Done) {
                    DispatchQueue.main.async {
                        completion(.success(API.Item()))
                    }
                }
            }
            """, beside: ["Pinger.swift": LayoutAndReasonTests.pinger])
        #expect(stderr.contains("3 function(s) converted"), "\(stderr)")
        #expect(text.contains("func load() async throws -> API.Item {"))
        #expect(text.contains("func box() async throws -> API.Inner.Box<Int> {"))
        #expect(text.contains("func hop() async throws -> API.Item {"))
        #expect(text.contains("(continuation: CheckedContinuation<API.Item, any Error>)"))
        #expect(!text.contains("-> Item"))
    }
}
