import Foundation
import PromiseMigrateKit
import Testing

/// Reviews 17 to 19. Conversions that did not compile: an async name that a subclass's method with other
/// labels shares, a static async name that an enum case shares, a `Result` local that a codebase's own
/// `Result` hides, a pair whose failure takes a typed error, typed `throws` under tools version 5.5. One
/// that behaved otherwise: an optional handler's computed argument. And what the tool cannot judge: two
/// completion closures, a WidgetKit provider's requirements. And review 20's: a callee converted in one
/// `#if` branch only, an `@objcMembers` class's selectors, a receiver that is not `Sendable` awaited from
/// an actor.
@Suite struct ReviewSeventeenTests {
    static let store = """
        import Foundation
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "v\\(id)" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping @Sendable (Swift.Result<String, Error>) -> Void) {}
        }
        """

    /// `Sub.fetch(id:handler:)` overrides nothing, but both async versions would be `fetch(id:)`: the
    /// subclass's would need `override`, and would then take the superclass's calls.
    @Test func aSubclassMethodWithOtherLabelsTakesTheAsyncName() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            class Base: @unchecked Sendable {
                let store = Store()
                func fetch(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { r in completion(r.map { $0 + "b" }) }
                }
            }
            final class Sub: Base, @unchecked Sendable {
                func fetch(id: Int, handler: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { r in handler(r.map { $0 + "s" }) }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("fetch(id:completion:): `fetch(id:handler:)` is declared already (Sub"))
        #expect(stderr.contains("fetch(id:handler:): `fetch(id:completion:)` is declared already (Base"))
        #expect(!text.contains("async"))
    }

    /// `case run(id: Int)` and `static func run(id:) async` make `run(id: 1)` ambiguous; an instance
    /// method of the same name is reached through a value and converts.
    @Test func aStaticMethodNamedLikeACaseIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            enum Cmd: Sendable {
                case run(id: Int)
                static func run(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    Store().load(id: id) { r in completion(r.map { $0 + "e" }) }
                }
                func run(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    Store().load(id: id) { r in completion(r.map { $0 + "i" }) }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("run(id:completion:): `Cmd` has a case named `run`"))
        #expect(!text.contains("static func run(id: Int) async"))
        #expect(text.contains("    func run(id: Int) async throws -> String {"))
    }

