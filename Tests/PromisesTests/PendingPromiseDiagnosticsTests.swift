import PromiseTestSupport
import Testing

@testable import Promises

@Suite(.serialized) struct PendingPromiseDiagnosticsTests {
    #if DEBUG
        @Test func aPendingPromiseReleasedWithObserversIsReportedWithItsOrigin() {
            let reports = Recorder<String>()
            let original = PendingPromiseDiagnostics.reporter.withLock { $0 }
            PendingPromiseDiagnostics.reporter.withLock { $0 = { reports.append($0) } }
            defer { PendingPromiseDiagnostics.reporter.withLock { $0 = original } }
            do {
                // A promise nobody can settle any more: no resolver, one observer.
                let core = PromiseCore<Int>.pending()
                core.record(file: "Example.swift", line: 12)
                core.observe { _ in }
            }
            do {
                let (promise, resolver) = Promise<Int>.pending()
                promise.then { _ in }
                resolver.fulfill(1)  // settled: nothing to report
            }
            // Another suite's test may report a promise of its own meanwhile: count only this one's.
            #expect(reports.elements.filter { $0.contains("Example.swift:") }.count == 1)
            #expect(reports.elements.contains { $0.contains("Example.swift:12") })
        }
    #endif
}
