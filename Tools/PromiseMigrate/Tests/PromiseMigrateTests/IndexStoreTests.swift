import Foundation
import PromiseMigrateKit
import Testing

/// `Fixtures/IndexedPackage`, copied and built once with `swift build`, which writes its index store.
enum IndexedFixture {
    struct Built: Sendable {
        let sources: String
        let store: String
    }

    static let built = Task<Built, any Error> {
        // Under the tool's own .build, which git ignores: one copy, replaced by each run.
        let copy = Paths.package.appendingPathComponent(".build/fixtures/IndexedPackage").path
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createDirectory(
            atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Paths.package.appendingPathComponent("Fixtures/IndexedPackage").path, toPath: copy)
        try? FileManager.default.removeItem(atPath: copy + "/.build")
        let status = try await run("swift", ["build", "--package-path", copy])
        guard status == 0 else { throw BuildFailed(status: status) }
        return Built(sources: copy + "/Sources", store: copy + "/.build/debug/index/store")
    }

    struct BuildFailed: Error {
        var status: Int32
    }

    /// Runs `tool` from `PATH` and waits for it without blocking a thread.
    static func run(_ tool: String, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
    }
}

/// `--index-store`: call sites as the compiler resolved them.
@Suite(.serialized) struct IndexStoreTests {
    private func report(_ arguments: [String]) throws -> Report {
        let (status, output) = runCommand(["report"] + arguments + ["--json"])
        #expect(status == 0, "\(output.stderr)")
        return try JSONDecoder().decode(Report.self, from: Data(output.stdout.utf8))
    }

    private func callSites(_ report: Report) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in report.files {
            for api in file.apis { counts["\(api.type ?? "").\(api.name)"] = api.callSites }
        }
        return counts
    }

    @Test func callSitesAreTheCompilersReferences() async throws {
        let fixture = try await IndexedFixture.built.value
        let report = try report([fixture.sources, "--index-store", fixture.store])
        let counts = callSites(report)
        // Hand-checked against Sources/Catalog: overloads, a protocol requirement, an override called
        // through `super` and through the base class, a private method and a same-named synchronous one.
        #expect(counts["CatalogClient.item(id:completion:)"] == 3)
        #expect(counts["CatalogClient.item(id:)"] == 2)
        // Not Indexer.shared.start(), twice; one call in an `#if os(iOS)` branch, resolved by name.
        #expect(counts["CatalogClient.start(completion:)"] == 2)
        #expect(counts["CatalogClient.items(ids:queue:completion:)"] == 1)  // with the defaulted queue left out
        #expect(counts["Store.load(key:completion:)"] == 1)
        #expect(counts["MemoryStore.load(key:completion:)"] == 2)  // makeStore().load and super.load
        #expect(counts["CachedStore.load(key:completion:)"] == 1)
        #expect(counts["MemoryStore.refresh(completion:)"] == 1)  // private: only its own file's call
        #expect(counts["ItemScreen.refresh(completion:)"] == 1)
        #expect(report.summary.counts.ambiguousCallSites == 0)
        let inAsync = report.files.flatMap(\.apis).first { $0.name == "item(id:completion:)" }?.callSitesInAsync
        #expect(inAsync == 2)  // the async variant's own call and showAsync's
    }

    @Test func codeTheBuildLeftOutIsResolvedByNameAndSaidSo() async throws {
        let fixture = try await IndexedFixture.built.value
        let (status, output) = runCommand(["report", fixture.sources, "--index-store", fixture.store])
        #expect(status == 0)
        #expect(
            output.stderr.contains("1 call(s) of the codebase's APIs sit in #if branches this build did not compile"))
    }

    @Test func wrapLeavesOverridesOfOtherModulesAlone() async throws {
        let fixture = try await IndexedFixture.built.value
        let file = fixture.sources + "/Catalog/Downloads.swift"
        let withStore = runCommand(["wrap", file, "--index-store", fixture.store])
        #expect(withStore.status == 0)
        #expect(withStore.output.stderr.contains("urlSession(_:dataTask:didReceive:completionHandler:): it overrides"))
        #expect(withStore.output.stderr.contains("1 method(s) wrapped, 1 not wrapped"))
        #expect(withStore.output.stdout.contains("func prepare() async"))
        // The module is the context: CatalogClient's types, declared in another file, are known.
        let plain = runCommand(["wrap", file])
        #expect(plain.output.stderr.contains("2 method(s) wrapped"))
    }

    @Test func convertResolvesCallsWithTheStore() async throws {
        let fixture = try await IndexedFixture.built.value
        let file = fixture.sources + "/Catalog/Screens.swift"
        let run = runCommand(["convert", file, "--context", fixture.sources, "--index-store", fixture.store])
        #expect(run.status == 0)
        // The callback overload, as the compiler resolved it beside its async twin; refused for its body.
        #expect(run.output.stderr.contains("Screens.swift:19: not converted: item(id:completion:): its closure is not"))
    }

    @Test func withoutAStoreTheSyntaxGuesses() async throws {
        let fixture = try await IndexedFixture.built.value
        let report = try report([fixture.sources])
        let counts = callSites(report)
        // `super.load` is the superclass's, and `makeStore().load` the declared result type's: the
        // compiler's answers, here.
        #expect(counts["MemoryStore.load(key:completion:)"] == 2)
        #expect(report.summary.counts.ambiguousCallSites == 0)
        // Indexer.shared.start() is Indexer's, which has no callback `start`: not credited.
        #expect(counts["CatalogClient.start(completion:)"] == 2)
    }

    @Test func aStaleStoreIsRefused() async throws {
        let fixture = try await IndexedFixture.built.value
        let source = fixture.sources + "/Catalog/Screens.swift"
        let original = try FileManager.default.attributesOfItem(atPath: source)[.modificationDate] as? Date
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: source)
        defer {
            try? FileManager.default.setAttributes(
                [.modificationDate: original ?? Date(timeIntervalSince1970: 0)], ofItemAtPath: source)
        }
        let (status, output) = runCommand(["report", fixture.sources, "--index-store", fixture.store])
        #expect(status == 1)
        #expect(output.stderr.contains("is stale: "))
        #expect(output.stderr.contains("Screens.swift changed after it was indexed; build again"))
    }

    @Test func aMissingStoreOrLibraryIsAClearError() async throws {
        let fixture = try await IndexedFixture.built.value
        let missing = runCommand(["report", fixture.sources, "--index-store", fixture.store + "-nowhere"])
        #expect(missing.status == 1)
        #expect(missing.output.stderr.contains("no index store at"))
        #expect(missing.output.stderr.contains("swift build writes .build/debug/index/store"))

        let unrelated = runCommand(["report", Paths.fixture, "--index-store", fixture.store])
        #expect(unrelated.status == 1)
        #expect(unrelated.output.stderr.contains("indexes none of these files"))

        var analysis = CodebaseAnalyzer().analyze([fixture.sources])
        #expect(throws: IndexStoreError.libraryNotFound(searched: ["/nowhere/libIndexStore.so"])) {
            try analysis.useIndexStore(at: fixture.store, libraryPath: "/nowhere/libIndexStore.so")
        }
    }

    @Test func filesOutsideTheStoreAreResolvedByName() async throws {
        let fixture = try await IndexedFixture.built.value
        let (status, output) = runCommand(["report", fixture.sources, Paths.legacyKit, "--index-store", fixture.store])
        #expect(status == 0)
        #expect(output.stderr.contains("file(s) are not in the index store"))
    }
}
