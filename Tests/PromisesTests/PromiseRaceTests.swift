import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseRaceTests {
    @Test func theFirstToSettleWinsEitherWayAndLosersAreCancelled() async {
        let (loser, loserResolver) = Promise<Int>.pending()
        let (winner, winnerResolver) = Promise<Int>.pending()
        let race = Promise.race([loser, winner])
        winnerResolver.reject(TestError(5))
        #expect(await race.outcome().error as? TestError == TestError(5))
        #expect(loser.isCancelled)
        withExtendedLifetime(loserResolver) {}

        #expect(await Promise.race([Promise(1), Promise(2)]).outcome().value == 1)
    }

    @Test func emptyInputRejectsWithATypedErrorInsteadOfHanging() {
        #expect(Promise<Int>.race([]).currentResult?.promiseErrorKind == "emptyInput")
    }
}
