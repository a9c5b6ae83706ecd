import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseValidateTests {
    @Test func validatePassesAcceptedValues() async {
        #expect(await Promise(20).validate { $0 >= 18 }.outcome().value == 20)
    }

    @Test func validateRejectsRefusedValues() async {
        #expect(await Promise(10).validate { $0 >= 18 }.outcome().promiseErrorKind == "validationFailed")
    }

    @Test func aThrowingPredicateRejectsWithItsError() async {
        #expect(await Promise(1).validate { _ in throw TestError(4) }.outcome().error as? TestError == TestError(4))
    }
}
