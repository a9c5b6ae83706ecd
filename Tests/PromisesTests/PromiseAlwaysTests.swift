import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseAlwaysTests {
    @Test func alwaysRunsOnEveryOutcome() async {
        let calls = Counter()
        Promise(1).always(on: .inline) { calls.increment() }
        Promise<Int>(error: TestError()).always(on: .inline) { calls.increment() }
        let (cancelled, resolver) = Promise<Int>.pending()
        defer { withExtendedLifetime(resolver) {} }
        let chained = cancelled.always(on: .inline) { calls.increment() }
        #expect(chained.core !== cancelled.core)
        cancelled.cancel()
        #expect(calls.value == 3)
        #expect(chained.isCancelled, "the returned promise settles like the source")
    }
}
