import Dispatch
import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

@Suite struct PromiseCompletionsTests {
    @Test func valuesArriveInCompletionOrder() async throws {
        let pairs = (0..<50).map { _ in Promise<Int>.pending() }
        let order = Array(0..<50).shuffled()
        let stream = Promise.completions(of: pairs.map(\.promise))
        for index in order { pairs[index].resolver.fulfill(index) }
        var seen: [Int] = []
        for try await value in stream { seen.append(value) }
        #expect(seen == order)
    }

    @Test func theFirstRejectionEndsTheSequence() async {
        let pairs = (0..<3).map { _ in Promise<Int>.pending() }
        let stream = Promise.completions(of: pairs.map(\.promise))
        pairs[1].resolver.fulfill(1)
        pairs[0].resolver.reject(TestError(7))
        var seen: [Int] = []
        await #expect(throws: TestError(7)) {
            for try await value in stream { seen.append(value) }
        }
        #expect(seen == [1])
        #expect(pairs[2].promise.observerCount == 0)
        withExtendedLifetime(pairs) {}
    }

    @Test func breakingOutStopsObservingAndOptionallyCancels() async throws {
        let keep = (0..<3).map { _ in Promise<Int>.pending() }
        keep[0].resolver.fulfill(0)
        for try await _ in Promise.completions(of: keep.map(\.promise)) { break }
        #expect(keep[1].promise.isPending && keep[1].promise.observerCount == 0)

        let cancel = (0..<3).map { _ in Promise<Int>.pending() }
        cancel[0].resolver.fulfill(0)
        for try await _ in Promise.completions(of: cancel.map(\.promise), cancellingRemainingOnExit: true) { break }
        #expect(cancel[1].promise.isCancelled && cancel[2].promise.isCancelled)
        withExtendedLifetime((keep, cancel)) {}
    }

    @Test func anInputRejectedUpFrontStillLetsTheOthersGo() async {
        let pairs = (0..<2).map { _ in Promise<Int>.pending() }
        let inputs = [Promise<Int>(error: TestError(1))] + pairs.map(\.promise)
        await #expect(throws: TestError(1)) {
            for try await _ in Promise.completions(of: inputs, cancellingRemainingOnExit: true) {}
        }
        #expect(pairs.allSatisfy { $0.promise.isCancelled })
        withExtendedLifetime(pairs) {}
    }

    @Test func emptyInputEndsAtOnce() async throws {
        var count = 0
        for try await _ in Promise<Int>.completions(of: []) { count += 1 }
        #expect(count == 0)
    }
}
