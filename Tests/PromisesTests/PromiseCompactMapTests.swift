import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseCompactMapTests {
    @Test func aValueFulfillsAndNilRejectsWithMissingValue() async {
        let parsed = await Promise("12").compactMap { Int($0) }.outcome()
        let unparsable = await Promise("twelve").compactMap { Int($0) }.outcome()
        #expect(parsed.value == 12)
        #expect(unparsable.error as? PromiseError == .missingValue)
    }

    @Test func asVoidKeepsTheOutcomeAndDropsTheValue() async {
        let done = await Promise(5).asVoid().outcome()
        let failed = await Promise<Int>(error: TestError(3)).asVoid().outcome()
        #expect(done.value != nil)
        #expect(failed.error as? TestError == TestError(3))
    }
}

@Suite struct PromiseErrorEquatableTests {
    @Test func casesAndPayloadsCompare() {
        #expect(PromiseError.timedOut == .timedOut)
        #expect(PromiseError.timedOut != .brokenPromise)
        #expect(PromiseError.invalidArgument("a") == .invalidArgument("a"))
        #expect(PromiseError.invalidArgument("a") != .invalidArgument("b"))
        #expect(PromiseError.waitWouldDeadlock(reason: "x") != .timedOut)
    }

    @Test func allRejectedComparesEquatableErrorsPairwise() {
        struct Opaque: Error { let code: Int }
        #expect(PromiseError.allRejected([TestError(1), TestError(2)]) == .allRejected([TestError(1), TestError(2)]))
        #expect(PromiseError.allRejected([TestError(1)]) != .allRejected([TestError(2)]))
        #expect(PromiseError.allRejected([TestError(1)]) != .allRejected([TestError(1), TestError(1)]))
        #expect(PromiseError.allRejected([Opaque(code: 1)]) == .allRejected([Opaque(code: 1)]), "reflexive")
        #expect(PromiseError.allRejected([Opaque(code: 1)]) != .allRejected([Opaque(code: 2)]))
        #expect(PromiseError.allRejected([TestError(1)]) != .allRejected([Opaque(code: 1)]), "types differ")
    }
}
