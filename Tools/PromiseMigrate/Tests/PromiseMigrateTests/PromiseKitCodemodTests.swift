import Foundation
import PromiseMigrateKit
import Testing

/// `promise-migrate promisekit`: Migration.md's PromiseKit rows where the code is PromiseKit, and
/// nowhere else.
@Suite struct PromiseKitCodemodTests {
    /// Migrates `files` (by name) with `--write` and returns them, with the command's standard error.
    private func migrate(_ files: [String: String], _ extra: [String] = []) throws -> (files: [String: String], err: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, text) in files { try folder.write(text, to: name) }
        let run = runCommand(["promisekit", folder.path, "--write"] + extra)
        #expect(run.status == 0)
        var migrated: [String: String] = [:]
        for name in files.keys {
            migrated[name] = try String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)
        }
        return (migrated, run.output.stderr)
    }

    private func migrate(_ source: String, _ extra: [String] = []) throws -> String {
        try migrate(["Service.swift": source], extra).files["Service.swift"]!
    }

    @Test func chainsGetTheirNamesHereAndPromiseKitsQueue() throws {
        let out = try migrate(
            """
            import PromiseKit
            func load() -> Promise<Int> { Promise.value(1) }
            func run() {
                firstly { load() }
                    .then { n in load() }
                    .get { print($0) }
                    .done { print($0) }
                    .ensure { print("end") }
                    .cauterize()
            }
            """)
        #expect(out.contains("import Promises\n"))
        #expect(out.contains("func load() -> Promise<Int> { Promise(1) }"))
        #expect(out.contains("Promise.firstly { load() }"))
        #expect(out.contains(".flatMap(on: .main) { n in load() }"))
        #expect(out.contains(".then(on: .main) { print($0) }"))
        #expect(out.contains(".map(on: .main) { print($0) }"))
        #expect(out.contains(".always(on: .main) { print(\"end\") }"))
        #expect(out.contains(".catch { _ in }"))
    }

    /// A chain of 450 steps is rewritten step by step; one of 50,000, too deep for swift-syntax to walk
    /// (`SyntaxDepth`), is left with a note instead of crashing.
    @Test(.timeLimit(.minutes(1))) func longChainsAreRewrittenAndTooDeepOnesLeftWithANote() throws {
        func chain(_ name: String, _ steps: Int) -> String {
            "import PromiseKit\nfunc \(name)(x: Promise<Int>) -> Promise<Int> {\n    return x"
                + String(repeating: ".map { $0 }", count: steps) + "\n}\n"
        }
        let (files, err) = try migrate(["Long.swift": chain("long", 450), "Deep.swift": chain("deep", 50_000)])
        #expect(files["Long.swift"]?.components(separatedBy: ".map(on: .main) { $0 }").count == 451)
        #expect(files["Deep.swift"] == chain("deep", 50_000))
        #expect(err.contains("Deep.swift:1: not rewritten: its syntax tree nests more than 1000 levels deep"), "\(err)")
    }

    /// `PromiseKit.Promise` and `conf.Q.map` are rewritten however much trivia stands before them.
    @Test func namesAfterLongCommentsAreRewritten() throws {
        let out = try migrate(
            """
            import PromiseKit
            func two() -> PromiseKit.Promise<Int> {
                // We spell out PromiseKit here because this module declares its own Promise type as well.
                PromiseKit.Promise.value(2)
            }
            func three() {
                _ = firstly { two() }.map(on:
                    // A long explanatory comment that pushes the base of this member access past 80 bytes.
                    conf.Q.map) { $0 + 1 }
            }
            """)
        #expect(out.contains("    Promises.Promise(2)\n"), "\(out)")
        #expect(!out.contains("conf.Q"), "\(out)")
    }

    /// `PromiseKit.firstly`, `PromiseKit.when` and `PromiseKit.after` name a module that is no longer imported:
    /// they are rewritten as the unqualified calls are, and their chains too.
    @Test func freeFunctionsQualifiedByTheModuleAreRewritten() throws {
        let out = try migrate(
            """
            import PromiseKit
            func one() -> Promise<Int> { Promise.value(1) }
            func run() {
                PromiseKit.firstly { one() }
                    .done { print($0) }
                    .cauterize()
                _ = PromiseKit.when(fulfilled: [one(), one()]).done { print($0) }
                _ = PromiseKit.after(seconds: 1).done { print("late") }
            }
            func two() -> Promise<Int> {
                return PromiseKit.firstly { .value(2) }
            }
            func three() -> Promise<Int> {
                return firstly(execute: { one() })
            }
            """)
        #expect(out.contains("    Promise.firstly { one() }\n        .map(on: .main) { print($0) }\n"), "\(out)")
        #expect(out.contains("_ = Promise.all([one(), one()]).map(on: .main) { print($0) }"), "\(out)")
        #expect(out.contains("_ = Promise.after(.seconds(1)).map(on: .main) { print(\"late\") }"), "\(out)")
        #expect(out.contains("return Promise.firstly { Promise(2) }"), "\(out)")
        #expect(out.contains("return Promise.firstly({ one() })"), "\(out)")
        #expect(!out.contains("PromiseKit"), "\(out)")
    }

    /// `race(fulfilled:)` has no rewrite: it is left as written (`PromiseKit.` included), with a note.
    @Test func raceOfTheFirstFulfilledIsLeftWithANote() throws {
        let (files, err) = try migrate([
            "Race.swift": """
            import PromiseKit
            func first(_ ps: [Promise<Int>]) -> Promise<Int> {
                return PromiseKit.race(fulfilled: ps)
            }
            """
        ])
        #expect(files["Race.swift"]?.contains("return PromiseKit.race(fulfilled: ps)") == true, "\(files)")
        #expect(err.contains("Race.swift:3: not rewritten: race(fulfilled:): write Promise.any"), "\(err)")
    }

    @Test func confQDecidesTheQueueAndItsReadsBecomeAQueue() throws {
        let out = try migrate(
            """
            import PromiseKit
            func setUp() { conf.Q = (map: nil, return: nil) }
            func load(on queue: DispatchQueue? = conf.Q.map) -> Promise<Int> {
                Promise.value(1).map(on: queue) { $0 }.map(on: nil, flags: .barrier) { $0 }.map { $0 }
            }
            """)
        #expect(out.contains("/* conf.Q = (map: nil, return: nil): promise-migrate wrote on: .inline on each step */ ()"))
        #expect(out.contains("on queue: DispatchQueue? = nil"))
        #expect(out.contains("Promise(1).map(on: queue) { $0 }.map(on: .inline) { $0 }.map(on: .inline) { $0 }"))
        let global = try migrate("import PromiseKit\nfunc f(_ p: Promise<Int>) { p.done { _ in } }", ["--queue", "global"])
        #expect(global.contains("p.map { _ in }"))
    }

    @Test func mapAndReturnQueuesStayApartAndOnlyConfQIsTouched() throws {
        let out = try migrate(
            """
            import PromiseKit
            func setUp() { conf.Q.map = .global() }
            func f(_ p: Promise<Int>, on q: DispatchQueue? = conf.Q.return) -> Promise<Void> {
                let conf = URLSessionConfiguration.default; conf.timeoutIntervalForRequest = 30
                return p.map { $0 }.map(on: conf.Q.map, flags: .barrier) { $0 }.done { print($0) }
            }
            """)
        #expect(out.contains("on q: DispatchQueue? = DispatchQueue.main"))
        #expect(out.contains("conf.timeoutIntervalForRequest = 30"), "another conf is left alone")
        #expect(out.contains("p.map { $0 }.map(on: DispatchQueue.global()) { $0 }.map(on: .main) { print($0) }"))
    }

    @Test func namesAreScopedAndOnlyErrorsLoseIsCancelled() throws {
        let out = try migrate(
            """
            import PromiseKit
            func upper(_ users: Promise<[String]>) -> Promise<[String]> { users.mapValues { $0.uppercased() } }
            func names(_ users: [String]) -> [String] { users.map { $0.lowercased() } }
            func stop(_ task: Task<Void, Never>, _ error: Error) -> Bool { Task.isCancelled || error.isCancelled }
            """)
        #expect(out.contains("users.map { $0.lowercased() }"), "the array parameter of another function")
        #expect(out.contains("Task.isCancelled || error.isCancellation"))
    }

    @Test func aThrowingGetBecomesAMapThatPassesTheValueOn() throws {
        let out = try migrate(
            """
            import PromiseKit
            func f(_ p: Promise<Int>) -> Promise<[Int]> {
                p.get { try check($0) }.map { [$0] }.sortedValues()
            }
            """)
        #expect(out.contains("p.map(on: .main) { value in try ({ try check($0) })(value); return value }"))
        #expect(out.contains(".map(on: .main) { $0.sorted() }"))
    }

    @Test func whatTestsOfPromiseKitCodeUse() throws {
        let out = try migrate(
            """
            import PromiseKit
            func make(_ p: Promise<Int> = .value(1), all: [Promise<Void>] = [.value(())]) -> PromiseKit.Promise<Int> { p }
            func check(_ g: Guarantee<Int>) throws {
                let p = make(Promise(g))
                let q = make(.value(2))
                XCTAssertEqual(try hang(p), 1)
                XCTAssert(p.isFulfilled && !q.isResolved)
                XCTAssertEqual(q.value, 2)
                if p.isRejected { return }
            }
            """)
        #expect(out.contains("func make(_ p: Promise<Int> = Promise(1), all: [Promise<Void>] = [Promise(())]) -> Promises.Promise<Int> { p }"))
        #expect(out.contains("let p = make(g)"), "PromiseKit's Promise(guarantee) is the promise itself")
        #expect(out.contains("let q = make(Promise(2))"))
        #expect(out.contains("XCTAssertEqual(try p.wait(), 1)"), "no second try")
        #expect(out.contains("XCTAssert({ if case .success? = p.currentResult { return true } else { return false } }() && !!q.isPending)"))
        #expect(out.contains("XCTAssertEqual(q.currentResult.flatMap { try? $0.get() }, 2)"))
        #expect(out.contains("if case .failure? = p.currentResult { return }"))
    }

    @Test func aTestFileGetsTheQueueItsTestsSet() throws {
        let run = try migrate([
            "Sources/Client.swift": "import PromiseKit\nfunc f(_ p: Promise<Int>) -> Promise<Int> { p.map { $0 } }",
            "Tests/ClientTests.swift": """
                import PromiseKit
                func setUp() { PromiseKit.conf.Q.map = nil }
                func g(_ p: Promise<Int>) -> Promise<Int> { p.map { $0 } }
                """,
        ])
        #expect(run.files["Sources/Client.swift"]!.contains("p.map(on: .main) { $0 }"))
        #expect(run.files["Tests/ClientTests.swift"]!.contains("p.map(on: .inline) { $0 }"))
    }

    @Test func namesOtherTypesShareAreLeftAlone() throws {
        let source = """
            import PromiseKit
            enum Setting { case value(String) }
            func setting() -> Setting { return .value("a") }
            func counts(_ d: [String: [Int]]) -> [String: Int] { d.mapValues { $0.count } }
            func names(_ users: [String]) -> [String] { users.map { $0.uppercased() } }
            func users() -> Promise<[String]> { return .value(["a"]) }
            func upper(_ users: Promise<[String]>) -> Promise<[String]> { users.mapValues { $0.uppercased() } }
            """
        let out = try migrate(source)
        #expect(out.contains("func setting() -> Setting { return .value(\"a\") }"))
        #expect(out.contains("d.mapValues { $0.count }"))
        #expect(out.contains("users.map { $0.uppercased() }"), "a parameter named like a promise function")
        #expect(out.contains("func users() -> Promise<[String]> { return Promise([\"a\"]) }"))
        #expect(out.contains("users.map(on: .main) { $0.map { $0.uppercased() } }"))
    }

    @Test func whenOfVoidPromisesStaysAPromiseOfVoid() throws {
        let out = try migrate(
            """
            import PromiseKit
            func saveAll(_ saves: [Promise<Void>]) -> Promise<Void> { return when(fulfilled: saves) }
            func loadAll(_ loads: [Promise<Int>]) -> Promise<[Int]> { when(fulfilled: loads) }
            func both(_ a: Promise<Int>, _ b: Promise<String>) -> Promise<(Int, String)> { when(fulfilled: a, b) }
            func settled(_ loads: [Promise<Int>]) { _ = when(resolved: loads) }
            """)
        #expect(out.contains("return Promise.all(saves).asVoid() }"))
        #expect(out.contains("{ Promise.all(loads) }"))
        #expect(out.contains("{ Promise.all(a, b) }"))
        #expect(out.contains("_ = Promise.allSettled(loads)"))
    }

    @Test func tapKeepsItsNameAndItsResultBecomesSwifts() throws {
        let out = try migrate(
            """
            import PromiseKit
            func f(_ p: Promise<Int>) -> Promise<Int> {
                p.tap { result in
                    if !result.isFulfilled { print("failed") }
                    guard case .fulfilled = result else { return }
                }
            }
            """)
        #expect(out.contains("p.tap(on: .main) { result in"))
        #expect(out.contains("if case .failure = result { print(\"failed\") }"))
        #expect(out.contains("guard case .success = result else { return }"))
    }

    @Test func extensionsGenericsAndThenable() throws {
        let out = try migrate(
            """
            import PromiseKit
            extension Promise where T == Int {
                func doubled() -> Promise<T> { map(on: nil) { $0 * 2 } }
            }
            extension Promise {
                func nest<U: Thenable>(on queue: DispatchQueue? = conf.Q.map, _ body: @escaping (T) throws -> U) -> Promise<T> {
                    then(on: queue) { value in try body(value).map(on: nil) { _ in value } }
                }
                func pair<T>(_ other: T) -> (T, T) { (other, other) }
            }
            """)
        #expect(out.contains("extension Promise where Value == Int {"))
        #expect(out.contains("func doubled() -> Promise<Value> { map(on: .inline) { $0 * 2 } }"))
        #expect(out.contains("func nest<U>(on queue: DispatchQueue? = DispatchQueue.main, _ body: @escaping (Value) throws -> Promise<U>) -> Promise<Value> {"))
        #expect(out.contains("flatMap(on: queue) { value in try body(value).map(on: .inline) { _ in value } }"))
        #expect(out.contains("func pair<T>(_ other: T) -> (T, T)"), "a function's own T stays")
    }

    @Test func pmkFoundationAndItsErrors() throws {
        let out = try migrate(
            """
            import PromiseKit
            import PMKFoundation
            func get(_ r: URLRequestConvertible) -> Promise<(data: Data, response: URLResponse)> {
                URLSession.shared.dataTask(.promise, with: r.pmkRequest).validate()
                    .recover { error -> Promise<(data: Data, response: URLResponse)> in
                        switch error {
                        case PMKHTTPError.badStatusCode(let code, _, _):
                            if code == 401 { throw PMKError.cancelled }
                            throw error
                        default:
                            throw error
                        }
                    }
            }
            """)
        #expect(out.contains("import PromiseFoundation"))
        #expect(out.contains("func get(_ r: URLRequest)"))
        #expect(out.contains("URLSession.shared.dataPromise(with: r).validateHTTPStatus()"))
        #expect(out.contains("case let httpError as HTTPStatusError:\n                let code = httpError.statusCode\n                if code == 401"))
        #expect(out.contains("throw CancellationError()"))
    }

    @Test func guaranteesAndSeals() throws {
        let out = try migrate(
            """
            import PromiseKit
            func name() -> Guarantee<String> {
                Guarantee { seal in DispatchQueue.global().async { seal("guest") } }
            }
            func wait(_ delay: Double) -> Guarantee<Void> { after(seconds: delay) }
            func first(_ a: Promise<Int>, _ b: Promise<Int>) -> Promise<Int> { race(a, b) }
            """)
        #expect(out.contains("func name() -> Promise<String> {"))
        #expect(out.contains("Promise { seal in DispatchQueue.global().async { seal.fulfill(\"guest\") } }"))
        #expect(out.contains("Promise.after(.seconds(delay))"))
        #expect(out.contains("Promise.race([a, b])"))
    }

    @Test func whatItCannotRewriteIsListedWithTheLine() throws {
        let run = try migrate(["Service.swift": "import PromiseKit\n\nfunc f(_ p: Promise<Int>) { p.ensureThen { Promise.value(()) } }"])
        #expect(run.err.contains("Service.swift:3: not rewritten: ensureThen"))
        #expect(run.err.contains("1 place(s) left for you"))
    }

    @Test func aFileWithoutPromiseKitIsNotTouchedAndTheDefaultIsADiff() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("import Foundation\nlet x = [1].map { $0 }\n", to: "Plain.swift")
        try folder.write("import PromiseKit\nfunc f(_ p: Promise<Int>) { p.done { _ in } }\n", to: "Kit.swift")
        let run = runCommand(["promisekit", folder.path])
        #expect(run.status == 0)
        #expect(run.output.stdout.contains("-func f(_ p: Promise<Int>) { p.done { _ in } }"))
        #expect(run.output.stdout.contains("+func f(_ p: Promise<Int>) { p.map(on: .main) { _ in } }"))
        #expect(!run.output.stdout.contains("Plain.swift"))
        let kit = try String(contentsOfFile: folder.path + "/Kit.swift", encoding: .utf8)
        #expect(kit.contains("p.done"), "nothing written without --write")
    }
}
