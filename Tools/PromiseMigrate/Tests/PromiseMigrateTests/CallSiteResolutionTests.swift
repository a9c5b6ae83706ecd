import Foundation
import PromiseMigrateKit
import Testing

/// Calls resolved by Swift's rules: the trailing closure's forward scan, overloads credited once.
@Suite struct CallSiteResolutionTests {
    /// A report of `files` (name → source), written to a temporary folder.
    private func report(_ files: [String: String]) throws -> Report {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, source) in files { try folder.write(source, to: name) }
        return ReportBuilder.build(CodebaseAnalyzer().analyze([folder.path]))
    }

    private func api(_ report: Report, _ name: String) -> APIEntry? {
        report.files.flatMap(\.apis).first { $0.name == name }
    }

    @Test func aTrailingClosureSkipsADefaultedQueueToReachTheHandler() throws {
        let report = try report([
            "Client.swift": """
            import Dispatch
            final class Client {
                func load(id: Int, queue: DispatchQueue = .main, completion: @escaping (String?, Error?) -> Void) {}
                func upload(_ data: Int, progress: ((Double) -> Void)? = nil, completion: @escaping (Error?) -> Void) {}
            }
            func use(_ client: Client) {
                client.load(id: 1) { _, _ in }
                client.load(id: 2, queue: .global()) { _, _ in }
                client.upload(3) { _ in }
                client.upload(4, progress: { _ in }) { _ in }
            }
            """
        ])
        #expect(api(report, "load(id:queue:completion:)")?.callSites == 2)
        #expect(api(report, "upload(_:progress:completion:)")?.callSites == 2)
        let sites = try #require(report.files.first?.callSites)
        #expect(sites.map(\.line) == [7, 8, 9, 10])
        #expect(sites.allSatisfy { $0.kind == .callback && $0.ambiguousAmong == nil })
    }

    @Test func aHandlerThroughATypealiasIsReached() throws {
        let report = try report([
            "Api.swift": """
            typealias Completion = (Result<Int, Error>) -> Void
            final class Api {
                func count(retries: Int = 3, completion: @escaping Completion) {}
                func other(timeout: Double = 1, done: @escaping Moya.Completion) {}
            }
            func use(_ api: Api) {
                api.count { _ in }
                api.other { _ in }
            }
            """
        ])
        #expect(api(report, "count(retries:completion:)")?.callSites == 1)
        #expect(api(report, "other(timeout:done:)")?.callSites == 1)
    }

    @Test func overloadsWithTheSameLabelsAreAmbiguousNotCountedTwice() throws {
        let report = try report([
            "Stores.swift": """
            final class A { func fetch(id: Int, completion: @escaping (Int?, Error?) -> Void) {} }
            final class B { func fetch(id: Int, completion: @escaping (String?, Error?) -> Void) {} }
            func use() { let thing = make(); thing.fetch(id: 1) { _, _ in } }
            func useA(_ a: A) { a.fetch(id: 1) { _, _ in } }
            """
        ])
        let apis = report.files.flatMap(\.apis).filter { $0.name == "fetch(id:completion:)" }
        #expect(apis.map(\.callSites).sorted() == [0, 1], "A's call is A's; the unknown receiver's is neither's")
        let sites = try #require(report.files.first?.callSites)
        #expect(sites.first?.ambiguousAmong?.count == 2)
        #expect(report.summary.counts.ambiguousCallSites == 1)
    }

    @Test func waitsOfSemaphoresGroupsAwaitedCallsAndOtherLibrariesAreNotOurs() throws {
        let report = try report([
            "Ours.swift": """
            import PromiseAsync
            import Dispatch
            func block(_ p: Promise<Int>, gate: DispatchSemaphore, group: DispatchGroup) -> Int {
                gate.wait()
                group.wait()
                return (try? p.wait()) ?? 0
            }
            func tool() async { await Tool.wait() }
            """,
            "Theirs.swift": """
            import PromiseKit
            func legacy(_ p: Promise<Int>) -> Int { (try? p.wait()) ?? 0 }
            func fetch() -> Promise<Int> { Promise.value(1) }
            """,
        ])
        let ours = try #require(report.files.first { $0.path.hasSuffix("Ours.swift") })
        #expect(ours.waits.map(\.line) == [6])
        let theirs = try #require(report.files.first { $0.path.hasSuffix("Theirs.swift") })
        #expect(theirs.waits.isEmpty)
        #expect(theirs.otherPromiseLibrary == "PromiseKit")
        #expect(theirs.apis.first?.promiseLibrary == "PromiseKit")
    }

    @Test func aProtocolRequirementAndItsImplementationsAreOneAPI() throws {
        let report = try report([
            "Provider.swift": """
            protocol ProviderType { func request(_ target: Int, completion: @escaping (Int?, Error?) -> Void) }
            final class Provider: ProviderType {
                func request(_ target: Int, completion: @escaping (Int?, Error?) -> Void) {}
                func refresh() { self.request(1) { _, _ in } }
                func reload() { weakSelf()?.request(2) { _, _ in } }  // a call's result: its declared type
                func weakSelf() -> Provider? { self }
            }
            func use(_ provider: some ProviderType) { provider.request(3) { _, _ in } }
            func untyped() { let thing = make(); thing.request(4) { _, _ in } }
            """
        ])
        let apis = report.files.flatMap(\.apis).filter { $0.name == "request(_:completion:)" }
        #expect(apis.map { $0.type ?? "" } == ["ProviderType", "Provider"])
        // `self.request` and `weakSelf()?.request` (a `Provider?`) are the class's; the two receivers of
        // protocol or unknown type go to the requirement, where before each was counted for both.
        #expect(apis.map(\.callSites) == [2, 2])
        #expect(report.summary.counts.ambiguousCallSites == 0)
    }
}
