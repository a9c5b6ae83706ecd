import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseMapErrorTests {
    @Test func mapErrorReplacesTheError() async {
        let mapped = Promise<Int>(error: TestError(1)).mapError { _ in TestError(2) }
        #expect(await mapped.outcome().error as? TestError == TestError(2))
    }

    @Test func mapErrorPassesValuesAndCancellationThrough() async {
        #expect(await Promise(3).mapError { _ in TestError() }.outcome().value == 3)
        let (source, resolver) = Promise<Int>.pending()
        let mapped = source.mapError { _ in TestError() }
        source.cancel()
        withExtendedLifetime(resolver) {}
        #expect(await mapped.outcome().isCancellation)
    }
}
