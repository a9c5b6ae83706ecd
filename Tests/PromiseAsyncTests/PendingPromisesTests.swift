import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

private struct StuckRequest: Sendable {}
private struct StuckScreen: Sendable {}

@Suite struct PendingPromisesTests {
    /// A chain whose head nobody settles, awaited by a Task: the report shows the head as a root, what
    /// it waits for, the link under it, and the Task at the end.
    @Test(.enabled(if: PendingPromises.isTracking, "tracking is on in debug builds"))
    func theReportShowsAStuckChainAsATree() async throws {
        let (request, resolver) = Promise<StuckRequest>.pending()
        let line = #line - 1
        let screen = request.map(on: .inline) { _ in StuckScreen() }
        let task = Task { try await screen.value }
        await waitUntilObserved(screen)

        let report = PendingPromises.report().split(separator: "\n").map(String.init)
        let head = try #require(report.firstIndex { $0.hasPrefix("Promise<StuckRequest> #") })
        let link = try #require(report.firstIndex { $0.contains("Promise<StuckScreen> #") })
        #expect(link == head + 1, "the link is drawn under its head")
        #expect(report[head].contains("waits for its resolver"))
        #expect(report[head].contains("1 observer (1 promise below)"))
        #expect(report[link].hasPrefix("└─ Promise<StuckScreen> #"))
        #expect(report[link].contains("a chain link"))
        #expect(report[link].contains("1 observer (1 awaiting Task or wait())"))
        #if DEBUG
            #expect(report[head].contains("created at PromiseAsyncTests/PendingPromisesTests.swift:\(line)"))
        #endif

        resolver.fulfill(StuckRequest())
        _ = try await task.value
        let after = PendingPromises.report()
        #expect(!after.contains("StuckRequest") && !after.contains("StuckScreen"), "settled promises leave it")
    }
}

private struct LongChain: Sendable {}

extension PendingPromisesTests {
    /// A chain of 20,000 links (100,000 full-size): the report is drawn without recursion and shortens
    /// the run.
    @Test(.enabled(if: PendingPromises.isTracking, "tracking is on in debug builds"))
    func aLongChainIsShortenedAndDrawnWithoutRecursion() async throws {
        let (head, resolver) = Promise<LongChain>.pending()
        var tail = head
        let links = TestScale.size(quick: 20_000, full: 100_000, minimum: 1_000)
        for _ in 0..<links { tail = tail.map(on: .inline) { $0 } }
        let report = await onThread { PendingPromises.report() }.split(separator: "\n").map(String.init)
        let headLine = try #require(report.firstIndex { $0.hasPrefix("Promise<LongChain> #") })
        // Drawn depth-first, so the chain's lines follow its head (other tests' promises come elsewhere).
        let drawn = report[(headLine + 1)...].prefix(6).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(drawn.count >= 5)
        #expect(drawn.prefix(2).allSatisfy { $0.hasPrefix("└─ Promise<LongChain> #") })
        #expect(drawn.dropFirst(2).first == "└─ … \(links - 4) more, each waiting on the one before …")
        #expect(drawn.dropFirst(3).prefix(2).allSatisfy { $0.hasPrefix("└─ Promise<LongChain> #") })
        #expect(drawn.dropFirst(5).first?.contains("Promise<LongChain>") != true, "the chain ends there")
        resolver.fulfill(LongChain())
        #expect(tail.currentResult != nil)
    }
}

private struct DeepChain: Sendable {}

extension PendingPromisesTests {
    /// A chain with a side branch at every link, so no run is shortened: past 40 levels the indentation
    /// stops growing and lines say their depth, so the report stays linear in the depth.
    @Test(.enabled(if: PendingPromises.isTracking, "tracking is on in debug builds"))
    func aDeepTreeStopsIndentingAndSaysTheDepth() async throws {
        let (head, resolver) = Promise<DeepChain>.pending()
        var tail = head
        var branches: [Promise<DeepChain>] = []
        for _ in 0..<2_000 {
            branches.append(tail.map(on: .inline) { $0 })
            tail = tail.map(on: .inline) { $0 }
        }
        let report = await onThread { PendingPromises.report() }.split(separator: "\n")
        let lines = report.filter { $0.contains("Promise<DeepChain>") }
        #expect(lines.count == 4_001, "the head, every link and every branch")
        #expect(lines.allSatisfy { $0.count < 400 }, "no line grows with the depth")
        #expect(lines.contains { $0.contains("[depth 2000]") })
        resolver.fulfill(DeepChain())
        #expect(tail.currentResult != nil && branches.allSatisfy { $0.currentResult != nil })
    }
}
