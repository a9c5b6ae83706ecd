import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct PromiseDescriptionTests {
    @Test func descriptionSaysTheStateAndTheOutcome() {
        #expect(Promise(5).description == "Promise<Int>(fulfilled: 5)")
        #expect(Promise<Int>(error: TestError(1)).description == "Promise<Int>(rejected: TestError(code: 1))")
        let (pending, resolver) = Promise<Int>.pending()
        #expect(pending.description == "Promise<Int>(pending)")
        pending.cancel()
        #expect(pending.description == "Promise<Int>(cancelled)")
        #expect("\(Promise("a"))" == "Promise<String>(fulfilled: a)")
        _ = resolver
    }

    @Test func debugDescriptionQuotesValuesCountsObserversAndNamesTheCreationSite() {
        #expect(String(reflecting: Promise("a")) == #"Promise<String>(fulfilled: "a")"#)
        let (pending, resolver) = Promise<Int>.pending()
        let line = #line - 1
        pending.then(on: .inline) { _ in }
        let text = String(reflecting: pending)
        #expect(text.hasPrefix("Promise<Int>(pending, 1 observer"))
        #if DEBUG
            #expect(text.hasSuffix(", created at PromisesTests/PromiseDescriptionTests.swift:\(line))"))
        #endif
        resolver.fulfill(1)
        #expect(String(reflecting: pending).hasPrefix("Promise<Int>(fulfilled: 1"))
    }

    @Test func dumpShowsTheStateAndTheValueOrError() {
        var fulfilled = ""
        dump(Promise(5), to: &fulfilled)
        #expect(fulfilled.contains("state: \"fulfilled\""))
        #expect(fulfilled.contains("value: 5"))
        var rejected = ""
        dump(Promise<Int>(error: TestError(2)), to: &rejected)
        #expect(rejected.contains("state: \"rejected\""))
        #expect(rejected.contains("code: 2"))
        var pending = ""
        let (promise, resolver) = Promise<Int>.pending()
        dump(promise, to: &pending)
        #expect(pending.contains("state: \"pending\""))
        #expect(pending.contains("observers: 0"))
        _ = resolver
    }
}
