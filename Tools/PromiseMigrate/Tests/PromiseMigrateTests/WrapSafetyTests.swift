import Foundation
import PromiseMigrateKit
import Testing

/// What `wrap` generates compiles beside the existing code and changes no caller's meaning.
@Suite struct WrapSafetyTests {
    /// `wrap` of `source`, written to a temporary folder as `name`.
    private func wrap(_ source: String, name: String = "Service.swift") throws -> BufferOutput {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(source, to: name)
        return runCommand(["wrap", "\(folder.path)/\(name)"]).output
    }

    @Test func accessIsNeverWiderThanTheMethods() throws {
        let code = try wrap(
            """
            public final class Service: @unchecked Sendable {
                func internalLoad(completion: @escaping (Int?, Error?) -> Void) {}
                public func publicLoad(completion: @escaping (Int?, Error?) -> Void) {}
            }
            public extension Service {
                func extensionLoad(completion: @escaping (Int?, Error?) -> Void) {}
            }
            """
        ).stdout
        #expect(code.contains("    func internalLoadPromise() -> Promise<Int> {"))
        #expect(code.contains("    public func publicLoadPromise() -> Promise<Int> {"))
        #expect(code.contains("    public func extensionLoadPromise() -> Promise<Int> {"))
    }

    @Test func noAsyncFacadeShadowsAnExistingDeclaration() throws {
        let output = try wrap(
            """
            import Foundation
            final class Exporter: Sendable {
                func write(toFile path: String, completion: @escaping (URL?, Error?) -> Void) {}
                func write(toFile path: String) -> Int { 0 }
            }
            """)
        #expect(output.stdout.contains("func writePromise(toFile path: String) -> Promise<URL>"))
        #expect(!output.stdout.contains("func write(toFile path: String) async"))
        #expect(output.stdout.contains("no async facade: `write(toFile:)` exists already"))
    }

    @Test func aProtocolThatIsNotSendableGetsFacadesForItsSendableConformersOnly() throws {
        let code = try wrap(
            """
            protocol Model: Codable {
                static func findAll(_ onCompletion: @escaping ([Self]?, Error?) -> Void)
                static func count(_ onCompletion: @escaping (Int?, Error?) -> Void)
            }
            protocol Record: Sendable {
                func reload(_ onCompletion: @escaping (Self?, Error?) -> Void)
            }
            """
        ).stdout
        #expect(code.contains("static func findAllPromise() -> Promise<[Self]> where Self: Sendable {"))
        #expect(code.contains("static func findAll() async throws -> [Self] where Self: Sendable {"))
        #expect(code.contains("static func countPromise() -> Promise<Int> {"))
        #expect(code.contains("func reloadPromise() -> Promise<Self> {"))
        // A struct named like a protocol is no protocol.
        let remote = try wrap(
            """
            protocol Model {}
            enum Remote {
                struct Model: Sendable {
                    func copy(completion: @escaping (Self?, Error?) -> Void) { completion(self, nil) }
                }
            }
            """
        ).stdout
        #expect(remote.contains("func copyPromise() -> Promise<Self> {"))
    }

    @Test func anExistingAsyncVariantWithoutTheQueueParameterIsRecognized() throws {
        let code = try wrap(
            """
            import Dispatch
            final class Api: Sendable {
                func fetch(id: Int, callbackQueue: DispatchQueue = .main, completion: @escaping (Int?, Error?) -> Void) {}
                func fetch(id: Int) async throws -> Int { 0 }
            }
            """
        ).stdout
        #expect(!code.contains("func fetch(id: Int) async throws -> Int {\n        try await"))
        #expect(code.contains("already has an async variant, `fetch(id:)`"))
    }

    @Test func anAsyncFunctionReturningAnotherValueIsNoVariantOfAnOverloadByHandler() throws {
        // Swift-Kuery-ORM's `save(using:_:)` overloads, once `wrap` gave the other one (`Self?`) its facade.
        let code = try wrap(
            """
            final class Store: Sendable {
                func save(using db: String, _ done: @escaping (String?, Int?, Error?) -> Void) {}
                func save(using db: String) async throws -> Int { 0 }
            }
            """
        ).stdout
        #expect(!code.contains("already has an async variant"))
        #expect(code.contains("no async facade: `save(using:)` is declared async already"))
        // A static method is no instance method's variant (review).
        let instance = try wrap(
            """
            final class Api: Sendable {
                func load(id: Int, completion: @escaping (Int?, Error?) -> Void) {}
                static func load(id: Int) async throws -> Int { 0 }
            }
            """
        ).stdout
        #expect(!instance.contains("already has an async variant"))
        #expect(instance.contains("no async facade: `load(id:)` exists already"))
        #expect(code.contains("Service.swift:3) and returns `Int`, not\n    /// `(String, Int)`;"))
    }

    @Test func promiseIsQualifiedWhereAnotherLibrarysPromiseIsImported() throws {
        let code = try wrap(
            """
            import PromiseKit
            final class Legacy: Sendable {
                func load(completion: @escaping (String?, Error?) -> Void) {}
            }
            """
        ).stdout
        #expect(code.contains("func loadPromise() -> Promises.Promise<String> {"))
        #expect(code.contains("Promises.Promise.wrapping { resolver in self.load(completion: resolver.resolve) }"))
        #expect(code.contains("import Promises\n"))
    }

    @Test func anyIsNotSendableAndFluentRequestsAreCancellable() throws {
        let output = try wrap(
            """
            final class Request: Sendable {
                func cancel() {}
                func response(completion: @escaping (String?, Error?) -> Void) -> Self { self }
                func json(completion: @escaping ([String: Any]?, Error?) -> Void) {}
            }
            """)
        #expect(
            output.stderr.contains(
                "not wrapped: Request.json(completion:): `Promise<[String: Any]>` needs a Sendable value"))
        #expect(output.stdout.contains("let operation = self.response(completion:"))
        #expect(output.stdout.contains("resolver.onCancel { operation.cancel() }"))
    }
}

extension WrapSafetyTests {
    @Test func aProtocolAndItsConformingClassGetOneFacade() throws {
        let output = try wrap(
            """
            protocol Loading: Sendable {
                func load(completion: @escaping (Int?, Error?) -> Void)
            }
            final class Loader: Loading {
                func load(completion: @escaping (Int?, Error?) -> Void) {}
            }
            """)
        #expect(output.stdout.contains("extension Loading {"))
        #expect(!output.stdout.contains("extension Loader {"))
        #expect(output.stderr.contains("not wrapped: Loader.load(completion:): the protocol's facade serves it"))
    }
}
