import Dispatch
import Testing

@testable import Promises

@Suite struct PromiseWhenCompleteTests {
    @Test func whenCompleteHandsTheResultToACompletionHandler() async {
        let queue = DispatchQueue(label: "callbacks")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let outcome: (Int?, Bool) = await withCheckedContinuation { continuation in
            Promise(5).whenComplete(on: queue) { result in
                continuation.resume(returning: (result.value, DispatchQueue.getSpecific(key: key) == 1))
            }
        }
        #expect(outcome.0 == 5)
        #expect(outcome.1, "the completion runs on the queue it was given")
    }
}
