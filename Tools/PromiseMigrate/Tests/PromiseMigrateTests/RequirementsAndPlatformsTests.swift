import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` where the function belongs to more than its type: a framework's protocol, a
/// protocol's default, subclasses in other modules, or a project whose platforms start below Swift
/// concurrency's.
@Suite struct RequirementsAndPlatformsTests {
    private func convert(_ code: String, beside context: [String: String] = [:]) throws -> (
        stderr: String, text: String
    ) {
        try convertFunctions(code, beside: ["Store.swift": KeptBodyTests.store].merging(context) { $1 })
    }

    @Test func aFrameworkDelegatesMethodIsLeftToItsProtocol() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            import WebKit
            final class Browser: NSObject, WKNavigationDelegate {
                func webView(_ webView: WKWebView, decidePolicyFor action: WKNavigationAction,
                             decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
                    decisionHandler(action.request.url == nil ? .cancel : .allow)
                }
                func label(for text: String, completion: @escaping (String) -> Void) {
                    completion(text.uppercased())
                }
                func show() { label(for: "a") { print($0) } }
            }
            final class PlayIntents: NSObject, INPlayMediaIntentHandling {
                func handle(intent: INPlayMediaIntent, completion: @escaping (INPlayMediaIntentResponse) -> Void) {
                    completion(INPlayMediaIntentResponse(code: .success, userActivity: nil))
                }
            }
            """)
        #expect(stderr.contains("webView(_:decidePolicyFor:decisionHandler:): it has a delegate method's shape, and"))
        #expect(stderr.contains("conforms to `WKNavigationDelegate`, declared outside the codebase"))
        #expect(stderr.contains("handle(intent:completion:): nothing here calls it, and its type conforms to"))
        // One the codebase calls is its own.
        #expect(text.contains("    func label(for text: String) async -> String {"))
    }

    @Test func defaultsOpenMethodsAndConstrainedExtensionsAreToldApart() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            protocol Retrier {
                func retry(id: Int, completion: @escaping (Bool) -> Void)
            }
            extension Retrier {
                func retry(id: Int, completion: @escaping (Bool) -> Void) { completion(id < 3) }
            }
            open class Client {
                let store = Store()
                open func name(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id, completion: completion)
                }
            }
            struct Wrapper<Base> { let base: Base }
            extension Wrapper where Base: StringProtocol {
                func label(completion: @escaping (String) -> Void) { completion(base.uppercased()) }
                func use() { label { print($0) } }
            }
            extension Wrapper where Base: BinaryInteger {
                func label(completion: @escaping (String) -> Void) { completion("#\\(base + 1)") }
                func use() { label { print($0) } }
            }
            """)
        #expect(stderr.contains("retry(id:completion:): it is `Retrier`'s default implementation of its requirement"))
        #expect(stderr.contains("name(id:completion:): it is `open`"))
        #expect(stderr.contains("2 function(s) converted"))
        #expect(text.contains("    func label() async -> String {\n        return base.uppercased()\n"))
    }

    @Test func belowConcurrencysPlatformsTheAsyncVersionStatesItsOwn() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Old", platforms: [.iOS(.v12), .macOS(.v10_13)], targets: [])
            """
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Service {
                let store = Store()
                func name(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0.uppercased() }) }
                }
            }
            """, beside: ["Package.swift": manifest])
        #expect(stderr.contains("1 function(s) converted"))
        // A wrapper's `Task` would need iOS 13 too: the old function keeps its body.
        #expect(!text.contains("Task {"))
        #expect(
            text.contains(
                "    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)\n    func name(id: Int) async throws -> String {"
            ))
    }
}
