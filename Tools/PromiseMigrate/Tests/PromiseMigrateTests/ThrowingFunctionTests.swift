import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` on a function that throws as well as calling its handler (Perfect-Net's
/// `connect(address:port:timeoutSeconds:callBack:) throws`, Parse-Swift's `LiveQuerySocket.connect`): its async
/// version throws both kinds of error, and the old function keeps its body, so its callers still catch what
/// it throws before it returns.
@Suite struct ThrowingFunctionTests {
    static let store = """
        import Foundation
        enum NetError: Error { case bad, timeout }
        final class Store: Sendable {
            func fetch(id: Int) async throws -> Int { id }
            @available(*, renamed: "fetch(id:)")
            func fetch(id: Int, completion: @escaping (Result<Int, Error>) -> Void) {}
            func save(_ text: String) async throws {}
            @available(*, renamed: "save(_:)")
            func save(_ text: String, completion: @escaping (Error?) -> Void) {}
            func load(id: Int) async throws -> String { "" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping (String?, Error?) -> Void) {}
            func ready() async -> Bool { true }
        }
        """

    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code, beside: ["Store.swift": Self.store])
    }

    @Test func itsErrorsAndTheHandlersAreThrownAndItKeepsItsBody() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Net {
                let store = Store()
                func parse(_ text: String) throws -> Int { text.count }
                func connect(address: String, callBack: @escaping (Net?) -> Void) throws {
                    guard !address.isEmpty else {
                        throw NetError.bad
                    }
                    let port = try parse(address)
                    if port > 0 {
                        callBack(self)
                    } else {
                        Task {
                            let ready = await store.ready()
                            callBack(ready ? self : nil)
                        }
                    }
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        // The old function as it was: a wrapper would hand what it throws to the handler instead.
        #expect(
            text.contains(
                """
                    @available(*, renamed: "connect(address:)")
                    func connect(address: String, callBack: @escaping (Net?) -> Void) throws {
                        guard !address.isEmpty else {
                            throw NetError.bad
                        }
                """))
        #expect(
            text.contains(
                """
                    func connect(address: String) async throws -> Net? {
                        guard !address.isEmpty else {
                            throw NetError.bad
                        }
                        let port = try parse(address)
                        if port > 0 {
                            return self
                        } else {
                            let ready = await store.ready()
                            return ready ? self : nil
                        }
                    }
                """), "\(text)")
    }

    /// A handler that cannot fail (`() -> Void`) still gets an async version that throws.
    @Test func aHandlerThatCannotFailStillThrows() throws {
        let (stderr, text) = try convert(
            """
            final class Net {
                let store = Store()
                func check(_ text: String) throws {}
                func warm(_ text: String, completion: @escaping () -> Void) throws {
                    try check(text)
                    Task {
                        _ = await store.ready()
                        completion()
                    }
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        #expect(text.contains("func warm(_ text: String) async throws {"), "\(text)")
    }

    /// `Result<T, NetError>`: what the body throws is untyped, so the async version throws untyped too.
    @Test func aTypedFailureIsWidened() throws {
        let (stderr, text) = try convert(
            """
            final class Net {
                let store = Store()
                func send(text: String, completion: @escaping (Result<Int, NetError>) -> Void) throws {
                    guard text.count < 10 else { throw NetError.bad }
                    guard text.count > 1 else {
                        completion(.failure(.timeout))
                        return
                    }
                    completion(.success(text.count))
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        #expect(text.contains("func send(text: String) async throws -> Int {"), "\(text)")
        #expect(text.contains("throw (.timeout as NetError)"), "\(text)")
        #expect(!text.contains("throws(NetError)"), "\(text)")
    }

    @Test func rethrowsAndTypedThrowsAreRefused() throws {
        let (stderr, _) = try convert(
            """
            final class Net {
                func typed(text: String, completion: @escaping (Int) -> Void) throws(NetError) {
                    completion(1)
                }
            }
            """)
        #expect(stderr.contains("0 function(s) converted"), "\(stderr)")
        #expect(stderr.contains("it is declared `throws(NetError)` as well"), "\(stderr)")
    }

    /// A caller that passes its handler into a closure of a call under `try`: errors come two ways there,
    /// and one `try await` would merge them.
    @Test func aCallUnderTryThatHandsTheHandlerOnIsRefused() throws {
        let (stderr, text) = try convert(
            """
            final class Net {
                let store = Store()
                func fetch(address: String, completion: @escaping (String?, Error?) -> Void) throws {
                    store.load(id: address.count) { value, error in
                        completion(value, error)
                    }
                }
            }
            final class User {
                let net = Net()
                func start(completion: @escaping (String?, Error?) -> Void) {
                    do {
                        try net.fetch(address: "a") { value, error in
                            completion(value, error)
                        }
                    } catch {
                        completion(nil, error)
                    }
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        #expect(
            stderr.contains(
                "start(completion:): the handler is handed to `net.fetch`, called under `try`"),
            "\(stderr)")
        #expect(!text.contains("func start() async"), "\(text)")
    }

    /// A `try` in a nested call's arguments: awaited, its error would take the call's error path (here,
    /// `return 0`), or land in a continuation's closure, which cannot throw.
    @Test func aTryInANestedCallsArgumentsIsRefused() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Net {
                let store = Store()
                let queue = DispatchQueue(label: "net")
                func parse(_ text: String) throws -> Int { text.count }
                func size(text: String, completion: @escaping (Int) -> Void) throws {
                    store.fetch(id: try parse(text)) { result in
                        switch result {
                        case .success(let n): completion(n)
                        case .failure: completion(0)
                        }
                    }
                }
                func later(text: String, completion: @escaping (Int) -> Void) throws {
                    queue.asyncAfter(deadline: .now() + .seconds(try parse(text))) {
                        completion(text.count)
                    }
                }
            }
            """)
        #expect(stderr.contains("0 function(s) converted"), "\(stderr)")
        #expect(stderr.contains("2 refused (2 try in the arguments)"), "\(stderr)")
        #expect(!text.contains(") async"), "\(text)")
    }

    /// `return try api(x) { … }`, `_ = try api(x) { … }` and `try? api(x) { … }` are calls under `try` too.
    @Test func everyCallUnderTryThatUsesTheHandlerIsRefusedAlike() throws {
        let (stderr, _) = try convert(
            """
            final class Net {
                func send(_ text: String, completion: @escaping (Error?) -> Void) throws {}
            }
            final class User {
                let net = Net()
                func a(completion: @escaping (Error?) -> Void) throws {
                    return try net.send("a") { error in completion(error) }
                }
                func b(completion: @escaping (Error?) -> Void) {
                    _ = try? net.send("b") { error in completion(error) }
                }
            }
            """)
        #expect(
            stderr.contains(
                "a(completion:): the handler is handed to `net.send`, called under `try`"),
            "\(stderr)")
        #expect(
            stderr.contains(
                "b(completion:): the handler is handed to `net.send`, called under `try`"),
            "\(stderr)")
    }

    /// `throws(any Error)` throws any error, as `throws` does; `rethrows` is refused with its own reason.
    @Test func anyErrorIsUntypedAndRethrowsHasItsReason() throws {
        let (stderr, text) = try convert(
            """
            final class Net {
                let store = Store()
                func check(_ text: String) throws {}
                func post(_ text: String, completion: @escaping (Error?) -> Void) throws(any Error) {
                    try check(text)
                    store.save(text) { error in
                        completion(error)
                    }
                }
                func each(_ body: () throws -> Void, completion: @escaping () -> Void) rethrows {
                    try body()
                    completion()
                }
            }
            """)
        #expect(text.contains("func post(_ text: String) async throws {"), "\(text)")
        #expect(stderr.contains("each(_:completion:): it is declared `rethrows` as well"), "\(stderr)")
    }

    /// A closure that names its error `error` and hands on what it makes of it: the `catch` binds another name,
    /// or its own `error` would hide the closure's.
    @Test func aClosuresErrorNamedErrorIsNotHiddenByTheCatch() throws {
        let (stderr, text) = try convert(
            """
            final class Net {
                let store = Store()
                func saved(_ text: String, completion: @escaping (Bool) -> Void) throws {
                    store.save(text) { error in
                        completion(error == nil)
                    }
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted"), "\(stderr)")
        #expect(
            text.contains(
                """
                        let error: (any Error)?
                        do {
                            try await store.save(text)
                            error = nil
                        } catch let caught {
                            error = caught
                        }
                        return error == nil
                """), "\(text)")
    }

    /// A caller converted in a later round than its callee: a call that leaves out the callee's defaulted
    /// handler would reach the callee's async version once the caller's body is async.
    @Test func aLeftOutDefaultedHandlerOfAConvertedCalleeIsRefused() throws {
        let (stderr, _) = try convert(
            """
            final class Net: Sendable {
                let store = Store()
                func warm(text: String, completion: (@Sendable (Bool) -> Void)? = nil) {
                    Task {
                        let ready = await store.ready()
                        completion?(ready)
                    }
                }
            }
            final class User: Sendable {
                let net = Net()
                func start(completion: @escaping @Sendable (Bool) -> Void) {
                    net.warm(text: "x")
                    net.warm(text: "y") { ready in
                        completion(ready)
                    }
                }
            }
            """)
        #expect(stderr.contains("1 function(s) converted in 2 round(s)"), "\(stderr)")
        #expect(
            stderr.contains("start(completion:): it calls `warm(text:completion:)` without its handler (line "),
            "\(stderr)")
    }
}
