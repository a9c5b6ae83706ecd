import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` over functions that also return a handle (a task, a request, something to
/// cancel): the old function stays as it is for the callers that use the handle, and gains an async
/// version converted from the same body.
@Suite struct HandleReturningTests {
    static let client = """
        import Foundation
        public protocol Cancellable { func cancel() }
        final class Client: Sendable {
            @available(macOS 12, iOS 15, *)
            func remove(id: Int) async throws {}
            @available(*, renamed: "remove(id:)")
            @discardableResult
            func remove(id: Int, completion: @escaping (Error?) -> Void) -> Cancellable? { nil }
            func name(id: Int) async throws -> String { "" }
            @available(*, renamed: "name(id:)")
            func name(id: Int, completion: @escaping (String?, Error?) -> Void) -> Cancellable { fatalError() }
        }
        """

    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code, beside: ["Client.swift": Self.client])
    }

    @Test func theOldFunctionKeepsItsBodyAndTheAsyncOneDropsTheHandle() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            enum ServiceError: Error { case invalid }
            final class Service {
                let client = Client()
                /// Removes the record.
                /// - Parameter completion: called when it is gone.
                /// - Returns: a handle that cancels the removal.
                @discardableResult
                func drop(id: Int, completion: @escaping (Error?) -> Void) -> Cancellable? {
                    guard id > 0 else {
                        completion(ServiceError.invalid)
                        return nil
                    }
                    return client.remove(id: id) { error in
                        completion(error)
                    }
                }
                func title(id: Int, completion: @escaping (Result<String, Error>) -> Void) -> Cancellable {
                    let request = client.name(id: id) { name, error in
                        if let error {
                            completion(.failure(error))
                        } else if let name {
                            completion(.success(name.capitalized))
                        }
                    }
                    return request
                }
            }
            """)
        #expect(stderr.contains("2 function(s) converted"))
        #expect(
            text.contains(
                """
                    /// - Returns: a handle that cancels the removal.
                    @available(*, renamed: "drop(id:)")
                    @discardableResult
                    func drop(id: Int, completion: @escaping (Error?) -> Void) -> Cancellable? {
                        guard id > 0 else {
                            completion(ServiceError.invalid)
                            return nil
                        }
                        return client.remove(id: id) { error in
                            completion(error)
                        }
                    }

                    /// Removes the record.
                    @available(macOS 12, iOS 15, *)
                    func drop(id: Int) async throws {
                        guard id > 0 else {
                """))
        #expect(text.contains("        return try await client.remove(id: id)\n    }\n"))
        #expect(
            text.contains(
                """
                    func title(id: Int) async throws -> String {
                        let name = try await client.name(id: id)
                        return name.capitalized
                    }
                """))
    }

    @Test func aValueThatIsNoHandleOrAPathThatReturnsOneWithoutTheHandlerIsRefused() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Service {
                let client = Client()
                func count(id: Int, completion: @escaping (Error?) -> Void) -> Int {
                    client.remove(id: id) { error in completion(error) }
                    return 1
                }
                func drop(id: Int, completion: @escaping (Error?) -> Void) -> Cancellable? {
                    guard id > 0 else { return nil }
                    return client.remove(id: id) { error in completion(error) }
                }
                func nothing(completion: @escaping (Error?) -> Void) -> Cancellable? {
                    completion(nil)
                    return nil
                }
                func cleanup() -> Cancellable? { nil }
                func later(id: Int, completion: @escaping (Error?) -> Void) -> Cancellable? {
                    guard id > 0 else {
                        completion(nil)
                        return cleanup()
                    }
                    return client.remove(id: id) { error in completion(error) }
                }
                func page(id: Int, completion: @escaping (Error?) -> Void) -> PageToken {
                    client.remove(id: id) { error in completion(error) }
                    return PageToken()
                }
                func used(id: Int, completion: @escaping (Error?) -> Void) -> Cancellable? {
                    let request = client.remove(id: id) { error in completion(error) }
                    print(request as Any)
                    return request
                }
                func lookup(id: Int) -> String? { nil }
                func lookup(id: Int, completion: @escaping (Error?) -> Void) -> Cancellable? {
                    return client.remove(id: id) { error in completion(error) }
                }
            }
            struct PageToken {}
            """)
        #expect(stderr.contains("0 function(s) converted"))
        #expect(
            stderr.contains(":4: not converted: count(id:completion:): it returns `Int` as well as calling the handler")
        )
        #expect(stderr.contains(":9: not converted: drop(id:completion:): it returns without calling the handler"))
        #expect(
            stderr.contains(":12: not converted: nothing(completion:): it returns `Cancellable?` as well as calling"))
        #expect(stderr.contains(":20: not converted: later(id:completion:): this runs after the handler is called"))
        #expect(stderr.contains(":24: not converted: page(id:completion:): it returns `PageToken` as well as calling"))
        #expect(stderr.contains(":29: not converted: used(id:completion:): `request`, what this call returns"))
        #expect(stderr.contains(":34: not converted: lookup(id:completion:): `lookup(id:)` is declared already"))
        #expect(!text.contains("async"))
    }

    /// Foundation's `Progress` is a handle (WordPressKit's `GET(…) -> Progress?` returns its request's):
    /// it reports the work's progress and cancels it. A type of the codebase named so is not.
    @Test func foundationsProgressIsAHandleButACodebaseTypeOfThatNameIsNot() throws {
        let rest = try convertFunctions(
            """
            import Foundation
            final class Rest {
                let client = Client()
                func delete(id: Int, completion: @escaping (Error?) -> Void) -> Progress? {
                    client.remove(id: id) { error in completion(error) }
                    return nil
                }
            }
            extension Progress {
                var isHalfDone: Bool { fractionCompleted >= 0.5 }
            }
            """, beside: ["Client.swift": Self.client])
        #expect(rest.stderr.contains("1 function(s) converted"))
        #expect(rest.text.contains("    func delete(id: Int) async throws {\n"))
        #expect(rest.text.contains("        return try await client.remove(id: id)\n"))
        let own = try convertFunctions(
            """
            import Foundation
            struct Progress { var done = 0 }
            final class Rest {
                let client = Client()
                func delete(id: Int, completion: @escaping (Error?) -> Void) -> Progress? {
                    client.remove(id: id) { error in completion(error) }
                    return nil
                }
            }
            """, beside: ["Client.swift": Self.client])
        #expect(own.stderr.contains(":5: not converted: delete(id:completion:): it returns `Progress?` as well as"))
    }

    /// A public `loadData(withTypeIdentifier:forItemProviderCompletionHandler:) -> Progress?` of an
    /// `NSItemProviderWriting` (Mastodon's) implements the framework's requirement, whose async form
    /// (`loadData(withTypeIdentifier:) async throws -> Data`) an async version beside it would clash with.
    @Test func anItemProvidersLoadDataIsTheFrameworksRequirement() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            public final class Attachment: NSObject, NSItemProviderWriting {
                let client = Client()
                public static var writableTypeIdentifiersForItemProvider: [String] { ["public.data"] }
                public func loadData(
                    withTypeIdentifier typeIdentifier: String,
                    forItemProviderCompletionHandler completionHandler: @escaping (Data?, Error?) -> Void
                ) -> Progress? {
                    client.name(id: 1) { name, error in
                        if let error {
                            completionHandler(nil, error)
                        } else if let name {
                            completionHandler(Data(name.utf8), nil)
                        }
                    }
                    return nil
                }
            }
            """, beside: ["Client.swift": Self.client])
        #expect(
            stderr.contains(
                ":5: not converted: loadData(withTypeIdentifier:forItemProviderCompletionHandler:): it returns a "
                    + "`Progress`, as framework requirements do, and its type conforms to `NSItemProviderWriting`"))
        #expect(!text.contains("async"))
    }

    /// Any method that returns a `Progress` in a type that conforms to a framework's protocol may be its
    /// requirement (a File Provider extension has several), whatever its name, and through a typealias of
    /// the protocol too. A `Progress` that is the codebase's typealias, or a generic parameter, is a value.
    @Test func progressReturningMethodsOfFrameworkConformersAndProgressAliasesAreRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            typealias Servicing = NSFileProviderServicing
            public final class Extension: NSObject, Servicing {
                let client = Client()
                public func supportedServiceSources(
                    for identifier: String, completionHandler: @escaping ([String]?, Error?) -> Void
                ) -> Progress? {
                    client.name(id: 1) { name, error in
                        if let error {
                            completionHandler(nil, error)
                        } else if let name {
                            completionHandler([name], nil)
                        }
                    }
                    return nil
                }
            }
            """, beside: ["Client.swift": Self.client])
        #expect(
            stderr.contains(
                ":5: not converted: supportedServiceSources(for:completionHandler:): it returns a `Progress`, as "
                    + "framework requirements do, and its type conforms to `NSFileProviderServicing`"))
        #expect(!text.contains("async"))
        let aliased = try convertFunctions(
            """
            import Foundation
            typealias Progress = Double
            final class Rest {
                let client = Client()
                var fraction: Progress = 0.5
                func remove(id: Int, completion: @escaping (Error?) -> Void) -> Progress {
                    client.remove(id: id) { error in completion(error) }
                    return fraction
                }
            }
            final class Box<Progress> {
                let client = Client()
                let progress: Progress
                init(progress: Progress) { self.progress = progress }
                func remove(id: Int, completion: @escaping (Error?) -> Void) -> Progress {
                    client.remove(id: id) { error in completion(error) }
                    return progress
                }
            }
            """, beside: ["Client.swift": Self.client])
        #expect(aliased.stderr.contains(":6: not converted: remove(id:completion:): it returns `Progress` as well as"))
        #expect(aliased.stderr.contains(":15: not converted: remove(id:completion:): it returns `Progress` as well as"))
        #expect(!aliased.text.contains("async"))
    }
}
