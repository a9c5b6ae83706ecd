import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseReduceTests {
    @Test func foldsPromisesInInputOrder() async {
        let folded = Promise.reduce([Promise("a"), Promise("b"), Promise("c")], initial: "") { $0 + $1 }
        #expect(await folded.outcome().value == "abc")
        #expect(await Promise.reduce([Promise<Int>](), initial: 7) { $0 + $1 }.outcome().value == 7)
    }

    @Test func aRejectedInputRejects() async {
        let folded = Promise.reduce([Promise(1), Promise(error: TestError(2))], initial: 0) { $0 + $1 }
        #expect(await folded.outcome().error as? TestError == TestError(2))
    }

    @Test func stepsRunOneAfterAnother() async {
        let events = Recorder<String>()
        let folded = Promise.reduce([1, 2, 3], initial: 0) { sum, item in
            events.append("start \(item)")
            return Promise.after(.milliseconds(1)).map { _ in
                events.append("end \(item)")
                return sum + item
            }
        }
        #expect(await folded.outcome().value == 6)
        #expect(events.elements == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
    }

    @Test func aFailingStepStopsTheFold() async {
        let calls = Counter()
        let folded = Promise.reduce([1, 2, 3], initial: 0) { sum, item -> Promise<Int> in
            calls.increment()
            if item == 2 { throw TestError(2) }
            return Promise(sum + item)
        }
        #expect(await folded.outcome().error as? TestError == TestError(2))
        #expect(calls.value == 2)
    }
}
