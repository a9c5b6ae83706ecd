import Foundation
import PromiseAsync
import PromiseTestSupport
import Testing

/// A view model whose `.main` callbacks touch its main-actor state directly (a compile-time check as
/// much as a runtime one: with the generic overloads these closures would not compile).
@MainActor
private final class BadgeModel {
    var label = ""
    var failure: (any Error)?
    var spinning = true
    var outcome: Result<Int, any Error>?
    /// Callbacks that ran; each is main-actor isolated (`MainActor.assumeIsolated` traps otherwise).
    var calls = 0

    func note() {
        MainActor.assertIsolated()
        calls += 1
    }

    func show(_ count: Promise<Int>) -> Promise<String> {
        count.then(on: .main) { _ in self.note() }
        count.catch(on: .main) {
            self.failure = $0; self.note()
        }
        count.always(on: .main) {
            self.spinning = false; self.note()
        }
        count.whenComplete(on: .main) {
            self.outcome = $0; self.note()
        }
        return count.map(on: .main) {
            self.note(); return "\($0) new"
        }
        .recover(on: .main) { _ in
            self.note(); return "none"
        }
        .flatMap(on: .main) { text in
            self.label = text; self.note(); return Promise(text)
        }
        .validate(on: .main) { _ in
            self.note(); return true
        }
    }
}

@Suite struct PromiseMainActorTests {
    @Test @MainActor func mainClosuresRunOnTheMainActor() async throws {
        let model = BadgeModel()
        let text = try await model.show(Promise(3)).value
        #expect(text == "3 new")
        #expect(model.label == "3 new")
        #expect(!model.spinning)
        #expect(try model.outcome?.get() == 3)
        #expect(model.failure == nil)
        #expect(model.calls == 6)  // then, always, whenComplete, map, flatMap, validate
    }

    @Test @MainActor func mainClosuresSeeRejections() async throws {
        let model = BadgeModel()
        let text = try await model.show(Promise(error: TestError(4))).value
        #expect(text == "none")
        #expect(model.failure as? TestError == TestError(4))
        #expect(model.outcome?.error as? TestError == TestError(4))
        #expect(!model.spinning)
    }

    @Test func mainRecoveryAndErrorMappingOutsideMainActorCode() async throws {
        let recovered = Promise<Int>(error: TestError(1))
            .mapError(on: .main) { _ in TestError(2) }
            .flatMapError(on: .main) { error in Promise((error as? TestError)?.code ?? 0) }
        #expect(try await recovered.value == 2)
    }

    @Test func mainQueueIsTheMainDispatchQueue() {
        let queue: some CallbackQueue = .main
        #expect(queue.dispatchQueue?.label == DispatchQueue.main.label)
    }
}
