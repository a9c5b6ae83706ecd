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
        let failing = forecast(for: "Atlantis")
            .flatMap { value in close().map { value } }
            .flatMapError { error in close().map { () throws -> Forecast in throw error } }
        await #expect(throws: WeatherError.unknownCity("Atlantis")) { try await failing.value }
        #expect(cleanups.value == 2, "the error waited for the cleanup too")
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
