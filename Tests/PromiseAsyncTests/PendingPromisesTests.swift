import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

private struct StuckRequest: Sendable {}
private struct StuckScreen: Sendable {}

@Suite struct PendingPromisesTests {
    /// A chain whose head nobody settles, awaited by a Task: the report shows the head as a root, what
    /// it waits for, the link under it, and the Task at the end.
    @Test func theReportShowsAStuckChainAsATree() async throws {
        try #require(PendingPromises.isTracking, "debug builds track pending promises")
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
    @Test func aLongChainIsShortenedAndDrawnWithoutRecursion() async throws {
        try #require(PendingPromises.isTracking, "debug builds track pending promises")
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