    /// A codebase's own one-parameter `Result` must not take the generated local's type.
    @Test func theResultLocalIsTheStandardLibrarys() throws {
        let (_, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let store = Store()
                func count(id: Int, completion: @escaping @Sendable (Swift.Result<Int, Error>) -> Void) {
                    store.load(id: id) { r in completion(r.map { $0.count }) }
                }
            }
            """, beside: ["Store.swift": Self.store, "Result.swift": "enum Result<Value> { case success(Value) }"])
        #expect(text.contains("        let r: Swift.Result<String, any Error>\n"))
    }

    static let typedStore = """
        import Foundation
        enum APIError: Error { case gone }
        final class Typed: Sendable {
            func typed(id: Int) async throws(APIError) -> String { "t" }
            @available(*, renamed: "typed(id:)")
            func typed(id: Int, completion: @escaping @Sendable (Swift.Result<String, APIError>) -> Void) {}
        }
        """

    /// The async version throws untyped; the wrapper's `failure(error)` would pass `any Error`.
    @Test func aPairWhoseFailureTakesATypedErrorIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let store = Typed()
                func typedPair(id: Int, success: @escaping @Sendable (String) -> Void,
                               failure: @escaping @Sendable (APIError) -> Void) {
                    store.typed(id: id) { result in
                        switch result {
                        case .success(let v): success(v)
                        case .failure(let e): failure(e)
                        }
                    }
                }
            }
            """, beside: ["Typed.swift": Self.typedStore])
        #expect(stderr.contains("typedPair(id:success:failure:): its failure closure takes `APIError`, not any error"))
        #expect(!text.contains("async"))
    }

    /// With no handler, `completion?(counter.next())` never counted; the old function keeps its body.
    @Test func anOptionalHandlersComputedArgumentKeepsTheOldBody() throws {
        let (_, text) = try convertFunctions(
            """
            import Foundation
            final class Counter: @unchecked Sendable { var n = 0; func next() -> Int { n += 1; return n } }
            final class Svc: @unchecked Sendable {
                let store = Store()
                let counter = Counter()
                func optCount(id: Int, completion: (@Sendable (Int) -> Void)? = nil) {
                    store.load(id: id) { _ in
                        completion?(self.counter.next())
                    }
                }
                func optSeven(id: Int, completion: (@Sendable (Int) -> Void)? = nil) {
                    store.load(id: id) { _ in
                        completion?(7)
                    }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(text.contains("            completion?(self.counter.next())\n"))
        #expect(text.contains("    func optCount(id: Int) async -> Int {"))
        // A literal computes nothing: the old function becomes the wrapper.
        #expect(!text.contains("            completion?(7)\n"))
        #expect(text.contains("    func optSeven(id: Int) async -> Int {"))
    }

    /// ownCloud's `scheduleTasks(fetchCompletion:completion:)`, and WidgetKit's providers, which the
    /// framework calls through their requirements.
    @Test func twoCompletionClosuresAndAWidgetProviderAreLeftAlone() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Tasks: Sendable {
                let store = Store()
                func schedule(fetchCompletion: ((Bool) -> Void)? = nil, completion: ((Int) -> Void)? = nil) {
                    store.load(id: 1) { _ in
                        fetchCompletion?(true)
                        completion?(1)
                    }
                }
            }
            struct Provider: TimelineProvider {
                let store = Store()
                func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
                    store.load(id: 2) { _ in completion(Entry()) }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(
            stderr.contains(
                "schedule(fetchCompletion:completion:): it takes another completion closure, `fetchCompletion`"))
        #expect(
            stderr.contains(
                "getSnapshot(in:completion:): nothing here calls it, and its type conforms to `TimelineProvider`"))
        #expect(!text.contains("async"))
    }

    /// Parse-Swift's `swift-tools-version:5.5`: its CI's Swift 5.6 cannot read `throws(ParseError)`, so the
    /// async version throws untyped, as the package's own async API does, beside the old function kept whole.
    @Test func typedFailuresThrowUntypedBeforeToolsVersionSix() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let queue = DispatchQueue(label: "q")
                func name(id: Int, completion: @escaping @Sendable (Swift.Result<String, APIError>) -> Void) {
                    queue.async { completion(id > 0 ? .success("x") : .failure(.gone)) }
                }
            }
            """,
            beside: [
                "Typed.swift": Self.typedStore,
                "Package.swift": """
                // swift-tools-version:5.5
                import PackageDescription
                let package = Package(name: "P")

                """,
            ])
        #expect(!stderr.contains("not converted: name(id:completion:)"))
        #expect(text.contains("func name(id: Int) async throws -> String {"))
        #expect(!text.contains("throws(APIError)"))
        // The old function keeps its body: a wrapper could not turn any error into an `APIError`.
        #expect(text.contains("    queue.async { completion(id > 0 ? .success(\"x\") : .failure(.gone)) }\n    }\n"))
        #expect(!text.contains("Task {"))
    }

    /// `#if FOO` converts `f`; its `#else` stub cannot. Built without `FOO`, `g`'s await would not compile.
    /// Where both branches convert, each has its own async version, and `g` converts against it.
    @Test func aCalleeConvertedInOneIfBranchOnlyWaits() throws {
        func source(stub: Bool) -> String {
            """
            import Foundation
            final class Svc: Sendable {
                let store = Store()
                #if FOO
                func f(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0 + "f" }) }
                }
                #else
                func f(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    \(stub ? "completion(.success(\"stub\"))" : "store.load(id: id) { result in completion(result) }")
                }
                #endif
                func g(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    f(id: id) { result in completion(result.map { $0 + "g" }) }
                }
            }
            """
        }
        let (stderr, text) = try convertFunctions(source(stub: true), beside: ["Store.swift": Self.store])
        #expect(
            stderr.contains("g(id:completion:): it calls `f(id:completion:)`, whose declaration under `#if !(FOO)`"))
        #expect(!text.contains("func g(id: Int) async"))
        let (_, both) = try convertFunctions(source(stub: false), beside: ["Store.swift": Self.store])
        #expect(both.contains("func g(id: Int) async throws -> String {"))
    }

    /// Under `@objcMembers` (a superclass's too) the async `go(id:)` is `@objc`, with the old method's
    /// selector `goWithId:completionHandler:`.
    @Test func anObjCMembersClassKeepsItsSelectors() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            @objcMembers class Base: NSObject, @unchecked Sendable {}
            final class F1: Base, @unchecked Sendable {
                let store = Store()
                func go(id: Int, completionHandler: @escaping @Sendable (Error?) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success: completionHandler(nil)
                        case .failure(let e): completionHandler(e)
                        }
                    }
                }
                func name(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result.map { $0 + "!" }) }
                }
            }
            """, beside: ["Store.swift": Self.store])
        #expect(stderr.contains("go(id:completionHandler:): its type exposes its methods to Objective-C"))
        #expect(!text.contains("func go(id: Int) async"))
        // Another label gives another selector (`nameWithId:completion:`).
        #expect(text.contains("func name(id: Int) async throws -> String {"))
    }

    /// Swift 6 runs `Api.get(id:) async` off the main actor: awaiting it on `self.api` from a `@MainActor`
    /// type sends a non-Sendable `Api` away ("sending 'self.api' risks causing data races").
    @Test func aNonSendableReceiverAwaitedFromAnActorIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Api {
                func get(id: Int) async throws -> Int { id }
                @available(*, renamed: "get(id:)")
                func get(id: Int, completion: @escaping (Result<Int, Error>) -> Void) { completion(.success(id)) }
            }
            final class SafeApi: Sendable {
                func get(id: Int) async throws -> Int { id }
                @available(*, renamed: "get(id:)")
                func get(id: Int, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {}
            }
            @MainActor final class Screen {
                var label = ""
                let api = Api()
                let safe = SafeApi()
                func show(id: Int, completion: @escaping @Sendable (Error?) -> Void) {
                    api.get(id: id) { result in
                        switch result {
                        case .success(let n): self.label = "\\(n)"; completion(nil)
                        case .failure(let e): completion(e)
                        }
                    }
                }
                func count(id: Int, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    safe.get(id: id) { result in completion(result.map { $0 + 1 }) }
                }
            }
            """)
        #expect(
            stderr.contains("show(id:completion:): `api.get` would be awaited from this function's actor on `api`"))
        #expect(!text.contains("func show(id: Int) async"))
        #expect(text.contains("func count(id: Int) async throws -> Int {"))
    }

    /// The same for an argument: `Loader.load(_:)` is nonisolated, so awaiting it from the main actor with
    /// a non-Sendable property or parameter sends that value away ("sending 'self.box' risks causing
    /// data races"); a Sendable one may go.
    @Test func aNonSendableArgumentAwaitedFromAnActorIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Box { var n = 0 }
            final class Loader: Sendable {
                func load(_ box: Box) async throws -> Int { box.n }
                @available(*, renamed: "load(_:)")
                func load(_ box: Box, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {}
                func load(id: Int) async throws -> Int { id }
                @available(*, renamed: "load(id:)")
                func load(id: Int, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {}
            }
            @MainActor final class Screen {
                let loader = Loader()
                let box = Box()
                func fromProperty(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    loader.load(self.box) { result in completion(result) }
                }
                func fromParameter(_ other: Box, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    loader.load(other) { result in completion(result) }
                }
                func fromValue(id: Int, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    loader.load(id: id) { result in completion(result) }
                }
            }
            """)
        let refusal = "`loader.load` would be awaited from this function's actor passing"
        #expect(stderr.contains("fromProperty(completion:): \(refusal) `box`"))
        #expect(stderr.contains("fromParameter(_:completion:): \(refusal) `other`"))
        #expect(!text.contains("func fromProperty() async"))
        #expect(!text.contains("func fromParameter(_ other: Box) async"))
        #expect(text.contains("func fromValue(id: Int) async throws -> Int {"))
    }
}
