import Foundation
import PromiseAsync
import Testing

/// The PromiseKit section's snippets do what their rows say.
@Suite struct PromiseKitSnippetTests {
    @Test func firstlyFlattensAndChains() async throws {
        #expect(try await FromPromiseKitChains.firstlyThen().value.city == "Cairo")  // Oslo is 3 °C
    }

    @Test func ensureThenWaitsForTheCleanupOnBothPaths() async throws {
        let cleanups = Cleanups()
        let close: @Sendable () -> Promise<Void> = { Promise(on: .global()) { cleanups.count() } }
        #expect(try await FromPromiseKitChains.ensureThen(closeSession: close).value.city == "Oslo")
        #expect(cleanups.value == 1, "the value waited for the cleanup")
        let failing = FromPromiseKitChains.ensureThen(forecast(for: "Atlantis"), closeSession: close)
        await #expect(throws: WeatherError.unknownCity("Atlantis")) { try await failing.value }
        #expect(cleanups.value == 2, "the error waited for the cleanup too")
    }

    @Test func ensureThenCleansUpOnceWhenCancelledOrWhenTheCleanupFails() async throws {
        let cleanups = Cleanups()
        let close: @Sendable () -> Promise<Void> = { Promise(on: .global()) { cleanups.count() } }
        let (source, resolver) = Promise<Forecast>.pending()
        let cancelled = FromPromiseKitChains.ensureThen(source, closeSession: close)
        source.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        withExtendedLifetime(resolver) {}  // kept until now, so the source is cancelled, not broken
        #expect(cleanups.value == 1, "a cancelled chain still cleans up")

        struct CleanupFailed: Error {}
        let failingClose: @Sendable () -> Promise<Void> = {
            cleanups.count()
            return Promise(error: CleanupFailed())
        }
        await #expect(throws: CleanupFailed.self) {
            try await FromPromiseKitChains.ensureThen(closeSession: failingClose).value
        }
        #expect(cleanups.value == 2, "a cleanup that rejects runs once, not again for its own error")
    }

    @Test func whenResolvedReportsEachOutcome() async throws {
        let lines = try await FromPromiseKitMaking.whenResolved().value
        #expect(lines.first == "Oslo")
        #expect(lines.last?.hasPrefix("failed:") == true)
    }

    @Test func combinatorsAndExtensions() async throws {
        #expect(try await FromPromiseKitMaking.whenFulfilled().value.map(\.city) == ["Oslo", "Oslo"])
        #expect(try await FromPromiseKitMaking.genericParameter().value == "Oslo: 3 °C")
        #expect(try await FromPromiseKitMaking.guarantee().value == "Oslo")
        #expect(try await FromPromiseKitChains.recover().value.city == "Oslo")
    }

    @Test func theRowsTheCodemodAppliesDoWhatPromiseKitDid() async throws {
        let forgotten = Cleanups()
        #expect(try await FromPromiseKitChains.tap(forgetting: { _ in forgotten.count() }).value.city == "Oslo")
        #expect(forgotten.value == 0, "tap saw a success")
        try await FromPromiseKitChains.whenVoid().value  // a Promise<Void>, as PromiseKit's Void `when`
        #expect(try await Promise(5).nest { _ in Promise("side") }.value == 5, "nest passes its own value on")
        #expect(try await Promise(6).nest(on: DispatchQueue.global()) { _ in Promise(()) }.value == 6)
        #expect(try await Current.network.fetch("Oslo").value.city == "Oslo")
        #expect(try await homeAndLima().value == "Oslo 3 °C, Lima 19 °C")
    }

    @Test func retryAndRecursiveStateFromTheSwift6Recipes() async throws {
        let reporter = WeatherReporter(environment: AppEnvironment())
        #expect(try await reportWithRetries(reporter).value == "Oslo: 3 °C")
        #expect(try await forecastFollowingRenames(of: "Christiania").value.city == "Oslo")
        await #expect(throws: WeatherError.unknownCity("Atlantis")) {
            try await forecastFollowingRenames(of: "Atlantis").value
        }
    }
}

private final class Cleanups: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var counted = 0  // guarded by `lock`

    func count() {
        lock.lock()
        counted += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return counted
    }
}
