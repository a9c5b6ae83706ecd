import Dispatch
import PromiseTestSupport
import Testing

@testable import Promises

/// `Promise.firstly`: starting a chain with a closure that returns a promise.
@Suite struct PromiseFirstlyTests {
    private func login(_ name: String) -> Promise<String> {
        Promise(on: .global()) { "token-\(name)" }
    }

    @Test func runsNowAndSettlesLikeThePromiseItReturns() async {
        let ran = Counter()
        let token = Promise.firstly {
            ran.increment()
            return login("ada")
        }
        #expect(ran.value == 1, "the body ran on the calling thread, before firstly returned")
        #expect(await token.outcome().value == "token-ada")
    }

    @Test func aThrownErrorRejects() async {
        let token = Promise<String>.firstly { throw TestError(1) }
        #expect(await token.outcome().error as? TestError == TestError(1))
    }

    @Test func onAQueueRunsThereAndFlattens() async {
        let queue = DispatchQueue(label: "firstly")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let token = Promise.firstly(on: queue) { () throws -> Promise<String> in
            guard DispatchQueue.getSpecific(key: key) == 7 else { throw TestError(2) }
            return Promise("on the queue")
        }
        #expect(await token.outcome().value == "on the queue")
    }

    @Test func onAQueueAThrownErrorRejects() async {
        let token = Promise<Int>.firstly(on: .global()) { throw TestError(3) }
        #expect(await token.outcome().error as? TestError == TestError(3))
    }

    @Test func cancellingBeforeTheBodyRunsSkipsIt() async {
        let queue = DispatchQueue(label: "held")
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let ran = Counter()
        let chain = Promise<Int>.firstly(on: queue) {
            ran.increment()
            return Promise(1)
        }
        chain.cancel()
        gate.signal()
        #expect(await chain.outcome().isCancellation)
        await withCheckedContinuation { done in queue.async { done.resume() } }
        #expect(ran.value == 0)
    }

    @MainActor @Test func onMainTheBodyIsMainActorIsolated() async {
        let chain = Promise.firstly(on: .main) { () -> Promise<Bool> in
            MainActor.assertIsolated()
            return Promise(true)
        }
        #expect(await chain.outcome().value == true)
    }
}
