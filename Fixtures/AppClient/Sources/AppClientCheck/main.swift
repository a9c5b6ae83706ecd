import AppServices
import AppUI
import Foundation
@preconcurrency import LegacyKit
import PromiseAsync

// Runs the client code for real: drives the main run loop (a CLI process has none of its own) until
// every check has finished, and exits non-zero if one fails.

@MainActor final class Report {
    static let shared = Report()
    var failures = 0
    var finished = false
}

@MainActor func check(_ condition: Bool, _ message: String) {
    if !condition { Report.shared.failures += 1 }
    print(condition ? "ok  " : "FAIL", message)
}

@MainActor func runChecks() async {
    let service = ProfileService()
    let model = ProfileViewModel(service: service)
    do {
        try await model.load(userID: 1).value
    } catch {
        check(false, "load(userID: 1) failed: \(error)")
    }
    check(model.title == "Ada", "then(on: .main) set the title")
    check(model.subtitle == "Ada (#1)", "map(on: .main) formatted the user")
    check(model.friends == ["Grace", "Linus"], "flatMap/recover(on: .main) loaded the friends")
    check(model.isLoading == false, "always(on: .main) stopped the spinner")
    check((try? model.lastResult?.get())?.name == "Ada", "whenComplete(on: .main) stored the result")

    _ = try? await model.load(userID: 99).value
    check(model.error as? LegacyError == .notFound(id: 99), "catch(on: .main) stored the error")
    check(model.subtitle == "unknown user", "recover(on: .main) replaced the error")

    await model.refresh(userID: 1)
    check(model.events.last == "refreshed 1", "the async facade ran on the main actor")

    let title = try? await model.titlePromise(userID: 2).value
    check(title == "Grace", "Promise { try await … } served async code to promise callers")

    let legacyTitle = await withCheckedContinuation { continuation in
        LegacyScreen(service: service).loadTitle(userID: 3) { continuation.resume(returning: $0) }
    }
    check((try? legacyTitle.get()) == "Linus", "whenComplete served an old completion-handler caller")

    let dropped = await service.avatar(userID: -1).result
    check(
        (dropped.error as? PromiseError).map { "\($0)" } == "\(PromiseError.brokenPromise)",
        "a dropped completion handler rejected with brokenPromise")
}

extension Result {
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

Task { @MainActor in
    await runChecks()
    Report.shared.finished = true
}
while !MainActor.assumeIsolated({ Report.shared.finished }) {
    _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.05))
}
let failed = MainActor.assumeIsolated { Report.shared.failures }
print(failed == 0 ? "all client checks passed" : "\(failed) client checks failed")
exit(failed == 0 ? 0 : 1)
