import Foundation
import PromiseMigrateKit
import Testing

/// An eleventh review's findings: a closure value whose attributes take arguments.
@Suite struct ReviewElevenTests {
    static let api = """
        import Foundation
        final class Api: Sendable {
            func iso() async -> @isolated(any) @Sendable () -> Void { {} }
            @available(*, renamed: "iso()")
            func iso(completion: @escaping (@escaping @isolated(any) @Sendable () -> Void) -> Void) {}
            func cc() async -> @convention(c) () -> Void { fatalError() }
            @available(*, renamed: "cc()")
            func cc(completion: @escaping (@convention(c) () -> Void) -> Void) {}
        }
        """

    /// The async version returns the closure with its attributes whole (`@isolated(any)`, `@convention(c)`),
    /// less `@escaping`, which only a parameter may say.
    @Test func aClosureValuesAttributesKeepTheirArguments() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Service: Sendable {
                let api = Api()
                func iso(completion: @escaping (@escaping @isolated(any) @Sendable () -> Void) -> Void) {
                    api.iso { value in
                        print(1)
                        completion(value)
                    }
                }
                func cc(completion: @escaping (@convention(c) () -> Void) -> Void) {
                    api.cc { value in
                        print(1)
                        completion(value)
                    }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("2 function(s) converted"))
        #expect(text.contains("func iso() async -> @isolated(any) @Sendable () -> Void {"))
        #expect(text.contains("func cc() async -> @convention(c) () -> Void {"))
    }
}
