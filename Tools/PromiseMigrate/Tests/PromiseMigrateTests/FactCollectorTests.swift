import PromiseMigrateKit
import Testing

@Suite struct FactCollectorTests {
    private func waitsInAsync(_ source: String, path: String = "Snippet.swift") -> [Bool] {
        let collected = facts(source, path: path)
        return collected.waits.map { collected.contextIsAsync[$0.context] }
    }

    @Test func waitsAreMarkedWhenTheyAreInAsyncCode() {
        let source = """
            import PromiseAsync
            func sync(_ p: Promise<Int>) -> Int { (try? p.wait()) ?? 0 }
            func async(_ p: Promise<Int>) async -> Int { (try? p.wait(timeout: .seconds(1))) ?? 0 }
            func inTask(_ p: Promise<Int>) { Task { _ = try? p.wait() } }
            func inClosureThatAwaits(_ p: Promise<Int>) { run { _ = try? p.wait(); await other() } }
            func inContinuation(_ p: Promise<Int>) async {
                await withCheckedContinuation { continuation in _ = try? p.wait(); continuation.resume() }
            }
            func notAPromise(_ semaphore: DispatchSemaphore) async { semaphore.wait() }
            """
        #expect(waitsInAsync(source) == [false, true, true, true, true])
    }

    @Test func aMainFileThatAwaitsRunsItsTopLevelInATask() {
        let source = """
            import PromiseAsync
            let value = try quota().wait()
            func helper() -> Int { (try? quota().wait()) ?? 0 }
            let other = try await quota().value
            """
        #expect(waitsInAsync(source, path: "main.swift") == [true, false])
        #expect(waitsInAsync(source, path: "Other.swift") == [false, false])
    }

    @Test func wrapSitesRecordTheCallThatReceivesTheHandler() throws {
        let collected = facts(
            """
            func user(id: Int) -> Promise<User> {
                Promise { resolver in client.fetchUser(id: id, completion: resolver.resolve) }
            }
            func named() -> Promise<Void> {
                Promise<Void> { resolver in store.flush(resolver.fulfill) }
            }
            func avatar(id: Int) -> Promise<Data> {
                Promise.wrapping { resolver in client.fetchAvatar(id: id, completion: resolver.resolve) }
            }
            func count() -> Promise<Int> {
                .wrapping { resolver in client.count(resolver.fulfill) }
            }
            """)
        #expect(collected.wrapSites.count == 4)
        #expect(collected.wrapSites[0].wrapped?.name == "fetchUser")
        #expect(collected.wrapSites[0].wrapped?.argumentLabels == ["id", "completion"])
        #expect(collected.wrapSites[0].handlerLabel == "completion")
        #expect(collected.wrapSites[1].wrapped?.name == "flush")
        #expect(collected.wrapSites[1].handlerLabel == "_")
        #expect(collected.wrapSites[2].wrapped?.name == "fetchAvatar")
        #expect(collected.wrapSites[3].wrapped?.name == "count")
        #expect(collected.promiseConstructions == 4)
    }

    @Test func mainQueueCallbacksInEveryForm() {
        let collected = facts(
            """
            DispatchQueue.main.async { print(1) }
            DispatchQueue.main.asyncAfter(deadline: .now()) { print(2) }
            OperationQueue.main.addOperation { print(3) }
            promise.then(on: .main) { print($0) }
            session.load(queue: DispatchQueue.main) { print($0) }
            DispatchQueue.global().async { print(4) }
            promise.then(on: .global()) { print($0) }
            """)
        #expect(
            collected.mainQueueCallbacks.map(\.form) == [
                "DispatchQueue.main.async", "DispatchQueue.main.asyncAfter", "OperationQueue.main.addOperation",
                "on: .main", "queue: DispatchQueue.main",
            ])
        #expect(collected.mainQueueCallbacks.map(\.line) == [1, 2, 3, 4, 5])
    }

    @Test func callsRecordLabelsTrailingClosuresAndUse() {
        let collected = facts(
            """
            func f() async throws {
                client.fetch(id: 1) { user, error in }
                _ = try await client.fetch(id: 1)
                _ = try await repository.user(id: 1).value
                upload(data, completion: { _ in }) { progress in }
            }
            """)
        let calls = collected.calls
        #expect(calls.map(\.name) == ["fetch", "fetch", "user", "upload"])
        #expect(calls[0].trailingClosureLabels == ["_"])
        #expect(calls[0].usage == .plain)
        #expect(calls[1].usage == .awaited)
        #expect(calls[2].usage == .promiseMember)
        #expect(calls[3].argumentLabels == ["_", "completion"])
        #expect(calls[3].trailingClosureLabels == ["_"])
    }

    @Test func declarationsCarryTheirTypeAccessAndConditions() throws {
        let collected = facts(
            """
            public extension Outer.Inner where T: Sendable {
                #if os(iOS)
                @MainActor static func load(_ x: Int, completion: @escaping (Int) -> Void) {}
                #elseif os(macOS)
                func load(completion: @escaping (Int) -> Void) {}
                #else
                private func other(in: String, _: Int) {}
                #endif
            }
            """)
        let load = try #require(collected.functions.first)
        #expect(load.context.typePath == "Outer.Inner")
        #expect(load.context.typeKind == "extension")
        #expect(load.context.typeAccessLevel == "public")
        #expect(load.context.whereClause == "where T: Sendable")
        #expect(load.context.conditions == ["os(iOS)"])
        #expect(load.isStatic)
        #expect(load.attributes == ["@MainActor"])
        #expect(collected.functions[1].context.conditions == ["!(os(iOS)) && (os(macOS))"])
        let other = collected.functions[2]
        #expect(other.context.conditions == ["!(os(iOS)) && !(os(macOS))"])
        #expect(other.accessLevel == "private")
        #expect(other.parameters.map(\.name) == ["in", "argument1"])
    }

    @Test func syntaxErrorsAreLocated() throws {
        let collected = facts("func broken( {\n  let x = \n}\n")
        let problem = try #require(collected.syntaxProblem)
        #expect(problem.count >= 1)
        #expect(problem.line == 1)
    }
}
