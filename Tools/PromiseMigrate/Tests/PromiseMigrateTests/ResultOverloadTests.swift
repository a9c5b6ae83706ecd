import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` where a call alone does not say what the async function returns: a generic
/// parameter that appears only in the handler, or async overloads that differ only in their result. The
/// calls the tool writes say it (`as (I, Item)`, `as String`); overloads the tool would make are refused.
@Suite struct ResultOverloadTests {
    /// Two async `load(id:)` that differ only in what they return, and the callback they serve.
    static let store = """
        import Foundation
        enum ApiError: Error { case empty }
        protocol Identifier: Sendable { init(_ text: String) }
        struct Item: Sendable { let text: String }
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "" }
            func load(id: Int) async throws -> Int { 0 }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {}
        }
        """

    /// `fetch(id:completion:)` passing `value` (written before the handler call) as `type`.
    static func fetch(_ type: String, generics: String = "", value: String) -> String {
        """
            func fetch\(generics)(id: Int, completion: @escaping @Sendable (\(type)?, Error?) -> Void) {
                store.load(id: id) { text, error in
                    guard let text else {
                        completion(nil, error ?? ApiError.empty)
                        return
                    }
                    let value: \(type) = \(value)
                    completion(value, nil)
                }
            }
        """
    }

    static func api(_ members: String...) -> String {
        "final class Api: Sendable {\n    let store = Store()\n" + members.joined(separator: "\n") + "\n}\n"
    }

    @Test func aGenericParameterOnlyInTheHandlerIsNamedByTheWrappersCall() throws {
        let (stderr, text) = try convertFunctions(
            Self.api(Self.fetch("I", generics: "<I: Identifier>", value: "I(text)")),
            beside: ["Store.swift": Self.store])
        #expect(stderr.contains("1 function(s) converted in 1 round(s), 0 refused"), "\(stderr)")
        #expect(text.contains("func fetch<I: Identifier>(id: Int) async throws -> I {"), "\(text)")
        #expect(text.contains("let value = try await fetch(id: id) as I\n"), "\(text)")
    }

    @Test func aCalleeWithAsyncOverloadsByResultIsCalledWithItsValuesType() throws {
        let (stderr, text) = try convertFunctions(
            Self.api(Self.fetch("Item", value: "Item(text: text)")), beside: ["Store.swift": Self.store])
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        // `Store.load(id:)` returns `String` or `Int`: the handler's `String` picks one.
        #expect(text.contains("text = try await store.load(id: id) as String\n"), "\(text)")
    }

    /// A superclass's `load(id:) async -> Double` makes `load(id:)` ambiguous too; an overload with
    /// another parameter type does not.
    @Test(arguments: [
        ("class Base { func load(id: Int) async throws -> Double { 0 } }", true),
        ("class Base { func load(id: String) async throws -> Double { 0 } }", false),
    ])
    func anOverloadByResultInASuperclassCounts(base: String, coerced: Bool) throws {
        let store =
            Self.store.replacingOccurrences(of: "func load(id: Int) async throws -> Int { 0 }\n", with: "")
            .replacingOccurrences(
                of: "final class Store: Sendable {", with: "final class Store: Base, @unchecked Sendable {")
            + "\n" + base + "\n"
        let (stderr, text) = try convertFunctions(
            Self.api(Self.fetch("Item", value: "Item(text: text)")), beside: ["Store.swift": store])
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        #expect(text.contains("text = try await store.load(id: id)\(coerced ? " as String" : "")\n"), "\(text)")
    }

    /// Their async versions would differ only in what they return: a call that does not say it would be
    /// ambiguous, and one value may convert to the other (`Dog` to `Animal`), which `as` cannot tell apart.
    @Test func overloadsThatDifferOnlyInTheirHandlersValueAreRefused() throws {
        let (stderr, _) = try convertFunctions(
            Self.api(Self.fetch("Item", value: "Item(text: text)"), Self.fetch("[Item]", value: "[Item(text: text)]")),
            beside: ["Store.swift": Self.store])
        #expect(stderr.contains("0 function(s) converted"), "\(stderr)")
        #expect(stderr.contains("2 name taken"), "\(stderr)")
    }

    /// `fetch(id:) async -> Item` exists (for a static overload's value): another `fetch(id:) async` would
    /// make its calls ambiguous.
    @Test func anAsyncOverloadByResultThatExistsIsAClash() throws {
        let (stderr, _) = try convertFunctions(
            Self.api(
                Self.fetch("[Item]", value: "[Item(text: text)]"),
                Self.fetch("Item", value: "Item(text: text)").replacingOccurrences(of: "func", with: "static func"),
                "    func fetch(id: Int) async throws -> Item { Item(text: \"\") }"),
            beside: ["Store.swift": Self.store])
        #expect(stderr.contains("not converted: fetch(id:completion:): `fetch(id:)` is declared already"), "\(stderr)")
    }

    /// The caller's own `Api.Item` hides the callee's `Item`: written in the caller, `Item` would name the
    /// wrong type, so the value's type is not written there (refused).
    @Test(arguments: [false, true]) func aTypeTheCallerHidesIsNotWritten(callerDeclaresItem: Bool) throws {
        let store = """
            import Foundation
            enum ApiError: Error { case empty }
            struct Item: Sendable { let text: String }
            final class Store: Sendable {
                func item(id: Int) async throws -> Item { Item(text: "") }
                @available(*, renamed: "item(id:)")
                func item(id: Int, completion: @escaping @Sendable (Item?, Error?) -> Void) {}
            }
            """
        let (stderr, text) = try convertFunctions(
            """
            final class Api: Sendable {
                \(callerDeclaresItem ? "struct Item: Sendable { let name: String }" : "")
                let store = Store()
                func title(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {
                    store.item(id: id) { item, error in
                        guard let item else {
                            completion(nil, error ?? ApiError.empty)
                            return
                        }
                        let title: String = item.text
                        completion(title, nil)
                    }
                }
            }
            """, beside: ["Store.swift": store])
        if callerDeclaresItem {
            #expect(stderr.contains("0 function(s) converted"), "\(stderr)")
            #expect(!text.contains("let item: Item"), "\(text)")
        } else {
            #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
            #expect(text.contains("let item: Item\n"), "\(text)")
        }
    }

    /// Call mode (`convert` without `--functions`) does not write the type: it leaves such a call alone.
    @Test func callModeLeavesACallOfOverloadsByResultAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.store, to: "Store.swift")
        let caller = """
            func show(_ store: Store) async {
                store.load(id: 1) { text, error in
                    guard let text else { return }
                    print(text)
                }
            }
            """
        try folder.write(caller, to: "Caller.swift")
        let run = runCommand(["convert", folder.path + "/Caller.swift", "--context", folder.path, "--write"])
        #expect(
            run.output.stderr.contains(
                "not converted: load(id:completion:): `load(id:)` must be told what it returns (it has overloads"),
            "\(run.output.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/Caller.swift", encoding: .utf8) == caller)
    }

    @Test func aCallerThatCannotNameTheGenericResultIsRefusedSayingWhy() throws {
        let (stderr, _) = try convertFunctions(
            Self.api(
                Self.fetch("I", generics: "<I: Identifier>", value: "I(text)"),
                """
                    func count(id: Int, completion: @escaping @Sendable (Int?, Error?) -> Void) {
                        fetch(id: id) { (item: Item?, error: Error?) in
                            guard let item else {
                                completion(nil, error ?? ApiError.empty)
                                return
                            }
                            completion(item.text.count, nil)
                        }
                    }
                """),
            beside: [
                "Store.swift": Self.store.replacingOccurrences(of: "struct Item:", with: "struct Item: Identifier,")
                    + "\nextension Item { init(_ text: String) { self.text = text } }\n"
            ])
        #expect(
            stderr.contains("`fetch(id:)` must be told what it returns (its generic parameter `I` appears only"),
            "\(stderr)")
    }

    /// A hand-written `fetch(id:) async` returning `Item` is not the async version of a callback whose
    /// handler takes `[Item]`: a caller converted against it would not compile. Returning `[Item]`, it is.
    @Test(arguments: [("Item", false), ("[Item]", true)])
    func aHandWrittenAsyncFunctionServesOnlyItsOwnValue(returned: String, serves: Bool) throws {
        let (stderr, text) = try convertFunctions(
            Self.api(
                "    func fetch(id: Int) async throws -> \(returned) { [Item(text: \"\")]\(serves ? "" : "[0]") }",
                Self.fetch("[Item]", value: "[Item(text: text)]"),
                """
                    func count(id: Int, completion: @escaping @Sendable (Int?, Error?) -> Void) {
                        fetch(id: id) { items, error in
                            guard let items else {
                                completion(nil, error ?? ApiError.empty)
                                return
                            }
                            let count: Int = items.isEmpty ? 0 : 1
                            completion(count, nil)
                        }
                    }
                """),
            beside: ["Store.swift": Self.store])
        if serves {
            #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
            #expect(text.contains("items = try await fetch(id: id)\n"), "\(text)")
        } else {
            #expect(
                stderr.contains("not converted: fetch(id:completion:): `fetch(id:)` is declared already"), "\(stderr)")
            #expect(stderr.contains("not converted: count(id:completion:): it calls `fetch(id:completion:)`, which"))
            #expect(!text.contains("await"), "\(text)")
        }
    }

    /// A subclass's `load(id:completion:)` passing `Int` beside its superclass's passing `String`: their async
    /// versions would differ only in their result, and `Sub`'s `load(id:) { (text: String?, …) in }` would
    /// become a call that picks `Int`'s. Both are refused, as overloads in one type are.
    @Test func overloadsByHandlerInASuperclassAndASubclassAreRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            enum ApiError: Error { case empty }
            class Base: @unchecked Sendable {
                func load(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {
                    DispatchQueue.global().async { completion("x", nil) }
                }
            }
            final class Sub: Base, @unchecked Sendable {
                func load(id: Int, completion: @escaping @Sendable (Int?, Error?) -> Void) {
                    DispatchQueue.global().async { completion(1, nil) }
                }
                func size(id: Int, completion: @escaping @Sendable (Int?, Error?) -> Void) {
                    load(id: id) { (text: String?, error: Error?) in
                        guard let text else {
                            completion(nil, error ?? ApiError.empty)
                            return
                        }
                        let size: Int = text.isEmpty ? 0 : 1
                        completion(size, nil)
                    }
                }
            }
            """)
        #expect(stderr.contains("0 function(s) converted"), "\(stderr)")
        #expect(stderr.contains("(2 name taken, 1 callee has no async variant)"), "\(stderr)")
        #expect(stderr.contains("`load(id:completion:)` is declared already (Sub, line 9"), "\(stderr)")
        #expect(!text.contains(") async"), "\(text)")
    }

    /// Where the two surely pass one value, the async function still serves the callback: `any P` is `P`,
    /// and a conformer may spell a requirement's value otherwise (`U` for `T`, `Double` for another module's
    /// `TimeInterval`). An unrelated `B.Loader` beside `A.Loader` is no overload of its method.
    @Test func spellingsOfOneValueAndUnrelatedNamesakesAreNoOverloads() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            protocol Shape: Sendable {}
            struct Circle: Shape {}
            protocol Client {
                func get<T: Decodable>(path: String, completion: @escaping (Result<T, Error>) -> Void)
                func wait(seconds: Int, completion: @escaping (Result<TimeInterval, Error>) -> Void)
            }
            final class HTTPClient: Client {
                func get<U: Decodable>(path: String, completion: @escaping (Result<U, Error>) -> Void) {
                    DispatchQueue.global().async { completion(.failure(URLError(.badURL))) }
                }
                func wait(seconds: Int, completion: @escaping (Result<Double, Error>) -> Void) {
                    DispatchQueue.global().async { completion(.success(1)) }
                }
            }
            enum A {
                final class Store: Sendable {
                    func load(id: Int, completion: @escaping @Sendable (Result<Shape, Error>) -> Void) {
                        DispatchQueue.global().async { completion(.success(Circle())) }
                    }
                    func load(id: Int) async throws -> any Shape { Circle() }
                }
            }
            enum B {
                final class Store: Sendable {
                    func load(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                        DispatchQueue.global().async { completion(.success("")) }
                    }
                }
            }
            """)
        #expect(
            stderr.contains("3 function(s) converted in 1 round(s), 0 refused; 1 had an async version already"),
            "\(stderr)")
        #expect(text.contains("func get<U: Decodable>(path: String) async throws -> U {"), "\(text)")
        #expect(text.contains("func wait(seconds: Int) async throws -> Double {"), "\(text)")
    }

    /// An associated type named as a type of the codebase (`Response`) may still be any type: `LoginRequest`
    /// implements `send(completion:)`. `B.Loader`, which shares a simple name with `Base`'s subclass
    /// `A.Loader`, has no overload of `Base.load`.
    @Test func associatedTypesAndNamesakesOfSubclassesAreNoOverloads() throws {
        let (stderr, _) = try convertFunctions(
            """
            import Foundation
            struct Response { let code: Int }
            struct LoginResponse { let token: String }
            struct Item: Sendable { let id: Int }
            protocol Request {
                associatedtype Response
                func send(completion: @escaping (Result<Response, Error>) -> Void)
            }
            final class LoginRequest: Request {
                func send(completion: @escaping (Result<LoginResponse, Error>) -> Void) {
                    DispatchQueue.global().async { completion(.success(LoginResponse(token: "t"))) }
                }
            }
            class Base {
                func load(completion: @escaping (Result<[Item], Error>) -> Void) {
                    DispatchQueue.global().async { completion(.success([])) }
                }
            }
            enum A { final class Loader: Base {} }
            enum B {
                final class Loader {
                    func load(completion: @escaping (Result<Item, Error>) -> Void) {
                        DispatchQueue.global().async { completion(.success(Item(id: 1))) }
                    }
                }
            }
            """)
        #expect(!stderr.contains("name taken"), "\(stderr)")
        #expect(stderr.contains("Service.swift:10: send(completion:) -> send() async"), "\(stderr)")
        #expect(stderr.contains("Service.swift:15: load(completion:) -> load() async"), "\(stderr)")
    }
}
