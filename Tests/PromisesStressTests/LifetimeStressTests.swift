import Testing

@testable import PromiseAsync
@testable import Promises

@Suite struct LifetimeStressTests {
    @Test func attachAndCancelMillionsOfTimesKeepsMemoryFlat() {
        let (shared, resolver) = Promise<Int>.pending()
        shared.then { _ in }  // one long-lived observer keeps it needed
        for _ in 0..<(stressRounds * 10) {
            shared.map(on: .inline) { $0 }.cancel()
        }
        #expect(shared.isPending)
        #expect(shared.observerCount == 1)
        let capacity = shared.core.withLock { $0.held.callbacks.rest.capacity }
        #expect(capacity <= 64, "the callback list compacts instead of growing (capacity \(capacity))")
        resolver.fulfill(1)
    }

    @Test func awaitAndCancelCyclesLeaveNoObservers() async {
        let (shared, resolver) = Promise<Int>.pending()
        for _ in 0..<(stressRounds / 10) {
            let task = Task { await shared.result }
            task.cancel()
            _ = await task.value
        }
        #expect(shared.isPending, "Task cancellation never cancels the shared promise")
        #expect(shared.observerCount == 0)
        resolver.fulfill(1)
    }
}
