import Foundation
import PromiseMigrateKit
import Testing

@Suite struct WrapTests {
    private func wrap(_ name: String, _ extra: [String] = []) -> (status: Int32, output: BufferOutput) {
        runCommand(["wrap", "\(Paths.legacyKit)/\(name)", "--context", Paths.fixture] + extra)
    }

    @Test func generatesAPromiseWrapperAndAnAsyncFacadePerMethod() {
        let run = wrap("UserClient.swift")
        #expect(run.status == 0)
        let code = run.output.stdout
        #expect(code.hasPrefix(WrapGenerator.marker))
        #expect(code.contains("import PromiseAsync\n"))
        #expect(code.contains("extension UserClient {\n"))
        #expect(
            code.contains(
                """
                    func fetchUsersPromise(page: Int) -> Promise<[User]> {
                        Promise.wrapping { resolver in self.fetchUsers(page: page, completionHandler: resolver.resolve) }
                    }
                """))
        #expect(
            code.contains(
                """
                    func fetchUsers(page: Int) async throws -> [User] {
                        try await fetchUsersPromise(page: page).value
                    }
                """))
        #expect(code.contains("`@available(*, renamed: \"fetchUsers(page:)\")`"))
        // A handler before another parameter, and a keyword-named parameter.
        #expect(code.contains("Promise.wrapping { resolver in self.upload(data, completion: resolver.resolve, progress: progress) }"))
        #expect(code.contains("Promise.wrapping { resolver in self.move(id: id, in: `in`, completion: resolver.resolve) }"))
        // A free function goes to the top level.
        #expect(code.contains("\nfunc fetchServerTimePromise() -> Promise<Date> {"))
        #expect(code.contains("func logOut() async throws {"))
    }

    @Test func anExistingAsyncVariantIsNotDeclaredAgain() {
        let code = wrap("UserClient.swift").output.stdout
        #expect(code.contains("func fetchUserPromise(id: Int) -> Promise<User>"))
        #expect(!code.contains("func fetchUser(id: Int) async throws"))
        #expect(code.contains("already has an async variant, `fetchUser(id:)`"))
    }

    @Test func everyMethodItCannotWrapIsReportedWithTheReason() {
        let client = wrap("UserClient.swift").output
        for (name, reason) in [
            ("UserClient.profile(id:completion:)", "needs `LegacyProfile` to be Sendable"),
            ("UserClient.tag(_:completion:)", "variadic parameter `names`"),
            ("UserClient.bounds(completion:)", "has no wrapper"),
            ("UserClient.refreshToken(completion:)", "private"),
        ] {
            #expect(client.stderr.contains("not wrapped: \(name): ") && client.stderr.contains(reason))
            #expect(client.stdout.contains("// - \(name), line "))
        }
        let library = wrap("PhotoLibrary.swift").output
        #expect(!library.stderr.contains("PhotoLibrary.init"), "an initializer's closure is not a completion handler")
    }

    @Test func staticGenericCancellableAndThrowingMethods() {
        let code = wrap("NetworkClient.swift").output.stdout
        #expect(code.contains("static func getPromise(_ url: URL) -> Promise<(Data, URLResponse)> {"))
        #expect(
            code.contains(
                "static func decodePromise<T: Decodable>(_ type: T.Type, from data: Data) -> Promise<T> where T: Sendable"
            ))
        #expect(code.contains("resolver.onCancel { operation.cancel() }"))
        #expect(code.contains("try await Self.downloadPromise(url).value(cancellingOnTaskCancellation: true)"))
        #expect(code.contains("Promise.wrapping { resolver in try Self.ping(host: host, completion: resolver.fulfill) }"))
        #expect(code.contains("#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif"))
    }

    @Test func protocolsActorsMainActorTypesAndConstrainedExtensions() {
        let code = wrap("Storage.swift").output.stdout
        #expect(code.contains("extension KeyValueStore {"))
        // A non-Sendable receiver: the facade runs on its caller's actor.
        #expect(code.contains("nonisolated(nonsending) func value(forKey key: String) async throws -> String?"))
        #expect(code.contains("    func flag(_ name: String) async throws -> Bool {"))
        #expect(code.contains("extension Counter {"))
        #expect(code.contains("extension Cache where Key == String {"))
        #expect(code.contains("func valuePromise(for key: Key) -> Promise<Value> where Value: Sendable"))
    }

    @Test func ifBlocksAreKeptAroundTheirWrappers() {
        let code = wrap("PhotoLibrary.swift").output.stdout
        #expect(code.contains("#if DEBUG\n    extension PhotoLibrary {"))
        #expect(code.contains("#if !(DEBUG)\n    extension PhotoLibrary {"))
        #expect(code.contains("#if canImport(ObjectiveC)\n    extension PhotoLibrary {\n"))
        #expect(code.contains("func loadAllPromise() -> Promise<[Photo]>"))  // through the nested typealias
    }

    @Test func typeSelectsWhichMethodsAreWrapped() {
        let run = wrap("Storage.swift", ["--type", "Counter"])
        #expect(run.status == 0)
        #expect(run.output.stdout.contains("extension Counter {"))
        #expect(!run.output.stdout.contains("extension KeyValueStore"))
        let unknown = wrap("Storage.swift", ["--type", "Nope"])
        #expect(unknown.status == 1)
        #expect(unknown.output.stderr.contains("declares no methods of a type Nope"))
    }

    @Test func itNeverWritesWithoutWriteAndNeverOverwritesAFileItDidNotGenerate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try String(contentsOfFile: Paths.legacyKit + "/Storage.swift", encoding: .utf8)
        try folder.write(source, to: "Storage.swift")
        try folder.write("// my own code\n", to: "Mine.swift")
        let input = folder.path + "/Storage.swift"
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

        // Without --write: printed only, nothing created.
        let dryRun = runCommand(["wrap", input])
        #expect(dryRun.status == 0)
        #expect(dryRun.output.stderr.contains("printed only: pass --write"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)

        // A file it did not generate is never replaced, with or without --write.
        let refused = runCommand(["wrap", input, "--output", folder.path + "/Mine.swift", "--write"])
        #expect(refused.status == 1)
        #expect(refused.output.stderr.contains("refusing to overwrite"))
        #expect(try String(contentsOfFile: folder.path + "/Mine.swift", encoding: .utf8) == "// my own code\n")
        let intoInput = runCommand(["wrap", input, "--output", input, "--write"])
        #expect(intoInput.status == 1)
        #expect(try String(contentsOfFile: input, encoding: .utf8) == source)

        // --write creates the one file, and regenerates it; nothing else changes.
        #expect(runCommand(["wrap", input, "--write"]).status == 0)
        let generated = folder.path + "/Storage+Promises.swift"
        let first = try String(contentsOfFile: generated, encoding: .utf8)
        #expect(runCommand(["wrap", input, "--write"]).status == 0)
        #expect(try String(contentsOfFile: generated, encoding: .utf8) == first)  // its own output is ignored
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == (before + ["Storage+Promises.swift"]).sorted())
        #expect(try String(contentsOfFile: input, encoding: .utf8) == source)
    }

    @Test func aFileWithNothingToWrapWritesNothing() throws {
        let run = runCommand(["wrap", Paths.legacyKit + "/Models.swift", "--write"])
        #expect(run.status == 0)
        #expect(run.output.stderr.contains("nothing to wrap"))
        #expect(!FileManager.default.fileExists(atPath: Paths.legacyKit + "/Models+Promises.swift"))
    }
}
