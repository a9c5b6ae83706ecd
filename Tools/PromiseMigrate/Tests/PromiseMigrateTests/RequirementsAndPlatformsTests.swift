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

    /// Moya's `RequestInterceptor` (Alamofire's protocol, no delegate's name, and the
    /// first type a class inherits): an internal method nothing here calls is there for the protocol.
    @Test func anUncalledInternalMethodOfAForeignConformanceIsLeftToTheProtocol() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            import Alamofire
            final class Interceptor: RequestInterceptor {
                let store = Store()
                func adapt(_ request: URLRequest, for session: Session,
                           completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: 1) { result in completion(result) }
                }
                func stamp(_ request: URLRequest, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: 2) { result in completion(result) }
                }
                func send() { stamp(URLRequest(url: URL(fileURLWithPath: "/"))) { _ in } }
            }
            final class Plain {
                let store = Store()
                func idle(completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: 3) { result in completion(result) }
                }
            }
            """)
        #expect(stderr.contains("adapt(_:for:completion:): nothing here calls it, and its type conforms to"))
        #expect(stderr.contains("`RequestInterceptor`, declared outside the codebase"))
        #expect(!text.contains("func adapt(_ request: URLRequest, for session: Session) async"))
        // Called here, it is the codebase's own; uncalled in a type with no foreign conformance, dead code.
        #expect(text.contains("func stamp(_ request: URLRequest) async throws -> String {"))
        #expect(text.contains("func idle() async throws -> String {"))
    }

    /// ownCloud's shapes: an intent handler's member in a `public` class is internal, and an extension
    /// that adds an Objective-C protocol's conformance holds its requirements, public and called or not.
    @Test func aPublicTypesMembersAndAConformingExtensionsMethodsAreLeftToTheProtocol() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            public class GetAccountIntentHandler: NSObject, GetAccountIntentHandling {
                func handle(intent: GetAccountIntent, completion: @escaping (GetAccountIntentResponse) -> Void) {
                    completion(GetAccountIntentResponse(code: .success, userActivity: nil))
                }
            }
            extension OCResourceText: ownCloudSDK.OCViewProvider {
                public func provideView(for size: CGSize, in context: OCViewProviderContext?,
                                        completion: @escaping (UIView?) -> Void) {
                    completion(UIView())
                }
            }
            extension OCResourceText {
                public func title(for text: String, completion: @escaping (String) -> Void) {
                    completion(text.uppercased())
                }
            }
            func show(_ resource: OCResourceText) {
                (resource as? OCViewProvider)?.provideView(for: .zero, in: nil) { print($0 as Any) }
                resource.title(for: "a") { print($0) }
            }
            """)
        #expect(stderr.contains("handle(intent:completion:): nothing here calls it, and its type conforms to"))
        #expect(
            stderr.contains(
                "provideView(for:in:completion:): it sits in the extension that adds the conformance, and its type "
                    + "conforms to `OCViewProvider`"))
        #expect(!text.contains("func handle(intent: GetAccountIntent) async"))
        #expect(!text.contains("func provideView(for size: CGSize, in context: OCViewProviderContext?) async"))
        // A method of a plain extension of the same type is its own.
        #expect(text.contains("public func title(for text: String) async -> String {"))
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
        #expect(stderr.contains("retry(id:completion:): it is `Retrier`'s default implementation of a requirement"))
        #expect(stderr.contains("`promise-migrate wrap ") && stderr.contains("gives the requirement an async facade"))
        #expect(stderr.contains("name(id:completion:): it is `open`"))
        #expect(stderr.contains("2 function(s) converted"))
        #expect(text.contains("    func label() async -> String {\n        return base.uppercased()\n"))
    }

    /// Swift-Kuery-ORM's shape: `wrap` gives the requirement a facade that reaches every conformer, so the
    /// default implementation and a conformer's own count as done; their callers convert against it.
    @Test func aWrappedRequirementServesItsDefaultImplementationAndItsCallers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            """
            protocol Model {
                static func count(_ onCompletion: @escaping (Int?, Error?) -> Void)
            }
            extension Model {
                static func count(_ onCompletion: @escaping (Int?, Error?) -> Void) { onCompletion(0, nil) }
            }
            struct User: Model {}
            struct Admin: Model {
                static func count(_ onCompletion: @escaping (Int?, Error?) -> Void) { onCompletion(1, nil) }
            }
            enum Users {
                static func isEmpty(_ onCompletion: @escaping (Bool?, Error?) -> Void) {
                    User.count { count, error in
                        if let error {
                            onCompletion(nil, error)
                        } else if let count {
                            onCompletion(count == 0, nil)
                        }
                    }
                }
            }
            """, to: "Model.swift")
        let path = folder.path + "/Model.swift"
        #expect(runCommand(["wrap", path, "--type", "Model", "--write"]).status == 0)
        let run = runCommand(["convert", "--functions", path, "--context", folder.path, "--write"])
        #expect(!run.output.stderr.contains("default implementation"))
        #expect(run.output.stderr.contains("1 function(s) converted in 1 round(s), 0 refused"))
        // The default and `Admin`'s own: the facade calls the requirement, so it reaches both.
        #expect(run.output.stderr.contains("; 2 had an async version already"))
        #expect(!run.output.stderr.contains("declared already"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("let count = try await User.count()"))
    }

    /// Overloads that differ only in their handler share an async name and labels: the variant is the one
    /// whose value it returns, not the other's.
    @Test func anAsyncVariantBelongsToTheOverloadWhoseValueItReturns() throws {
        let (stderr, _) = try convertFunctions(
            """
            final class Store {
                func all(_ onCompletion: @escaping ([Int]?, Error?) -> Void) { onCompletion([], nil) }
                func all(_ onCompletion: @escaping ([String: Int]?, Error?) -> Void) { onCompletion([:], nil) }
                func all() async throws -> [Int] { [] }
            }
            """)
        #expect(stderr.contains("; 1 had an async version already"))
        #expect(stderr.contains("Service.swift:3: not converted: all(_:)"))
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

    /// Inputs a review found refused wrongly, or converted where they should not be.
    @Test func conformancesAreFollowedAndLibraryAPIIsNotTakenForADelegate() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            extension URLSession {
                static let background = URLSession(configuration: .default)
            }
            class SessionBase: NSObject, URLSessionDataDelegate {}
            final class Session: SessionBase {
                func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                                completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
                    completionHandler(response.expectedContentLength > 0 ? .allow : .cancel)
                }
            }
            public final class Downloader: NSObject, URLSessionDownloadDelegate {
                let store = Store()
                public func download(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id, completion: completion)
                }
                func request(_ request: URLRequest, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: 1, completion: completion)
                }
                func go() { request(URLRequest(url: URL(fileURLWithPath: "/"))) { _ in } }
            }
            protocol Loading { func load(key: String, completion: @escaping (String) -> Void) }
            protocol CachingLoading: Loading {}
            extension CachingLoading {
                func load(key: String, completion: @escaping (String) -> Void) { completion(key.uppercased()) }
            }
            class Screen {
                let store = Store()
                open func reload(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id, completion: completion)
                }
            }
            """)
        // (The codebase's extension of `URLSession`, as Parse-Swift has, keeps it the framework's type.)
        #expect(
            stderr.contains("urlSession(_:dataTask:didReceive:completionHandler:): it has a delegate method's shape"))
        #expect(stderr.contains("load(key:completion:): it is `CachingLoading`'s default implementation"))
        // A library's public API, a helper named for its argument, and an `open` member of an internal class.
        #expect(text.contains("    public func download(id: Int) async throws -> String {"))
        #expect(text.contains("    func request(_ request: URLRequest) async throws -> String {"))
        #expect(text.contains("    open func reload(id: Int) async throws -> String {"))
    }

    @Test func aCallerOfAnAsyncVersionBelowTheFloorKeepsItsBodyToo() throws {
        let manifest = """
            // swift-tools-version:5.9
            // .iOS(.v11) in a comment does not count.
            import PackageDescription
            let package = Package(name: "Old", platforms: [.iOS(.v12)], targets: [])
            """
        let (stderr, text) = try convert(
            """
            import Foundation
            @available(iOS 13.0, *)
            final class Service {
                let store = Store()
                func raw(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0 + "!" }) }
                }
                func title(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    raw(id: id) { result in completion(result.map { $0.uppercased() }) }
                }
            }
            """, beside: ["Package.swift": manifest])
        #expect(stderr.contains("2 function(s) converted"))
        // An iOS-only availability leaves macOS below the floor; the caller's wrapper could not call it.
        #expect(!text.contains("Task {"))
        #expect(text.components(separatedBy: "@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)").count == 3)
    }
}
