import Foundation
import PromiseMigrateKit
import Testing

/// The eleventh and twelfth reviews' findings: closure values (attributes with arguments, `@escaping` in a
/// continuation's type, `@autoclosure`), and `Progress` written `Foundation.Progress` or through a
/// composition typealias of a framework's protocol.
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

    /// A queue hop's continuation names the value's type as a value too: no `@escaping` there.
    @Test func aContinuationOfAClosureValueSaysNoEscaping() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Worker: @unchecked Sendable {
                func make(completion: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
                    DispatchQueue.global().async { completion({}) }
                }
                func auto(completion: @escaping (@autoclosure () -> Int) -> Void) {
                    DispatchQueue.global().async { completion(5) }
                }
            }
            """, beside: [:])
        #expect(stderr.contains("1 function(s) converted"))
        #expect(text.contains("func make() async -> @Sendable () -> Void {"))
        #expect(text.contains("CheckedContinuation<@Sendable () -> Void, Never>"))
        #expect(!text.contains("<@escaping"))
        #expect(stderr.contains("auto(completion:): its handler takes an `@autoclosure`"))
    }

    /// `Foundation.Progress` is Foundation's whatever the codebase calls `Progress`; a framework's protocol
    /// behind a composition typealias is still a framework's.
    @Test func qualifiedProgressAndCompositionAliases() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            typealias Progress = Double
            typealias Writing = NSItemProviderWriting & NSObjectProtocol
            final class Rest: @unchecked Sendable {
                func start(completion: @escaping @Sendable (Int) -> Void) -> Foundation.Progress {
                    let progress = Foundation.Progress(totalUnitCount: 1)
                    DispatchQueue.global().async { completion(1) }
                    return progress
                }
            }
            public final class Item: NSObject, Writing {
                public func loadData(
                    withTypeIdentifier typeIdentifier: String,
                    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, Error?) -> Void
                ) -> Foundation.Progress? {
                    DispatchQueue.global().async { completionHandler(Data(), nil) }
                    return nil
                }
            }
            """, beside: [:])
        #expect(text.contains("func start() async -> Int {"))
        #expect(
            stderr.contains(
                "loadData(withTypeIdentifier:forItemProviderCompletionHandler:): it returns a `Progress`, as framework "
                    + "requirements do, and its type conforms to `NSItemProviderWriting`"))
    }
}
