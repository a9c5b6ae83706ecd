import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` over closures the platform runs once (a dispatch queue hop, a URLSession
/// task): the async version keeps them and waits on a continuation their closure resumes.
@Suite struct KnownOnceClosureTests {
    private func convert(_ code: String) throws -> (stderr: String, text: String) {
        try convertFunctions(code)
    }

    @Test func aQueueHopIsKeptAndAwaited() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            struct EncodingError: Error {}
            final class Files {
                private let queue = DispatchQueue(label: "files")
                func write(_ data: Data, to url: URL, completion: @escaping (Error?) -> Void) {
                    queue.async {
                        // One writer at a time.
                        do {
                            try data.write(to: url)
                            completion(nil)
                        } catch {
                            completion(error)
                        }
                    }
                }
                func write(_ text: String, to url: URL, completion: @escaping (Error?) -> Void) {
                    queue.async {
                        do {
                            guard let data = text.data(using: .utf8) else {
                                completion(EncodingError())
                                return
                            }
                            try data.write(to: url)
                            try FileManager.default.contentsOfDirectory(atPath: url.path).forEach { print($0) }
                            completion(nil)
                        } catch {
                            completion(error)
                        }
                    }
                }
                func total(_ items: [Int], completion: @escaping (Int) -> Void) {
                    DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                        completion(items.reduce(0, +))
                    }
                }
            }
            """)
        #expect(stderr.contains("3 function(s) converted"))
        // A throw inside the `do` reaches a catch that throws it on, as the handler call passed it on;
        // `$0` belongs to the nested closure.
        #expect(
            text.contains(
                """
                                    do {
                                        guard let data = text.data(using: .utf8) else {
                                            if let error = EncodingError() as (any Error)? { throw error }
                                            return
                                        }
                """))
        #expect(text.contains("{ print($0) }\n                        return\n                    } catch {\n"))
        #expect(
            text.contains(
                """
                    func write(_ data: Data, to url: URL) async throws {
                        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                            queue.async {
                                continuation.resume(with: Swift.Result { () throws -> Void in
                                    // One writer at a time.
                                    do {
                                        try data.write(to: url)
                                        return
                                    } catch {
                                        throw error
                                    }
                                })
                            }
                        }
                    }
                """))
        #expect(
            text.contains(
                """
                    func total(_ items: [Int]) async -> Int {
                        return await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                            DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                                continuation.resume(returning: { () -> Int in
                                    return items.reduce(0, +)
                                }())
                            }
                        }
                    }
                """))
    }

    @Test func aSyncHopIsKeptAndAwaitedAndSoIsAHandlerHandedOnInside() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Names {
                private let queue = DispatchQueue(label: "names")
                private var names: [String] = []
                func count(completion: @escaping (Int) -> Void) {
                    queue.sync(flags: .barrier) {
                        completion(self.names.count)
                    }
                }
                func send(_ name: String, to other: Names, completion: @escaping (Int) -> Void) {
                    queue.sync {
                        other.count(completion: completion)
                    }
                }
                func twice(completion: @escaping (Int) -> Void) {
                    count { number in
                        completion(number * 2)
                    }
                }
                func add(_ name: String, completion: @escaping (Int) -> Void) {
                    queue.sync {
                        completion(self.names.count)
                    }
                    names.append(name)
                }
            }
            """)
        // `sync` runs its closure once, before it returns: awaited like a hop, on the same queue.
        #expect(
            text.contains(
                """
                        return await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                            queue.sync(flags: .barrier) {
                                continuation.resume(returning: { () -> Int in
                                    return self.names.count
                                }())
                """))
        // Handed on to `count`, which has an async version after round 1 and so calls it once: the closure is
        // kept as written, the handler a local closure that resumes the continuation.
        #expect(
            text.contains(
                """
                        return await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                            queue.sync {
                                let completion: @Sendable (Int) -> Void = { value in
                                    continuation.resume(returning: value)
                                }
                                other.count(completion: completion)
                            }
                        }
                """))
        #expect(stderr.contains("send(_:to:completion:) -> send(_:to:) async"))
        // `count` calls its handler before it returns, so its caller keeps its body to do the same.
        #expect(text.contains("            completion(number * 2)\n"))
        #expect(text.contains("        let number = await count()\n"))
        #expect(
            stderr.contains("add(_:completion:): code after this `DispatchQueue.sync` ran after its closure called"))
    }

    /// Inside a hop, the handler handed on as it is to an API with an async variant keeps the closure as
    /// written; anything else handed the handler there is still refused, each with its reason.
    @Test func aHandlerHandedOnInsideAHopIsKeptOnlyToAnAPIThatCallsItOnce() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Links {
                private let queue = DispatchQueue(label: "links")
                var ready = false
                func open(completion: @escaping (Result<Int, Error>) -> Void) {}
                func open() async throws -> Int { 1 }
                var waiting: [(Result<Int, Error>) -> Void] = []
                func later(completion: @escaping (Result<Int, Error>) -> Void) { waiting.append(completion) }
                func pair(completion: @escaping (Int?, Error?) -> Void) {}
                func pair() async throws -> Int { 2 }
                func connect(completion: @escaping (Result<Int, Error>) -> Void) {
                    queue.async {
                        guard self.ready else {
                            completion(.success(0))
                            return
                        }
                        self.open(completion: completion)
                    }
                }
                func unknown(completion: @escaping (Result<Int, Error>) -> Void) {
                    queue.async {
                        self.later(completion: completion)
                    }
                }
                func paired(completion: @escaping (Int?, Error?) -> Void) {
                    queue.async {
                        self.pair(completion: completion)
                    }
                }
                func wrapped(completion: @escaping (Result<Int, Error>) -> Void) {
                    queue.async {
                        self.open { completion($0) }
                    }
                }
            }
            """)
        #expect(
            text.contains(
                """
                    func connect() async throws -> Int {
                        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
                            queue.async {
                                let completion: @Sendable (Result<Int, Error>) -> Void = { result in
                                    continuation.resume(with: result)
                                }
                                guard self.ready else {
                                    completion(.success(0))
                                    return
                                }
                                self.open(completion: completion)
                            }
                        }
                    }
                """))
        // `later` has no async variant: nothing says it calls the handler once.
        #expect(
            stderr.contains(
                "not converted: unknown(completion:): it calls `later(completion:)`, which has no async variant"))
        // A `(T?, Error?)` handler could be called with neither: the tool would have to choose what to resume.
        #expect(
            stderr.contains(
                ":27: not converted: paired(completion:): the handler is reached through another call inside a queue hop"
            ))
        // Only the handler itself, not a closure that calls it.
        #expect(
            stderr.contains(
                ":32: not converted: wrapped(completion:): the handler is reached through another call inside a queue hop"
            ))
    }

    @Test func aCallerKeepsItsBodyWhereACalleeActsBeforeItReturns() throws {
        let (_, text) = try convert(
            """
            import Foundation
            protocol Backend {
                func fetch(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void)
                func fetch(id: Int) async throws -> String
            }
            final class Repo: @unchecked Sendable {
                let backend: Backend
                var cache: [Int: String] = [:]
                init(backend: Backend) { self.backend = backend }
                func name(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    if let hit = cache[id] {
                        completion(.success(hit))
                        return
                    }
                    backend.fetch(id: id) { result in
                        completion(result)
                    }
                }
                func title(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    name(id: id) { result in
                        completion(result.map { $0.uppercased() })
                    }
                }
                func plain(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    backend.fetch(id: id) { result in
                        completion(result)
                    }
                }
                func viaPlain(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    plain(id: id, completion: completion)
                }
            }
            final class Journal: @unchecked Sendable {
                let queue = DispatchQueue(label: "journal")
                var lines: [String] = []
                func append(_ line: String, completion: @escaping @Sendable (Int) -> Void) {
                    queue.async {
                        self.lines.append(line)
                        completion(self.lines.count)
                    }
                }
                func log(_ line: String, completion: @escaping @Sendable (Int) -> Void) {
                    append("[log] " + line, completion: completion)
                }
                func note(_ line: String, completion: @escaping @Sendable (Int) -> Void) {
                    log(line, completion: completion)
                }
            }
            """)
        // `name` calls its handler before it returns on a cache hit: so do `title`'s old body and its callers'.
        #expect(
            text.contains(
                "    func title(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {\n        name(id: id) { result in"
            ))
        // `append` starts its work on a serial queue before it returns, so two calls run in order; `log` and
        // `note`, which hand it their handlers, keep their bodies to keep that order.
        let handler = "completion: @escaping @Sendable (Int) -> Void"
        #expect(text.contains("    func log(_ line: String, \(handler)) {\n        append("))
        #expect(text.contains("    func note(_ line: String, \(handler)) {\n        log("))
        #expect(text.contains("    func note(_ line: String) async -> Int {"))
        // A callee that only starts another module's work does neither: its caller gets a wrapper.
        #expect(
            text.contains(
                "    func viaPlain(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {\n"
                    + "        Task {"))
    }

    @Test func aCalleeActsBeforeItReturnsThroughAnyHopALocalFunctionOrItsConformer() throws {
        let (_, text) = try convert(
            """
            import Foundation
            protocol Cache {
                func value(id: Int, completion: @escaping @Sendable (String) -> Void)
                func value(id: Int) async -> String
            }
            final class Memory: Cache, @unchecked Sendable {
                var items: [Int: String] = [:]
                func value(id: Int, completion: @escaping @Sendable (String) -> Void) {
                    if let hit = items[id] {
                        completion(hit)
                        return
                    }
                    DispatchQueue.global().async { completion("") }
                }
                func value(id: Int) async -> String { items[id] ?? "" }
            }
            final class Store: @unchecked Sendable {
                let queue = DispatchQueue(label: "store")
                var lines: [String] = []
                let cache: any Cache = Memory()
                func nested(completion: @escaping @Sendable (Int) -> Void) {
                    queue.async {
                        let count = self.lines.count
                        DispatchQueue.main.async { completion(count) }
                    }
                }
                func nested() async -> Int { lines.count }
                func handed(completion: @escaping @Sendable () -> Void) {
                    queue.async(execute: completion)
                }
                func handed() async {}
                func local(completion: @escaping @Sendable () -> Void) {
                    func finish() { completion() }
                    finish()
                }
                func local() async {}
                func appendOnMain(completion: @escaping @Sendable () -> Void) {
                    DispatchQueue.main.async {
                        self.lines.append("main")
                        completion()
                    }
                }
                func viaNested(completion: @escaping @Sendable (Int) -> Void) {
                    nested { count in completion(count + 1) }
                }
                func viaHanded(completion: @escaping @Sendable () -> Void) {
                    handed(completion: completion)
                }
                func viaLocal(completion: @escaping @Sendable () -> Void) {
                    local(completion: completion)
                }
                func viaCache(id: Int, completion: @escaping @Sendable (String) -> Void) {
                    cache.value(id: id, completion: completion)
                }
                func viaMain(completion: @escaping @Sendable () -> Void) {
                    appendOnMain(completion: completion)
                }
            }
            """)
        // Each acts on its handler before it returns, one way or another: no old function became a wrapper,
        // so two calls still start in order, and a cache hit still arrives before the call returns.
        #expect(!text.contains("Task {"))
        #expect(text.contains("    func viaNested() async -> Int {"))
        #expect(text.contains("    func viaCache(id: Int) async -> String {"))
        #expect(text.contains("    func viaMain() async {"))
    }

    @Test func aCalleeActsThroughATypealiasedHandlerOtherQueuedWorkOrALock() throws {
        let (_, text) = try convert(
            """
            import Foundation
            typealias Reply = (String?, Error?) -> Void
            enum LoadError: Error { case missing }
            final class Store: @unchecked Sendable {
                var cache: [Int: String] = [:]
                let queue = DispatchQueue(label: "store")
                let lock = NSLock()
                var items: [Int] = []
                func value(id: Int, completion: @escaping Reply) {
                    if let hit = cache[id] {
                        completion(hit, nil)
                        return
                    }
                    completion(nil, LoadError.missing)
                }
                func send(_ x: Int, completion: @escaping (Error?) -> Void) {
                    Thread.detachNewThread { completion(nil) }
                }
                func send(_ x: Int) async throws {}
                func save(_ x: Int, completion: @escaping (Error?) -> Void) {
                    queue.async { self.items.append(x) }
                    send(x) { error in completion(error) }
                }
                func locked(completion: @escaping (Int) -> Void) {
                    lock.withLock { completion(self.items.count) }
                }
                func locked() async -> Int { items.count }
                func synced(completion: @escaping (Int) -> Void) {
                    queue.sync(execute: { completion(self.items.count) })
                }
                func synced() async -> Int { items.count }
                func label(id: Int, completion: @escaping (String?, Error?) -> Void) {
                    value(id: id) { text, error in
                        if let error {
                            completion(nil, error)
                            return
                        }
                        guard let text else {
                            completion(nil, LoadError.missing)
                            return
                        }
                        completion(text.uppercased(), nil)
                    }
                }
                func viaLocked(completion: @escaping (Int) -> Void) {
                    locked { count in completion(count + 1) }
                }
                func viaSynced(completion: @escaping (Int) -> Void) {
                    synced { count in completion(count + 1) }
                }
            }
            """)
        // A handler named by a typealias, work queued before the call returns (the handler aside), and a
        // closure a lock or `sync(execute:)` runs at once: no old function becomes a wrapper (review).
        #expect(!text.contains("Task {"))
        #expect(text.contains("    func label(id: Int) async throws -> String {"))
        #expect(text.contains("    func save(_ x: Int) async throws {"))
        #expect(text.contains("    func viaLocked() async -> Int {"))
        #expect(text.contains("    func viaSynced() async -> Int {"))
    }

    @Test func aWebSocketTasksSendIsAwaitedButOnlyOnAParameterOfItsType() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            final class Socket {
                func send(_ text: String, task: URLSessionWebSocketTask, completion: @escaping (Error?) -> Void) {
                    task.send(.string(text)) { error in
                        completion(error)
                    }
                }
                func send(_ text: String, over task: AnyObject, completion: @escaping (Error?) -> Void) {
                    (task as! URLSessionWebSocketTask).send(.string(text)) { error in
                        completion(error)
                    }
                }
            }
            """)
        // Parse-Swift's live query socket: the send's closure runs once, so it is awaited as a task's is.
        #expect(
            text.contains(
                """
                        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                            task.send(.string(text)) { error in
                """))
        #expect(stderr.contains("send(_:over:completion:): the handler is used in a closure passed to"))
    }

    @Test func aResumedURLSessionTaskIsAwaitedWithItsTypedFailure() throws {
        let (_, text) = try convert(
            """
            import Foundation
            enum NetError: Error { case status(Int), transport }
            extension URLSession {
                func body(
                    of request: URLRequest,
                    completion: @escaping (Result<Data, NetError>) -> Void
                ) {
                    dataTask(with: request) { data, response, error in
                        guard let data, error == nil else {
                            completion(.failure(.transport))
                            return
                        }
                        completion(.success(data))
                    }.resume()
                }
            }
            """)
        #expect(
            text.contains(
                """
                    func body(of request: URLRequest) async throws(NetError) -> Data {
                        return try await withCheckedContinuation { (continuation: CheckedContinuation<Swift.Result<Data, NetError>, Never>) in
                            dataTask(with: request) { data, response, error in
                                continuation.resume(returning: Swift.Result { () throws(NetError) -> Data in
                                    guard let data, error == nil else {
                                        throw .transport
                                    }
                                    return data
                                })
                            }.resume()
                        }.get()
                    }
                """))
    }

    @Test func aMainQueueHopMainActorRunCannotExpressIsBridgedAndTheOldBodyKept() throws {
        let (_, text) = try convert(
            """
            import Foundation
            final class Screen {
                func title(for id: Int, completion: @escaping (String) -> Void) {
                    DispatchQueue.main.async {
                        let title = "#\\(id)"
                        completion(title)
                    }
                }
            }
            """)
        // The old function keeps its body: its callers' work still starts before it returns, in their order.
        #expect(
            text.contains(
                """
                    @available(*, renamed: "title(for:)")
                    func title(for id: Int, completion: @escaping (String) -> Void) {
                        DispatchQueue.main.async {
                            let title = "#\\(id)"
                            completion(title)
                        }
                    }
                """))
        #expect(
            text.contains(
                """
                        return await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
                            DispatchQueue.main.async {
                """))
    }

    @Test func whatTheBridgeCannotKeepIsRefused() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            final class Worker {
                func async(_ work: @escaping () -> Void) { work(); work() }
            }
            final class Service {
                let queue = DispatchQueue(label: "q")
                let worker = Worker()
                var pool: AnyObject?
                func weakly(completion: @escaping (Error?) -> Void) {
                    queue.async { [weak self] in
                        guard self != nil else { return }
                        completion(nil)
                    }
                }
                func someway(flag: Bool, completion: @escaping (Error?) -> Void) {
                    queue.async {
                        if flag { completion(nil) }
                    }
                }
                func nested(completion: @escaping (Error?) -> Void) {
                    queue.async {
                        self.weakly { error in completion(error) }
                    }
                }
                func ownAsync(completion: @escaping (Error?) -> Void) {
                    worker.async { completion(nil) }
                }
                func unknownReceiver(completion: @escaping (Error?) -> Void) {
                    pool!.async { completion(nil) }
                }
                func inDo(completion: @escaping (Error?) -> Void) {
                    do {
                        try check()
                        queue.async { completion(nil) }
                    } catch {
                        print(error)
                        completion(error)
                    }
                }
                func check() throws {}
                func deferred(completion: @escaping (Error?) -> Void) {
                    queue.async {
                        defer { print("done") }
                        completion(nil)
                    }
                }
            }
            """)
        #expect(stderr.contains("0 function(s) converted"))
        #expect(
            stderr.contains(
                ":43: not converted: deferred(completion:): a `defer` in the closure ran when the closure ended, after"
            ))
        #expect(
            stderr.contains(
                ":10: not converted: weakly(completion:): the closure passed to `DispatchQueue.async` captures `[weak self]`"
            ))
        #expect(
            stderr.contains(
                ":18: not converted: someway(flag:completion:): on some path the closure passed to `DispatchQueue.async` ends here"
            ))
        #expect(
            stderr.contains(
                ":22: not converted: nested(completion:): the handler is reached through another call inside a queue hop"
            ))
        #expect(
            stderr.contains(
                ":26: not converted: ownAsync(completion:): the handler is used in a closure passed to `worker.async`"))
        #expect(
            stderr.contains(
                ":29: not converted: unknownReceiver(completion:): the handler is used in a closure passed to `pool!.async`"
            ))
        #expect(
            stderr.contains(":34: not converted: inDo(completion:): this `DispatchQueue.async` sits in a `do` block"))
        #expect(!text.contains("withChecked"))
    }

    @Test func multiLineArgumentsAStrongCaptureAResumedLocalTaskAndATakenName() throws {
        let (stderr, text) = try convert(
            """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            let continuation = 2
            final class Poller: @unchecked Sendable {
                let queue = DispatchQueue(label: "poll")
                let session = URLSession.shared
                func later(completion: @escaping (Int) -> Void) {
                    queue.asyncAfter(
                        deadline: .now() +
                            .milliseconds(5)  // soon
                    ) { [self] in
                        completion(continuation + count())
                    }
                }
                func count() -> Int { 1 }
                func get(_ url: URL, completion: @escaping (Result<Data, Error>) -> Void) {
                    let task = session.dataTask(with: url) { data, _, error in
                        if let data {
                            completion(.success(data))
                        } else {
                            completion(.failure(error ?? URLError(.badServerResponse)))
                        }
                    }
                    task.resume()
                }
            }
            """)
        #expect(stderr.contains("2 function(s) converted"))
        #expect(
            text.contains(
                """
                        return await withCheckedContinuation { (handlerContinuation: CheckedContinuation<Int, Never>) in
                            queue.asyncAfter(
                                deadline: .now() +
                                    .milliseconds(5)  // soon
                            ) { [self] in
                                handlerContinuation.resume(returning: { () -> Int in
                                    return continuation + count()
                """))
        #expect(
            text.contains(
                """
                            let task = session.dataTask(with: url) { data, _, error in
                                continuation.resume(with: Swift.Result { () throws -> Data in
                """))
        #expect(text.contains("            }\n            task.resume()\n        }\n"))
    }

    @Test func aReceiverThatMayBeNilOrAnotherTypeIsNotAKnownClosure() throws {
        let (stderr, _) = try convert(
            """
            import Foundation
            extension DispatchQueue {
                func asyncAfter(deadline: Int, execute work: @escaping () -> Void) { work(); work() }
            }
            final class Broadcast { func async(_ work: @escaping () -> Void) { work(); work() } }
            final class Service {
                let queue = DispatchQueue(label: "q")
                var maybe: DispatchQueue?
                var broadcast: Broadcast?
                func chained(completion: @escaping (Int) -> Void) {
                    maybe?.async { completion(1) }
                }
                func extended(completion: @escaping (Int) -> Void) {
                    DispatchQueue.global().asyncAfter(deadline: 1) { completion(1) }
                }
                func shadowed(completion: @escaping (Int) -> Void) {
                    guard let queue = broadcast else { return completion(0) }
                    queue.async { completion(1) }
                }
            }
            """)
        #expect(stderr.contains("0 function(s) converted"))
        #expect(stderr.contains("chained(completion:): the handler is used in a closure passed to `maybe?.async`"))
        #expect(stderr.contains("extended(completion:): the handler is used in a closure passed to `DispatchQueue"))
        #expect(stderr.contains("shadowed(completion:): the handler is used in a closure passed to `queue.async`"))
    }
}
