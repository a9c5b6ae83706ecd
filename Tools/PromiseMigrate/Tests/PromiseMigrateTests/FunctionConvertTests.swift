import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions`: completion-handler functions get async versions, leaf first; the old
/// signatures stay as wrappers; what would change meaning is refused with its line and reason.
@Suite struct FunctionConvertTests {
    static let store = """
        import Foundation
        enum StoreError: Error { case missing }
        enum LookupError: Error { case gone }
        final class Store: Sendable {
            func load(id: Int) async throws -> String { "" }
            @available(*, renamed: "load(id:)")
            func load(id: Int, completion: @escaping (Result<String, Error>) -> Void) {}
            func find(id: Int) async throws(LookupError) -> String { "" }
            @available(*, renamed: "find(id:)")
            func find(id: Int, completion: @escaping (Result<String, LookupError>) -> Void) {}
            func remove(id: Int) async throws {}
            @available(*, renamed: "remove(id:)")
            func remove(id: Int, completion: @escaping (Error?) -> Void) {}
        }
        """

    /// `convert --functions` of `code` (with the store beside it), written.
    private func convert(_ code: String, _ extra: [String] = ["--write"]) throws -> (output: BufferOutput, text: String)
    {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.store, to: "Store.swift")
        try folder.write(code, to: "Service.swift")
        let path = folder.path + "/Service.swift"
        let run = runCommand(["convert", "--functions", path, "--context", folder.path] + extra)
        return (run.output, try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func nestedHandlerBecomesStraightLineCodeAndTheOldSignatureAWrapper() throws {
        let (output, text) = try convert(
            """
            final class Service: Sendable {
                let store = Store()

                /// The name, upper-cased.
                /// - Parameter completion: called with the name or an error.
                func name(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name):
                            // Shown as a title.
                            completion(name.uppercased(), nil)  // upper-cased
                        case .failure(let error):
                            completion(nil, error)
                        }
                    }
                }
            }
            """)
        #expect(output.stderr.contains("round 1: 1 converted, 0 refused"))
        #expect(
            text == """
                final class Service: Sendable {
                    let store = Store()

                    /// The name, upper-cased.
                    /// - Parameter completion: called with the name or an error.
                    @available(*, renamed: "name(id:)")
                    func name(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {
                        Task {
                            do {
                                let value = try await name(id: id)
                                completion(value, nil)
                            } catch {
                                completion(nil, error)
                            }
                        }
                    }

                    /// The name, upper-cased.
                    func name(id: Int) async throws -> String {
                        let name = try await store.load(id: id)
                        // Shown as a title.
                        return name.uppercased()  // upper-cased
                    }
                }
                """)
    }

    @Test func commentsAroundRewrittenBlocksAreKept() throws {
        let (_, text) = try convert(
            """
            final class Service {
                let store = Store()

                func name(id: Int, completion: @escaping (Result<String, Error>) -> Void) {  // the entry
                    if id < 0 {  // never stored
                        completion(.failure(StoreError.missing))
                        return
                        // unreachable note
                    }
                    store.load(id: id) { result in  // answered
                        // the store answered
                        switch result {  // one case each
                        case .success(let name):  // found it
                            completion(.success(name.uppercased()))
                            // done with success
                        case .failure(let error):
                            completion(.failure(error))
                        }  // after the cases
                        // after the switch
                    }
                    // after the call
                }
            }
            """)
        let converted = try #require(text.range(of: "func name(id: Int) async throws -> String {"))
        #expect(
            text[converted.lowerBound...] == """
                func name(id: Int) async throws -> String {
                        // the entry
                        if id < 0 {
                            // never stored
                            throw StoreError.missing
                            // unreachable note
                        }
                        // answered
                        // the store answered
                        // one case each
                        let name = try await store.load(id: id)
                        // found it
                        return name.uppercased()
                        // done with success
                        // after the cases
                        // after the switch
                        // after the call
                    }
                }
                """)
    }

    @Test func ignoredOutcomeInANoErrorFunctionBecomesTryOptional() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()

                func touch(id: Int, completion: @escaping () -> Void) {
                    store.load(id: id) { _ in
                        completion()
                    }
                }

                func weakTouch(id: Int, completion: @escaping () -> Void) {
                    store.load(id: id) { [weak self] _ in
                        self?.log()
                        completion()
                    }
                }

                func log() {}
            }
            """)
        #expect(output.stderr.contains("round 1: 1 converted, 1 refused"), "\(output.stderr)")
        #expect(text.contains("    func touch(id: Int) async {\n        _ = try? await store.load(id: id)\n    }"))
        #expect(output.stderr.contains("weakTouch(id:completion:): its closure captures `[weak self]`"))
    }

    @Test func anErrorLoggedAndPassedOnFallsThroughToTheRest() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()

                func remove(id: Int, completion: @escaping (Error?) -> Void) {
                    store.remove(id: id) { error in
                        if let error {
                            print("failed", error)
                        }
                        completion(error)
                    }
                }
            }
            """)
        // `if let error { … }` without an exit falls through to the rest on failure too: the error stays a
        // value the rest reads, as any other body that names it.
        #expect(output.stderr.contains("round 1: 1 converted, 0 refused"), "\(output.stderr)")
        #expect(
            text.contains(
                """
                        } catch let caught {
                            error = caught
                        }
                        if let error {
                            print("failed", error)
                        }
                        if let error = error as (any Error)? { throw error }
                """))
    }

    @Test func anErrorsIfElseFollowedByMoreIsNotCutShort() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()
                var removals = 0

                func remove(id: Int, completion: @escaping (Error?) -> Void) {
                    store.remove(id: id) { error in
                        if let error {
                            completion(error)
                        } else {
                            completion(nil)
                        }
                        self.removals += 1
                    }
                }
            }
            """)
        // The statement after the `if`/`else` ran on both paths; it may not be dropped (review).
        #expect(output.stderr.contains("remove(id:completion:): the handler is called here with no `return` after it"))
        #expect(!text.contains("async throws"))
    }

    @Test func aClosureParameterNamedLikeTheHandlerIsNotTheHandler() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()

                func bump(id: Int, completion: @escaping (Int) -> Void) {
                    let next: (Int) -> Int = { completion in completion + 1 }
                    completion(next(id))
                }
            }
            """)
        #expect(output.stderr.contains("round 1: 1 converted, 0 refused"), "\(output.stderr)")
        #expect(
            text.contains("        let next: (Int) -> Int = { completion in completion + 1 }\n        return next(id)"))
    }

    @Test func aLetOfAValueKnownToBeThereIsKnownToBeThere() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()

                func shout(id: Int, completion: @escaping (String?, Error?) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name):
                            let loud = name.uppercased()
                            completion(loud, nil)
                        case .failure(let error):
                            completion(nil, error)
                        }
                    }
                }

                func randomElement() -> String { "" }

                func pick(from names: [String], completion: @escaping (String?, Error?) -> Void) {
                    let list: [String] = names
                    let chosen = list.randomElement()
                    completion(chosen, nil)
                }

                func length(id: Int, completion: @escaping (Int?, Error?) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name):
                            completion(name.count, nil)
                        case .failure(let error):
                            completion(nil, error)
                        }
                    }
                }
            }
            extension Array where Element == String {
                func draw(completion: @escaping (String?, Error?) -> Void) {
                    Store().load(id: 1) { _ in
                        let card = self.randomElement()
                        completion(card, nil)
                    }
                }
            }
            """)
        #expect(text.contains("    func shout(id: Int) async throws -> String {"))
        // A method of the codebase's, found by name, is known only on `self`: `names.randomElement()` is the
        // platform's, and answers an optional (review).
        #expect(output.stderr.contains("pick(from:completion:): it passes `chosen` with no error"))
        // On `self` too, only a method of its own type with the call's labels (an extension of `Array` is not
        // the codebase's `randomElement()`).
        #expect(output.stderr.contains("draw(completion:): it passes `card` with no error"))
        // A property is not known to be there: the refusal says what the tool cannot tell.
        #expect(
            output.stderr.contains(
                "length(id:completion:): it passes `name.count` with no error, and the tool cannot tell that it is "
                    + "never nil"))
    }

    @Test func handedOnHandlerAndMainQueueHop() throws {
        let (_, text) = try convert(
            """
            final class Service: Sendable {
                let store = Store()
                func raw(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    store.load(id: id, completion: completion)
                }
                func drop(id: Int, completion: @escaping @Sendable (Error?) -> Void) {
                    store.remove(id: id) { error in
                        if let error {
                            DispatchQueue.main.async { completion(error) }
                            return
                        }
                        DispatchQueue.main.async {
                            print("removed")
                            completion(nil)
                        }
                    }
                }
            }
            """)
        #expect(
            text.contains(
                "    func raw(id: Int) async throws -> String {\n        return try await store.load(id: id)\n"))
        #expect(
            text.contains(
                """
                    func drop(id: Int) async throws {
                        try await store.remove(id: id)
                        await MainActor.run {
                            print("removed")
                        }
                    }
                """))
        #expect(text.contains("            } catch {\n                DispatchQueue.main.async { completion(error) }"))
        let (output, _) = try convert(
            """
            final class Service: Sendable {
                let store = Store()
                func drop(id: Int, completion: @escaping @Sendable (Error?) -> Void) {
                    store.remove(id: id) { error in
                        if let error {
                            completion(error)
                            return
                        }
                        DispatchQueue.main.async { completion(nil) }
                    }
                }
            }
            """)
        #expect(
            output.stderr.contains(":3: not converted: drop(id:completion:): it calls the handler on the main queue"))
    }

    @Test func whatWouldChangeMeaningIsRefusedWithItsLine() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()
                var kept: [(Error?) -> Void] = []
                func twice(completion: @escaping (Error?) -> Void) {
                    completion(nil)
                    completion(nil)
                }
                func somePaths(flag: Bool, completion: @escaping (Error?) -> Void) {
                    if flag { completion(nil) }
                }
                func stored(completion: @escaping (Error?) -> Void) {
                    kept.append(completion)
                }
                func loop(ids: [Int], completion: @escaping (Error?) -> Void) {
                    for _ in ids { completion(nil) }
                }
                func after(id: Int, completion: @escaping (Error?) -> Void) {
                    store.remove(id: id) { error in completion(error) }
                    print("asked")
                }
                func weak(id: Int, completion: @escaping (Error?) -> Void) {
                    store.remove(id: id) { [weak self] error in
                        guard self != nil else { return }
                        completion(error)
                    }
                }
                func caught(id: Int, completion: @escaping (Error?) -> Void) {
                    do {
                        try check(id)
                        completion(StoreError.missing)
                    } catch {
                        completion(error as? StoreError ?? error)
                    }
                }
                func check(_ id: Int) throws {}
                func now(completion: @escaping (Error?) -> Void) {
                    completion(nil)
                }
                func handle(id: Int, completion: @escaping (Error?) -> Void) -> Int {
                    store.remove(id: id) { error in completion(error) }
                    return id
                }
            }
            """)
        let refusals = output.stderr.split(separator: "\n").filter { $0.contains("not converted") }
        let lines = refusals.compactMap { $0.split(separator: ":").dropFirst().first.flatMap { Int($0) } }
        #expect(lines == [6, 10, 12, 15, 18, 22, 30, 36, 39])
        #expect(output.stderr.contains("twice(completion:): the handler is called again"))
        #expect(output.stderr.contains("somePaths(flag:completion:): on some path the function ends"))
        #expect(output.stderr.contains("stored(completion:): the handler is passed to `kept.append`"))
        #expect(output.stderr.contains("loop(ids:completion:): the handler is used in a loop"))
        #expect(output.stderr.contains("after(id:completion:): code after this call of `remove(id:completion:)`"))
        #expect(output.stderr.contains("weak(id:completion:): its closure captures `[weak self]`"))
        #expect(output.stderr.contains("caught(id:completion:): the handler reports an error inside a `do` block"))
        #expect(output.stderr.contains("now(completion:): it only calls the handler, before it returns"))
        #expect(output.stderr.contains("handle(id:completion:): it returns `Int` as well as calling the handler"))
        #expect(!text.contains("async"))
    }

    @Test func roundsGoLeafFirstAndTheDiffLeavesTheFileAlone() throws {
        let code = """
            final class Service {
                let store = Store()
                func top(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    middle(id: id) { result in
                        completion(result)
                    }
                }
                func middle(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in
                        completion(result)
                    }
                }
            }
            """
        let (output, text) = try convert(code, [])
        #expect(text == code)
        #expect(output.stderr.contains("round 1: 1 converted, 0 refused, 1 waiting for their callees"))
        #expect(output.stderr.contains("round 2: 1 converted, 0 refused, 0 waiting"))
        #expect(output.stderr.contains("2 function(s) convertible (pass --write to apply) in 2 round(s), 0 refused"))
        #expect(output.stdout.contains("+    func top(id: Int) async throws -> String {"))
        let (limited, _) = try convert(code, ["--rounds", "1"])
        #expect(limited.stderr.contains("1 function(s) convertible (pass --write to apply) in 1 round(s)"))
    }

    @Test func aFunctionThatCallsItselfAwaitsItsOwnAsyncVersion() throws {
        let (output, text) = try convert(
            """
            final class Pages {
                let store = Store()
                func all(from id: Int, into found: [String], completion: @escaping (Result<[String], Error>) -> Void) {
                    guard id < 10 else {
                        completion(.success(found))
                        return
                    }
                    store.load(id: id) { result in
                        switch result {
                        case .success(let text):
                            self.all(from: id + 1, into: found + [text], completion: completion)
                        case .failure(let error):
                            completion(.failure(error))
                        }
                    }
                }
                func fetch(id: Int, attempts: Int, completion: @escaping (String?, Error?) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let text):
                            completion(text, nil)
                        case .failure(let error):
                            if attempts > 0 {
                                self.fetch(id: id, attempts: attempts - 1) { text, error in
                                    completion(text, error)
                                }
                            } else {
                                completion(nil, error)
                            }
                        }
                    }
                }
                func count(from n: Int, completion: @escaping (Int) -> Void) {
                    if n == 0 {
                        completion(0)
                        return
                    }
                    count(from: n - 1) { total in
                        completion(total + n)
                    }
                }
            }
            """)
        #expect(output.stderr.contains("round 1: 3 converted, 0 refused, 0 waiting"))
        // The next page, handed the handler: the async version returns its own await.
        #expect(
            text.contains(
                "        let text = try await store.load(id: id)\n"
                    + "        return try await self.all(from: id + 1, into: found + [text])\n"))
        // A retry in the error path, with a closure of its own.
        #expect(
            text.contains(
                "            if attempts > 0 {\n"
                    + "                return try await self.fetch(id: id, attempts: attempts - 1)\n"))
        // A value handler: the async version neither throws nor wraps the value.
        #expect(text.contains("    func count(from n: Int) async -> Int {\n"))
        #expect(text.contains("        let total = await count(from: n - 1)\n        return total + n\n"))
    }

    @Test func aCallOfAnOverloadWithTheSameLabelsIsNotTakenForRecursion() throws {
        // The syntax cannot tell which `drop(_:completion:)` the call reaches: neither converts.
        let code = """
            final class Databases {
                func drop(_ database: Database, completion: @escaping (Error?) -> Void) {
                    drop(database.name, completion: completion)
                }
                func drop(_ name: String, completion: @escaping (Error?) -> Void) {
                    queue.async { completion(nil) }
                }
            }
            """
        let (output, text) = try convert(code, [])
        #expect(text == code)
        #expect(!output.stdout.contains("async throws"))
        #expect(
            output.stderr.contains(
                "drop(_:completion:): it calls `drop`, and `Databases`'s `drop(_:completion:)` (line 5 of "
                    + "Service.swift) has the same name and labels"))
    }

    @Test func aCallOfItselfLeavingOutADefaultedHandlerOrPassingAQueueOn() throws {
        let (output, text) = try convert(
            """
            import Foundation
            final class Sync {
                let store = Store()
                func sync(id: Int, completion: ((Result<String, Error>) -> Void)? = nil) {
                    guard id < 10 else {
                        completion?(.success(""))
                        return
                    }
                    self.sync(id: id + 1)
                    store.load(id: id) { result in
                        completion?(result)
                    }
                }
                func all(from id: Int, callbackQueue: DispatchQueue, done: @escaping (Result<String, Error>) -> Void) {
                    guard id < 10 else {
                        done(.success(""))
                        return
                    }
                    self.all(from: id + 1, callbackQueue: callbackQueue, done: done)
                }
            }
            """)
        // In the async version, `self.sync(id: id + 1)` would reach the async version, unawaited.
        #expect(output.stderr.contains("Service.swift:9: not converted: sync(id:completion:): it calls itself here"))
        // The queue it delivers on goes to the old function alone: the async version neither takes nor passes it.
        #expect(text.contains("    func all(from id: Int) async throws -> String {"))
        #expect(text.contains("        return try await self.all(from: id + 1)\n"))
    }

    @Test func aCallLeavingOutADefaultedArgumentAwaitsTheVariantThatDefaultsItAlike() throws {
        let (output, text) = try convert(
            """
            final class Feed {
                func page(_ number: Int, size: Int = 20, completion: @escaping (Result<[String], Error>) -> Void) {}
                func page(_ number: Int, size: Int = 20) async throws -> [String] { [] }
                func legacy(_ number: Int, size: Int = 20, completion: @escaping (Result<[String], Error>) -> Void) {}
                func legacy(_ number: Int, size: Int = 50) async throws -> [String] { [] }
                func first(completion: @escaping (Result<[String], Error>) -> Void) {
                    page(1) { result in
                        completion(result)
                    }
                }
                func countdown(from n: Int, step: Int = 1, completion: @escaping (Int) -> Void) {
                    guard n > 0 else { return completion(0) }
                    self.countdown(from: n - 1, completion: completion)
                }
                func oldest(completion: @escaping (Result<[String], Error>) -> Void) {
                    legacy(1) { result in
                        completion(result)
                    }
                }
                func rows(
                    _ from: Int = 0, tags: [String] = [], completion: @escaping (Result<[String], Error>) -> Void
                ) {}
                func rows(_ from: Int = 0, tags: [String] = [ ]) async throws -> [String] { [] }
                func tagged(completion: @escaping (Result<[String], Error>) -> Void) {
                    rows(1) { result in
                        completion(result)
                    }
                }
                func unlabeled(completion: @escaping (Result<[String], Error>) -> Void) {
                    rows(tags: ["a"]) { result in
                        completion(result)
                    }
                }
                func log(_ text: String, line: Int = #line, completion: @escaping (Result<Int, Error>) -> Void) {}
                func log(_ text: String, line: Int = #line) async throws -> Int { line }
                func logged(completion: @escaping (Result<Int, Error>) -> Void) {
                    log("x") { result in
                        completion(result)
                    }
                }
            }
            final class Shelf {
                func books(_ shelf: Int, limit: Int = 9, completion: @escaping (Result<[String], Error>) -> Void) {}
                func books(_ shelf: Int, limit: Int = 9) async throws -> [String] { [] }
                func books(_ shelf: Int) async throws -> [String] { [] }
                func top(completion: @escaping (Result<[String], Error>) -> Void) {
                    books(1) { result in
                        completion(result)
                    }
                }
            }
            """)
        #expect(text.contains("        return try await page(1)\n"))
        // The async version keeps the default, so a call of itself may leave it out too.
        #expect(text.contains("    func countdown(from n: Int, step: Int = 1) async -> Int {"))
        #expect(text.contains("        return await self.countdown(from: n - 1)\n"))
        // Left out, `size` would be 50 where it was 20.
        #expect(
            output.stderr.contains(
                "oldest(completion:): it leaves out `size:`, which `legacy(_:size:completion:)` defaults to `20` and "
                    + "its async variant `legacy(_:size:)` to `50`: pass it explicitly first"))
        // `[]` and `[ ]` are one default; an unlabeled one is not matched by label, and `#line` is the caller's.
        #expect(text.contains("        return try await rows(1)\n"))
        #expect(
            output.stderr.contains("unlabeled(completion:): it leaves out an unlabeled argument of `rows(_:tags:)`"))
        #expect(output.stderr.contains("logged(completion:): it leaves out `line:`, whose default `#line`"))
        // Swift would choose `books(_:)` for `books(1)`.
        #expect(
            output.stderr.contains(
                "top(completion:): it leaves out defaulted arguments, and `books(_:)` takes the ones it passes"))
    }

    @Test func onlyACallOnItsOwnInstanceOrTypeIsRecursion() throws {
        let code = """
            final class Cache {
                let inner = makeLoader()
                func fetch(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    inner.fetch(id: id, completion: completion)
                }
                static func make(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    guard id > 0 else {
                        completion(.success(""))
                        return
                    }
                    Cache.make(id: id - 1, completion: completion)
                }
            }
            """
        let (output, _) = try convert(code, [])
        // `inner`'s type is unknown: its `fetch` may be another module's.
        #expect(output.stderr.contains("fetch(id:completion:): it calls `inner.fetch` on another object, which"))
        #expect(output.stdout.contains("+        return try await Cache.make(id: id - 1)"))
    }

    @Test func onlyFunctionsOnACycleAreRefusedAsOneAndTheirCallersNameIt() throws {
        let code = """
            final class Parser {
                func element(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    list(id: id) { result in
                        completion(result)
                    }
                }
                func list(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    guard id > 0 else { return }
                    element(id: id) { result in
                        completion(result)
                    }
                }
                func command(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    reply(id: id) { result in
                        completion(result)
                    }
                }
                func reply(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    list(id: id) { result in
                        completion(result)
                    }
                }
            }
            """
        let (output, text) = try convert(code, [])
        #expect(text == code)
        // A cycle converts whole or not at all: `list` cannot, so neither can `element`.
        #expect(
            output.stderr.contains(
                "element(id:completion:): it is on a call cycle with `list(id:completion:)`, converted whole or not "
                    + "at all, and `list(id:completion:)` cannot be converted (line 8 of Service.swift): it returns "
                    + "without calling the handler"))
        // Two steps from the cycle: named through its own callee.
        #expect(
            output.stderr.contains(
                "command(id:completion:): it calls `reply(id:completion:)`, which is held up by a call cycle "
                    + "(`list(id:completion:)` → `element(id:completion:)` → `list(id:completion:)`)"))
        #expect(
            output.stderr.contains(
                "reply(id:completion:): it calls `list(id:completion:)`, which is on a call cycle"))
        #expect(
            output.stderr.contains("4 refused (2 waits on a call cycle, 1 a path without the handler, 1 call cycle)"))
    }

    @Test func aHandlerHandedOnToAGenericTypesMethodTakesItsValueFromTheReceiver() throws {
        let (output, text) = try convert(
            """
            import Foundation
            struct ParseError: Error {}
            struct Command<T, U> {
                func run(
                    options: [Int], callbackQueue: DispatchQueue, completion: @escaping (Result<U, ParseError>) -> Void
                ) {}
                func run(options: [Int], callbackQueue: DispatchQueue) async throws -> U { fatalError() }
            }
            protocol Hook {}
            extension Hook {
                static func fetchAll(
                    options: [Int] = [], callbackQueue: DispatchQueue = .main,
                    completion: @escaping (Result<[Self], ParseError>) -> Void
                ) {
                    fetchAllCommand().run(options: options, callbackQueue: callbackQueue) { result in
                        completion(result)
                    }
                }
                static func first(
                    callbackQueue: DispatchQueue, completion: @escaping (Result<Self, ParseError>) -> Void
                ) {
                    fetchAllCommand().run(options: [], callbackQueue: callbackQueue) { result in
                        completion(result)
                    }
                }
                static func fetchAllCommand() -> Command<Self, [Self]> { Command() }
            }
            """)
        // Parse-Swift's `fetchAll`: `U` of `fetchAllCommand()`'s `Command<Self, [Self]>` is `[Self]`.
        #expect(
            text.contains(
                "        return try await fetchAllCommand()"
                    + ".run(options: options, callbackQueue: callbackQueue)\n"))
        #expect(output.stderr.contains("first(callbackQueue:completion:): it passes the handler on to `run(options:"))
        #expect(output.stderr.contains("whose value is `[Self]`, not `Self`"))
    }

    /// `Array<Self>` and `[Self]` are one type, whichever way each side writes it.
    @Test func aHandlersValueIsComparedWrittenOneWay() throws {
        let (output, text) = try convert(
            """
            import Foundation
            struct ParseError: Error {}
            struct Command<T, U> {
                func run(options: [Int], completion: @escaping (Result<U, ParseError>) -> Void) {}
                func run(options: [Int]) async throws -> U { fatalError() }
            }
            protocol Hook {}
            extension Hook {
                static func fetchAll(completion: @escaping (Result<[Self], ParseError>) -> Void) {
                    fetchAllCommand().run(options: []) { result in
                        completion(result)
                    }
                }
                static func fetchAllCommand() -> Command<Self, Array<Self>> { Command() }
            }
            """)
        #expect(output.stderr.contains("1 function(s) converted"), "\(output.stderr)")
        #expect(text.contains("        return try await fetchAllCommand().run(options: [])\n"), "\(text)")
    }

    @Test func aGenericTypesArgumentsAreTakenOnlyWhereTheVariantSurelyHasThem() throws {
        let (output, text) = try convert(
            """
            import Foundation
            struct ParseError: Error {}
            struct Command<T, U> {
                func run(options: [Int], completion: @escaping (Result<U, ParseError>) -> Void) {}
                func run(options: [Int]) async throws -> U { fatalError() }
                func peek(completion: @escaping (Result<U, ParseError>) -> Void) {}
                func peek() async throws -> T { fatalError() }
            }
            struct Query<U> {
                func find(completion: @escaping (Result<U, ParseError>) -> Void) {}
            }
            extension Query where U: Sendable {
                func find() async throws -> U { fatalError() }
            }
            protocol Hook {}
            extension Hook {
                static func first(completion: @escaping (Result<Self?, ParseError>) -> Void) {
                    command().run(options: []) { result in
                        completion(result.map { $0.first })
                    }
                }
                static func peeked(completion: @escaping (Result<[Self], ParseError>) -> Void) {
                    command().peek { result in
                        completion(result)
                    }
                }
                static func found(completion: @escaping (Result<[Self], ParseError>) -> Void) {
                    query().find { result in
                        completion(result)
                    }
                }
                static func command() -> Command<Self, [Self]> { Command() }
                static func query() -> Query<[Self]> { Query() }
            }
            """)
        // In a closure's body too, `U` is written as what it is here.
        #expect(text.contains("        let result: Swift.Result<[Self], any Error>\n"))
        // The variant returns `T`, not the handler's `U`; and `find()` is there only where `U: Sendable`.
        #expect(output.stderr.contains("peeked(completion:): it passes the handler on to `peek(completion:)`"))
        #expect(output.stderr.contains("found(completion:): it passes the handler on to `find(completion:)`"))
    }

    @Test func returningTheHandlersCallLeavesWhereverItIs() throws {
        let (output, text) = try convert(
            """
            enum Reply { case text(String), number(Int), failure(String) }
            final class Reader {
                var line: [UInt8] = []
                func read(completion: @escaping (Reply) -> ()) {
                    switch line.first {
                    case 45:
                        return completion(.failure("error"))
                    case 58:
                        if let number = Int(String(decoding: line.dropFirst(), as: UTF8.self)) {
                            return completion(.number(number))
                        }
                    default:
                        ()
                    }
                    return completion(.failure("invalid"))
                }
                func forward(completion: @escaping (Reply) -> ()) {
                    guard !line.isEmpty else { return completion(.failure("empty")) }
                    return read(completion: completion)
                }
            }
            """)
        // Perfect-Redis's parser: `return completion(x)` in a case, with code after the `switch`.
        #expect(text.contains("                return .number(number)\n"))
        #expect(text.contains("        return .failure(\"invalid\")\n"))
        // `return read(completion: completion)` hands the handler on, as the call alone would.
        #expect(text.contains("        return await read()\n"))
        #expect(output.stderr.contains("2 function(s) converted"))
    }

    @Test func functionsThatCallEachOtherConvertTogether() throws {
        let (output, text) = try convert(
            """
            enum Reply { case text(String), list([Reply]), failure(String) }
            final class Reader {
                var lines: [String] = []
                func readReply(completion: @escaping (Reply) -> Void) {
                    guard let line = lines.first else { return completion(.failure("closed")) }
                    lines.removeFirst()
                    if line.hasPrefix("*"), let count = Int(line.dropFirst()) {
                        readList(count: count, into: [], completion: completion)
                    } else {
                        completion(.text(line))
                    }
                }
                func readList(count: Int, into found: [Reply], completion: @escaping (Reply) -> Void) {
                    guard count > 0 else { return completion(.list(found)) }
                    readReply { reply in
                        self.readList(count: count - 1, into: found + [reply], completion: completion)
                    }
                }
                func ping(completion: @escaping (Reply) -> Void) {
                    lines.append("+PONG")
                    readReply(completion: completion)
                }
                func first(of other: Reader, completion: @escaping (Reply) -> Void) {
                    readReply { reply in
                        other.second(of: self, after: reply, completion: completion)
                    }
                }
                func second(of other: Reader, after reply: Reply, completion: @escaping (Reply) -> Void) {
                    first(of: other) { next in
                        completion(.list([reply, next]))
                    }
                }
            }
            final class Walker {
                let store = Store()
                func walk(_ n: Int, completion: ((Reply) -> Void)? = nil) {
                    guard n > 0 else {
                        completion?(.text(""))
                        return
                    }
                    step(n, completion: { completion?($0) })
                }
                func step(_ n: Int, completion: @escaping (Reply) -> Void) {
                    walk(n - 1) { reply in
                        completion(reply)
                    }
                }
            }
            @available(macOS 12, *)
            final class Fetcher {
                func fetch(_ n: Int) async throws -> Int { n }
                @available(*, renamed: "fetch(_:)")
                func fetch(_ n: Int, completion: @escaping (Result<Int, Error>) -> Void) {}
            }
            final class Counter {
                let fetcher = Fetcher()
                @available(macOS 12, *)
                func count(_ n: Int, completion: @escaping (Result<Int, Error>) -> Void) {
                    fetcher.fetch(n) { result in
                        switch result {
                        case .success(let value): self.more(value, completion: completion)
                        case .failure(let error): completion(.failure(error))
                        }
                    }
                }
                func more(_ n: Int, completion: @escaping (Result<Int, Error>) -> Void) {
                    guard n > 0 else { return completion(.success(0)) }
                    count(n - 1, completion: completion)
                }
            }
            """)
        // Each awaits the version planned for the other; their caller converts in the next round.
        #expect(output.stderr.contains("round 1: 2 converted"))
        #expect(text.contains("            return await readList(count: count, into: [])\n"))
        #expect(text.contains("        let reply = await readReply()\n"))
        #expect(text.contains("        return await self.readList(count: count - 1, into: found + [reply])\n"))
        #expect(text.contains("    func ping() async -> Reply {"))
        // A call on another object may be another module's function of the same name.
        #expect(
            output.stderr.contains(
                "first(of:completion:): it calls `other.second`, on its call cycle, on another object: the tool "
                    + "cannot tell it from another module's function of the same name"))
        #expect(
            output.stderr.contains(
                "second(of:after:completion:): it is on a call cycle with `first(of:completion:)`, converted whole"))
        // Whether one calls its handler before it returns depends on the others: each keeps its body.
        #expect(text.contains("            readList(count: count, into: [], completion: completion)\n"))
        // A defaulted handler a call from the cycle could leave out.
        #expect(output.stderr.contains("functions on a cycle convert together, but `walk(_:completion:)`'s handler"))
        // What one awaits needs macOS 12, so would the other's await of it.
        #expect(
            output.stderr.contains(
                "count(_:completion:): its async version needs `@available(macOS 12, *)` for what it awaits"))
    }

    @Test func typedFailureBecomesTypedThrows() throws {
        let (output, text) = try convert(
            """
            final class Service: Sendable {
                let store = Store()
                func title(id: Int, completion: @escaping @Sendable (Result<String, LookupError>) -> Void) {
                    store.find(id: id) { result in
                        switch result {
                        case .success(let name): completion(.success(name))
                        case .failure(let error): completion(.failure(error))
                        }
                    }
                }
                func mixed(id: Int, completion: @escaping @Sendable (Result<String, LookupError>) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let name): completion(.success(name))
                        case .failure: completion(.failure(.gone))
                        }
                    }
                }
            }
            """)
        #expect(
            text.contains("            do throws(LookupError) {\n                let value = try await title(id: id)"))
        #expect(text.contains("    func title(id: Int) async throws(LookupError) -> String {\n"))
        #expect(text.contains("        let name = try await store.find(id: id)\n        return name\n"))
        // `load(id:)` throws any error: the async version cannot promise a `LookupError`, and the old
        // function keeps its body.
        #expect(text.contains("    func mixed(id: Int) async throws -> String {"))
        #expect(text.contains("            case .failure: completion(.failure(.gone))"))
        #expect(text.contains("throw (.gone as LookupError)"))
        #expect(output.stderr.contains("2 function(s) converted"))
    }

    /// Inputs a review found converted wrongly: now refused, each for its real cause.
    @Test func subtlerChangesOfMeaningAreRefused() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()
                var cache: [Int: String] = [:]
                var misses = 0
                func cached(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    if let hit = cache[id] { completion(.success(hit)) }
                    misses += 1
                    store.load(id: id) { result in completion(result) }
                }
                func deferred(id: Int, completion: @escaping (Error?) -> Void) {
                    defer { misses = 0 }
                    store.remove(id: id) { error in completion(error) }
                }
                func filtered(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let s) where s.isEmpty: completion(.failure(StoreError.missing))
                        case .success(let s): completion(.success(s))
                        case .failure(let e): completion(.failure(e))
                        }
                    }
                }
                func clash(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    let s = "x"
                    print(s)
                    store.load(id: id) { result in
                        switch result {
                        case .success(let s): completion(.success(s))
                        case .failure(let e): completion(.failure(e))
                        }
                    }
                }
                func hop(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in
                        DispatchQueue.main.async { completion(.success(String(describing: Thread.current))) }
                    }
                }
            }
            """)
        #expect(
            output.stderr.contains(
                ":6: not converted: cached(id:completion:): the handler is called here with no `return`"))
        #expect(output.stderr.contains(":11: not converted: deferred(id:completion:): a `defer` ran"))
        #expect(
            output.stderr.contains("clash(id:completion:): its closure's `s` would be declared where a `s` already is"))
        // An argument computed on the main queue stays there: the hop is kept, and awaited.
        #expect(
            text.contains(
                """
                            DispatchQueue.main.async {
                                continuation.resume(with: Swift.Result { () throws -> String in
                                    return String(describing: Thread.current)
                """))
        // The `where` case is kept: the switch stays, over the awaited outcome.
        #expect(text.contains("        case .success(let s) where s.isEmpty:\n            throw StoreError.missing\n"))
    }

    @Test func taskBodiesBecomeTheAsyncFunction() throws {
        let (_, text) = try convert(
            """
            final class Service: Sendable {
                let store = Store()
                func title(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
                    Task { @MainActor in
                        do {
                            let name = try await store.load(id: id)
                            completion(.success(name))
                        } catch {
                            completion(.failure(error))
                        }
                    }
                }
            }
            """)
        #expect(
            text.contains(
                """
                        Task { @MainActor in
                            do {
                                let value = try await title(id: id)
                """))
        #expect(
            text.contains(
                """
                    @MainActor func title(id: Int) async throws -> String {
                        do {
                            let name = try await store.load(id: id)
                            return name
                        } catch {
                            throw error
                        }
                    }
                """))
    }

    @Test func mainActorTaskOnOnePathIsRefusedAsSuch() throws {
        let (output, _) = try convert(
            """
            final class Service {
                func mixed(flag: Bool, completion: @escaping (Int) -> Void) {
                    if flag {
                        DispatchQueue.main.async { completion(1) }
                    } else {
                        Task { @MainActor in completion(2) }
                    }
                }
                func later(completion: @escaping (Int) -> Void) {
                    print("before")
                    Task { @MainActor in completion(3) }
                }
            }
            """)
        #expect(
            output.stderr.contains(
                "mixed(flag:completion:): a `Task { @MainActor in … }` inside a branch or a `do` block"))
        #expect(output.stderr.contains("later(completion:): a `Task { @MainActor in … }` after other statements"))
    }

    @Test func guardLetNamesMayBeShadowedButNotRedeclared() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()
                func redeclared(id: Int, completion: @escaping (Int) -> Void) {
                    guard let n = Optional(id) else { completion(0); return }
                    store.load(id: n) { _ in
                        let n = n + 1
                        completion(n)
                    }
                }
                func shadowed(id: Int, completion: @escaping (Int) -> Void) {
                    let n = Optional(id)
                    guard let n else { completion(0); return }
                    store.load(id: n) { _ in
                        completion(n)
                    }
                }
            }
            """)
        #expect(output.stderr.contains("redeclared(id:completion:): `n` is declared again here"))
        #expect(text.contains("    func shadowed(id: Int) async -> Int {"))
    }

    @Test func defaultedHandlerConvertsUnlessAsyncCodeLeavesItOut() throws {
        let code = """
            final class Service: Sendable {
                let store = Store()
                func drop(id: Int, completion: (@Sendable (Error?) -> Void)? = nil) {
                    store.remove(id: id) { error in completion?(error) }
                }
            }
            func syncCaller(_ service: Service) { service.drop(id: 1) }
            """
        let (converted, text) = try convert(code)
        #expect(converted.stderr.contains("round 1: 1 converted, 0 refused"))
        #expect(text.contains("                completion?(nil)"))
        let (refused, _) = try convert(code + "\nfunc asyncCaller(_ service: Service) async { service.drop(id: 2) }")
        #expect(refused.stderr.contains("drop(id:completion:): its handler has a default, and async code calls it"))
    }

    /// Inputs a second review found: an outer `error` kept, escaping Task errors and overridden methods refused.
    @Test func outerErrorsTasksAndOverrides() throws {
        let (output, text) = try convert(
            """
            class Service {
                let store = Store()
                func relay(id: Int, error: StoreError, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in
                        switch result {
                        case .success(let s): completion(.success(s))
                        case .failure(let e):
                            print(e)
                            completion(.failure(error))
                        }
                    }
                }
                func loose(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    Task {
                        let s = try await store.load(id: id)
                        completion(.success(s))
                    }
                }
                func name(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { result in completion(result) }
                }
            }
            final class Special: Service {
                override func name(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    completion(.success("special"))
                }
            }
            """)
        let relayed = "        } catch let caughtError {\n            let e = caughtError\n            print(e)\n"
        #expect(text.contains(relayed + "            throw error\n"))
        #expect(output.stderr.contains("loose(id:completion:): its `Task` lets errors escape"))
        #expect(output.stderr.contains("name(id:completion:): `Special` overrides it"))
    }

    /// Swift-Kuery-ORM's test connection: requirements stubbed out with empty bodies.
    @Test func anEmptyStubIsRefusedAsOne() throws {
        let (output, _) = try convert(
            """
            final class Service {
                func commit(onCompletion: @escaping (Error?) -> Void) {}
            }
            """)
        #expect(
            output.stderr.contains(
                "commit(onCompletion:): its body is empty, so it never calls the handler (a stub?)"),
            "\(output.stderr)")
        #expect(output.stderr.contains("1 refused (1 empty body)"), "\(output.stderr)")
    }

    /// Overloads that differ in their handler: one whose handler has no async form (`(Int, Error?)`, a value
    /// even with an error) never gets an async version, so it leaves the name to the other.
    @Test func anOverloadWithNoAsyncFormLeavesTheNameFree() throws {
        let (output, text) = try convert(
            """
            final class Service {
                let store = Store()
                func count(id: Int, completion: @escaping (Result<Int, Error>) -> Void) {
                    store.load(id: id) { _ in completion(.success(id)) }
                }
                func count(id: Int, completion: @escaping (Int, Error?) -> Void) {
                    store.load(id: id) { _ in completion(id, nil) }
                }
            }
            """)
        #expect(!output.stderr.contains("declared already"), "\(output.stderr)")
        #expect(output.stderr.contains("count(id:completion:): its handler takes a non-optional value even with"))
        #expect(text.contains("func count(id: Int) async throws -> Int {"), "\(text)")
    }

    @Test func clashingNamesAreRefusedAndResultExpressionsTyped() throws {
        let (output, text) = try convert(
            """
            class Base {
                func size(id: Int) async throws -> Int { 0 }
            }
            final class Service: Base {
                let store = Store()
                func size(id: Int, completion: @escaping (Result<Int, Error>) -> Void) {
                    store.load(id: id) { result in completion(.success(id)) }
                }
                func pick(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { _ in completion(.success("x")) }
                }
                func pick(id: Int, handler: @escaping (String?, Error?) -> Void) {
                    store.load(id: id) { result in handler("y", nil) }
                }
                func choose(id: Int, completion: @escaping (Result<String, Error>) -> Void) {
                    store.load(id: id) { _ in
                        completion(id > 0 ? .success("a") : .failure(StoreError.missing))
                    }
                }
            }
            """)
        #expect(
            output.stderr.contains(":6: not converted: size(id:completion:): `size(id:)` is declared already (Base"))
        #expect(
            output.stderr.contains(":9: not converted: pick(id:completion:): `pick(id:handler:)` is declared already"))
        #expect(
            output.stderr.contains(":12: not converted: pick(id:handler:): `pick(id:completion:)` is declared already"))
        // The old closure went on whatever `load` answered; the typed cast gives `.get()` the whole expression.
        #expect(
            text.contains(
                """
                        _ = try? await store.load(id: id)
                        return try (id > 0 ? .success("a") : .failure(StoreError.missing) as Swift.Result<String, any Error>).get()
                """))
    }

    @Test func roundsNeedFunctions() {
        #expect(runCommand(["convert", "x.swift", "--rounds", "2"]).status == 64)
        #expect(runCommand(["convert", "--functions", "x.swift", "--rounds", "0"]).status == 64)
    }

    /// A protocol default's handler passes `Self`: called on the caller's own type, that is the caller's
    /// type, and the handler handed on converts; called on another type, it is not.
    @Test func selfInAHandedOnHandlerIsTheCallersTypeWhenCalledOnIt() throws {
        let model = """
            protocol Model: Sendable { init() }
            extension Model {
                static func find(id: Int) async throws -> Self { Self() }
                @available(*, renamed: "find(id:)")
                static func find(id: Int, completion: @escaping @Sendable (Self?, Error?) -> Void) {}
            }
            """
        let (stderr, text) = try convertFunctions(
            """
            struct User: Model {
                static func current(completion: @escaping @Sendable (User?, Error?) -> Void) {
                    find(id: 0, completion: completion)
                }
                static func first(completion: @escaping @Sendable (User?, Error?) -> Void) {
                    Self.find(id: 1, completion: completion)
                }
            }
            struct Admin: Model {
                static func current(completion: @escaping @Sendable (Admin?, Error?) -> Void) {
                    User.find(id: 0, completion: completion)
                }
            }
            """, beside: ["Model.swift": model])
        #expect(stderr.contains("2 function(s) converted in 1 round(s), 1 refused"), "\(stderr)")
        #expect(text.contains("        return try await find(id: 0)\n"), "\(text)")
        #expect(text.contains("        return try await Self.find(id: 1)\n"), "\(text)")
        #expect(stderr.contains("whose value is `Self`, not `Admin`"), "\(stderr)")
    }
}
