import Foundation
import PromiseMigrateKit
import Testing

/// The thirteenth review ran converted code beside the original: a caller of a function that delivers on
/// the main queue must keep delivering there, a lock's `lock()` must not move into async code, and a
/// closure's `defer` is refused for what it is.
@Suite struct ReviewThirteenTests {
    static let api = """
        import Foundation
        struct User: Sendable { let name: String }
        final class Api: Sendable {
            func get(id: Int) async throws -> User { User(name: "u") }
            @available(*, renamed: "get(id:)")
            func get(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {}
        }
        """

    /// `mainDelivered` hops to the main queue; its callers called their handlers there, through it, and
    /// their old functions keep that: they keep their bodies (a wrapper would call from its task).
    @Test func callersOfAMainQueueDelivererKeepTheirBodies() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Layer: Sendable {
                let api = Api()
                func mainDelivered(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: id) { result in
                        DispatchQueue.main.async { completion(result) }
                    }
                }
                func name(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    mainDelivered(id: id) { result in
                        switch result {
                        case .success(let user): completion(.success(user.name))
                        case .failure(let error): completion(.failure(error))
                        }
                    }
                }
                func forward(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    mainDelivered(id: id, completion: completion)
                }
                func forwardAgain(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    forward(id: id) { result in completion(result) }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("4 function(s) converted"))
        // The deliverer's own wrapper hops; each caller's old body stays as written.
        #expect(text.contains("DispatchQueue.main.async { completion(.success(value)) }"))
        #expect(
            text.contains(
                "@available(*, renamed: \"name(id:)\")\n"
                    + "    func name(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {\n"
                    + "        mainDelivered(id: id) { result in"))
        #expect(text.contains("mainDelivered(id: id, completion: completion)"))
        #expect(text.contains("forward(id: id) { result in completion(result) }"))
        #expect(text.contains("func forwardAgain(id: Int) async throws -> User {"))
    }

    /// A handler called directly somewhere, or handed to a function that does not hop, is not the main queue's.
    @Test func aDirectCallOnAnyPathIsNotMainQueueDelivery() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Layer: Sendable {
                let api = Api()
                func sometimes(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: id) { result in
                        if id == 0 { completion(result); return }
                        DispatchQueue.main.async { completion(result) }
                    }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("not converted: sometimes(id:completion:)"))
        #expect(!text.contains("func sometimes(id: Int) async"))
    }

    /// `lock.lock()` is unavailable in async code (an error in Swift 6): refused, `withLock` suggested.
    @Test func aLocksLockIsRefusedAndWithLockIsNot() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Cache: @unchecked Sendable {
                let api = Api()
                let lock = NSLock()
                var users: [Int: User] = [:]
                func cached(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: id) { result in
                        if case .success(let user) = result {
                            self.lock.lock(); self.users[id] = user; self.lock.unlock()
                        }
                        completion(result)
                    }
                }
                func scoped(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: id) { result in
                        if case .success(let user) = result {
                            self.lock.withLock { self.users[id] = user }
                        }
                        completion(result)
                    }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("not converted: cached(id:completion:): `self.lock.lock()` would run in the async"))
        #expect(stderr.contains("use `withLock { }`"))
        #expect(text.contains("func scoped(id: Int) async throws -> User {"))
        #expect(!text.contains("func cached(id: Int) async"))
    }

    /// A `defer` in the callee's closure ran after the handler's call; the refusal says so.
    @Test func aDeferInTheClosureIsRefusedForWhatItIs() throws {
        let (stderr, _) = try convertFunctions(
            """
            import Foundation
            final class Layer: Sendable {
                let api = Api()
                func logged(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: id) { result in
                        defer { print("done") }
                        completion(result)
                    }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("a `defer` in this closure ran when the closure ended"))
    }

    /// An `if let error` block that logs and goes on: refused for that, not for a missing handler call.
    @Test func aFailureBlockThatGoesOnIsRefusedForThat() throws {
        let (stderr, _) = try convertFunctions(
            """
            import Foundation
            final class Layer: Sendable {
                let api = Api()
                func text(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    api.raw(id: id) { data, error in
                        if let error = error {
                            print(error)
                        }
                        guard let data = data else {
                            completion(.success("none"))
                            return
                        }
                        completion(.success(String(decoding: data, as: UTF8.self)))
                    }
                }
                func refresh(id: Int, completion: @escaping @Sendable () -> Void) {
                    api.get(id: id) { result in
                        switch result {
                        case .success: print("ok")
                        case .failure: print("failed")
                        }
                        completion()
                    }
                }
            }
            """,
            beside: [
                "Api.swift": Self.api + """

                    extension Api {
                        func raw(id: Int) async throws -> Data { Data() }
                        @available(*, renamed: "raw(id:)")
                        func raw(id: Int, completion: @escaping @Sendable (Data?, Error?) -> Void) {}
                    }
                    """
            ])
        #expect(stderr.contains("on its failure path the closure does not end by calling the handler"))
        #expect(stderr.contains("converts such a call only where its closure ignores the outcome"))
    }

    /// The fourteenth review: a namesake that does not hop, or a `@MainActor` task, does not hide a
    /// main-queue delivery; keeping a body is the safe side.
    @Test func mayDeliverOnMainIsReadGenerously() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let api = Api()
                func f(x: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: x) { result in
                        Task { @MainActor in completion(result) }
                    }
                }
                func g(x: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    f(x: x) { result in completion(result) }
                }
                func h(x: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    g(x: x) { result in completion(result) }
                }
            }
            final class Other: Sendable {
                let api = Api()
                func f(x: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: x) { result in completion(result) }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("function(s) converted"))
        // `g` hands its handler to `f`, and one `f` of two hops: `h` keeps its body as `g` does.
        #expect(text.contains("f(x: x) { result in completion(result) }"))
        #expect(text.contains("g(x: x) { result in completion(result) }"))
        #expect(text.contains("func h(x: Int) async throws -> User {"))
    }

    /// What Swift 6 rejects in async code is found in the async version's own code only: a lock in a
    /// closure that stays synchronous (a queue hop's, `sync`'s) is fine.
    @Test func blockingCallsAreFoundInTheAsyncCodeOnly() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Box: @unchecked Sendable {
                let api = Api()
                let lock = NSLock()
                let condition = NSCondition()
                let queue = DispatchQueue(label: "box")
                var count = 0
                func hop(x: Int, completion: @escaping @Sendable (Int) -> Void) {
                    queue.async {
                        self.lock.lock(); self.count += x; self.lock.unlock()
                        completion(x)
                    }
                }
                func synced(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: id) { result in
                        self.queue.sync { self.lock.lock(); self.count += 1; self.lock.unlock() }
                        completion(result)
                    }
                }
                func signals(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    api.get(id: id) { result in
                        self.condition.signal()
                        completion(result)
                    }
                }
                func sleeps(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    Foundation.Thread.sleep(forTimeInterval: 0.1)
                    api.get(id: id) { result in completion(result) }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(text.contains("func hop(x: Int) async -> Int {"))
        #expect(text.contains("func synced(id: Int) async throws -> User {"))
        #expect(stderr.contains("signals(id:completion:): `self.condition.signal()` would run in the async"))
        #expect(stderr.contains("sleeps(id:completion:): `Foundation.Thread.sleep(forTimeInterval: 0.1)` would run"))
    }

    /// The fifteenth review: a hop onto a queue held in a name, or a main hop around another closure, inside
    /// another thread's closure, may deliver on the main queue.
    @Test func aStoredQueueOrANestedHopMayDeliverOnMain() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Api2: Sendable {
                let callbackQueue = DispatchQueue.main
                func raw(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                    Thread.detachNewThread { self.callbackQueue.async { completion(id) } }
                }
                func raw(id: Int) async -> Int { id }
                func nested(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                    Thread.detachNewThread { DispatchQueue.main.async { Optional(id).map { completion($0) } } }
                }
                func nested(id: Int) async -> Int { id }
            }
            let api2 = Api2()
            func stored(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                api2.raw(id: id) { v in completion(v + 1) }
            }
            func nested(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                api2.nested(id: id) { v in completion(v + 1) }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("2 function(s) converted"))
        #expect(text.contains("api2.raw(id: id) { v in completion(v + 1) }"))
        #expect(text.contains("api2.nested(id: id) { v in completion(v + 1) }"))
    }

    /// A refusal points at the blocking call the async version would run, not at a namesake in a closure
    /// that stays synchronous; an awaited `wait()` suspends and is not one.
    @Test func aBlockingCallIsPointedAtAndAnAwaitedOneIsNotBlocking() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            actor Gate { func wait() async {}; func signal() {} }
            final class Locked: @unchecked Sendable {
                let api = Api()
                let lock = NSLock()
                let gate = Gate()
                func wrongLine(id: Int, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
                    [1].forEach { _ in self.lock.lock(); self.lock.unlock() }
                    api.get(id: id) { result in
                        self.lock.lock(); self.lock.unlock()
                        completion(result)
                    }
                }
                func gated(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                    Task {
                        await gate.wait()
                        await gate.signal()
                        completion(id)
                    }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(stderr.contains("Service.swift:10: not converted: wrongLine(id:completion:): `self.lock.lock()`"))
        #expect(text.contains("func gated(id: Int) async -> Int {"))
    }

    /// The sixteenth review: a callee that takes a `@MainActor` handler, or hands its handler to a helper
    /// inside a main-actor task, may deliver on the main queue; a closure handed to an awaited call, and a
    /// lock's own `lock()`, are the async version's code.
    @Test func mainActorHandlersAndHelpersAndAwaitedClosures() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            func compute(_ id: Int) async -> Int { id }
            func deliver(_ c: @escaping @Sendable (Int) -> Void, _ v: Int) { c(v) }
            final class Svc: Sendable {
                func mload(id: Int, completion: @escaping @MainActor @Sendable (Int) -> Void) {
                    Task { await completion(await compute(id)) }
                }
                func mload(id: Int) async -> Int { await compute(id) }
                func mtwice(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                    mload(id: id) { v in completion(v + 1) }
                }
                func hload(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                    Task { @MainActor in deliver(completion, await compute(id)) }
                }
                func hload(id: Int) async -> Int { await compute(id) }
                func htwice(id: Int, completion: @escaping @Sendable (Int) -> Void) {
                    hload(id: id) { v in completion(v + 1) }
                }
            }
            extension NSLock {
                func add(_ id: Int, completion: @escaping @Sendable (Int) -> Void) {
                    lock()
                    unlock()
                    Svc().mload(id: id) { v in completion(v) }
                }
            }
            """, beside: ["Api.swift": Self.api])
        #expect(text.contains("mload(id: id) { v in completion(v + 1) }"))
        #expect(text.contains("func mtwice(id: Int) async -> Int {"))
        #expect(text.contains("hload(id: id) { v in completion(v + 1) }"))
        #expect(text.contains("func htwice(id: Int) async -> Int {"))
        #expect(stderr.contains("add(_:completion:): `lock()` would run in the async version's own code"))
    }
}
