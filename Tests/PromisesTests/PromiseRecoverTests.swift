import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseRecoverTests {
    @Test func recoverTurnsAnErrorIntoAValue() async {
        #expect(await Promise<Int>(error: TestError()).recover { _ in 5 }.outcome().value == 5)
    }

    @Test func recoverPassesAValueThroughWithoutCallingBody() async {
        let calls = Counter()
        let recovered = Promise(1).recover { _ -> Int in
            calls.increment()
            return 0
        }
        #expect(await recovered.outcome().value == 1)
        #expect(calls.value == 0)
    }

    @Test func flatMapErrorWithAPromise() async {
        let recovered = Promise<Int>(error: TestError()).flatMapError { _ in Promise(6) }
        #expect(await recovered.outcome().value == 6)
        let failedAgain = Promise<Int>(error: TestError(1)).flatMapError { _ in Promise<Int>(error: TestError(2)) }
        #expect(await failedAgain.outcome().error as? TestError == TestError(2))
    }

    @Test func aThrowingRecoverRejectsWithTheNewError() async {
        let recovered = Promise<Int>(error: TestError(1)).recover { _ -> Int in throw TestError(9) }
        #expect(await recovered.outcome().error as? TestError == TestError(9))
    }

    @Test func cancellationPassesThroughUnlessIncluded() async {
        let (source, resolver) = Promise<Int>.pending()
        let plain = source.recover { _ in 1 }
        let including = source.recover(includingCancellation: true) { _ in 2 }
        source.cancel()
        withExtendedLifetime(resolver) {}
        #expect(await plain.outcome().isCancellation)
        #expect(await including.outcome().value == 2)
    }
}
