import Dispatch
import Foundation
import PromiseAsync
import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Every Swift block of Migration.md and README.md lives here (or, for the legacy service the guide
// wraps, in LegacyWeatherService.swift), between `// snippet: NAME` and `// end snippet`, so it
// compiles with the suite; MigrationGuideTests fails when the documents and these files disagree.

// snippet: legacy-instance
/// The legacy API every example wraps: one shared instance (its code is in the guide's appendix).
let legacy = LegacyWeatherService()
// end snippet

// snippet: wrap-shapes
/// (Value?, Error?) -> Void
func forecast(for city: String) -> Promise<Forecast> {
    Promise.wrapping { resolver in legacy.fetchForecast(city: city, completion: resolver.resolve) }
}

/// (Result<Value, E>) -> Void
func forecastResult(for city: String) -> Promise<Forecast> {
    Promise.wrapping { resolver in legacy.fetchForecast(city: city, resultHandler: resolver.resolve) }
}

/// (Error?) -> Void
func clearCache() -> Promise<Void> {
    Promise.wrapping { resolver in legacy.clearCache(completion: resolver.resolve) }
}

/// (Value) -> Void
func defaultCity() -> Promise<String> {
    Promise.wrapping { resolver in legacy.defaultCity(completion: resolver.fulfill) }
}

/// () -> Void
func flushLog() -> Promise<Void> {
    Promise.wrapping { resolver in legacy.flushLog(completion: resolver.fulfill) }
}
// end snippet

// Compiled, never run by the tests: they make no network requests.
// snippet: urlsession
/// URLSession's `(Data?, URLResponse?, Error?)`: the error wins, then both values; a call missing
/// either rejects with `PromiseError.missingValueAndError`.
func download(_ url: URL, session: URLSession = .shared) -> Promise<(Data, URLResponse)> {
    Promise.wrapping { resolver in session.dataTask(with: url, completionHandler: resolver.resolve).resume() }
}

/// The resolver form of the same, so that cancelling the promise cancels the request.
func cancellableDownload(_ url: URL, session: URLSession = .shared) -> Promise<(Data, URLResponse)> {
    Promise.wrapping { resolver in
        let task = session.dataTask(with: url) { resolver.resolve($0, $1, $2) }
        resolver.onCancel { task.cancel() }
        task.resume()
    }
}
// end snippet

// snippet: wrap-cancellable
func report(for city: String) -> Promise<String> {
    Promise.wrapping { resolver in
        let operation = legacy.downloadReport(city: city, after: .seconds(2)) { text, error in
            resolver.resolve(text, error)
        }
        resolver.onCancel { operation.cancel() }  // cancelling the promise stops the legacy work
    }
}
// end snippet

// snippet: broken-promise
func alerts(for city: String) -> Promise<[String]> {
    // If fetchAlerts drops its handler, the promise rejects with PromiseError.brokenPromise
    // as soon as the handler (and so the resolver) is released: no caller waits forever.
    Promise.wrapping { resolver in legacy.fetchAlerts(city: city, completion: resolver.resolve) }
}

func alertsWithin(_ city: String) -> Promise<[String]> {
    // An API that keeps its handler but may never call it needs a deadline instead.
    alerts(for: city).timeout(.seconds(5))
}
// end snippet

// snippet: await-value
func temperatureLine(for city: String) async throws -> String {
    let forecast = try await forecast(for: city).value
    return "\(forecast.city): \(forecast.celsius) °C"
}

func temperatureOrMessage(for city: String) async -> String {
    switch await forecast(for: city).result {
    case .success(let forecast): return "\(forecast.celsius) °C"
    case .failure(let error): return "unavailable (\(error))"
    }
}
// end snippet

// snippet: task-cancellation
func reportText(for city: String) async throws -> String {
    // Cancelling this Task cancels the promise, and onCancel stops the legacy download.
    try await report(for: city).value(cancellingOnTaskCancellation: true)
}
// end snippet

// snippet: async-facade
/// The new implementation, written with async/await.
func forecastAsync(for city: String) async throws -> Forecast {
    try await forecast(for: city).value  // (or a rewritten network call)
}

/// Old promise callers keep their API...
func forecastPromise(for city: String) -> Promise<Forecast> {
    Promise { try await forecastAsync(for: city) }
}

/// ...and so do old completion-handler callers.
func fetchForecast(city: String, completion: @escaping @Sendable (Result<Forecast, any Error>) -> Void) {
    Promise { try await forecastAsync(for: city) }.whenComplete(on: .global(), completion)
}
// end snippet

// snippet: async-steps
/// Before: every step of the chain is a promise API.
func legacyHeadline(for forecast: Forecast) -> Promise<String> {
    Promise(on: .global()) { "\(forecast.city): \(forecast.celsius) °C" }
}

func homeHeadline() -> Promise<String> {
    defaultCity()
        .flatMap { city in forecast(for: city) }
        .flatMap { forecast in legacyHeadline(for: forecast) }
}

/// Two steps rewritten with async/await (stand-ins for your rewritten calls).
func canonicalName(of city: String) async throws -> String {
    city == "Christiania" ? "Oslo" : city
}

func headline(for forecast: Forecast) async throws -> String {
    "\(forecast.city): \(forecast.celsius) °C"
}

/// After: the same chain and the same callers. An async step runs in a Task once the promise
/// before it fulfills; a synchronous step stays `map`/`flatMap`, with no Task.
func homeHeadlineRewritten() -> Promise<String> {
    defaultCity()
        .asyncFlatMap { city in try await forecast(for: canonicalName(of: city)) }  // async, ends in a promise
        .asyncMap { forecast in try await headline(for: forecast) }  // async, returns a value
        .then { print($0) }  // a synchronous step: no Task; cancelling the chain cancels a Task in flight
}
// end snippet

// snippet: combinators
func dashboard() async throws -> (Forecast, Forecast, String) {
    // Any number of promises of different types, one rejection fails fast and cancels the rest.
    try await Promise.all(forecast(for: "Oslo"), forecast(for: "Lima"), defaultCity()).value
}

func dashboardWithAsyncLet() async throws -> (Forecast, Forecast, String) {
    // The same with structured concurrency, once the callees are async.
    async let oslo = forecast(for: "Oslo").value
    async let lima = forecast(for: "Lima").value
    async let city = defaultCity().value
    return try await (oslo, lima, city)
}

func forecasts(for cities: [String]) -> Promise<[Forecast]> {
    // At most two requests in flight; results in input order.
    Promise.map(cities, concurrency: 2) { forecast(for: $0) }
}

func printFastestFirst(_ cities: [String]) async throws {
    for try await forecast in Promise.completions(of: cities.map(forecast(for:))) {
        print(forecast.city, forecast.celsius)
    }
}

func everyOutcomeUnlessAllFailed(_ cities: [String]) -> Promise<[Result<Forecast, any Error>]> {
    // google/promises' `any`: waits for all, and rejects (with the last error) only if all failed.
    Promise.allSettled(cities.map(forecast(for:))).map { outcomes in
        if case .failure(let last)? = outcomes.last, outcomes.allSatisfy({ (try? $0.get()) == nil }) { throw last }
        return outcomes
    }
}
// end snippet

// snippet: error-equality
/// `PromiseError` is `Equatable`: compare the library's errors with `==`.
func alertsLine(for city: String) async -> String {
    switch await alerts(for: city).timeout(.seconds(5)).result {
    case .success(let alerts): return alerts.joined(separator: ", ")
    case .failure(let error) where error as? PromiseError == .brokenPromise: return "no alerts for \(city)"
    case .failure(let error) where error as? PromiseError == .timedOut: return "alerts are late"
    case .failure(let error): return "alerts failed: \(error)"
    }
}

/// `allRejected` compares its errors pairwise, when they are `Equatable`.
func noneIsKnown(_ cities: [String]) async -> Bool {
    let expected = PromiseError.allRejected(cities.map { WeatherError.unknownCity($0) })
    guard case .failure(let error) = await Promise.any(cities.map(forecast(for:))).result else { return false }
    return error as? PromiseError == expected
}
// end snippet

// snippet: blocking-wait
/// On a thread that may block: main.swift's synchronous top level, a synchronous XCTest test, a
/// thread of your own. Not inside a Task, which includes every Swift Testing `@Test`.
func forecastLineBlocking() -> String {
    do {
        // Always with a timeout: wait() cannot see a dependency the library does not know about.
        let forecast = try forecast(for: "Oslo").wait(timeout: .seconds(10))
        return "\(forecast.celsius) °C"
    } catch PromiseError.waitWouldDeadlock(let reason) {
        return "refused: \(reason)"  // blocking here could never end, so it threw instead
    } catch {
        return "failed: \(error)"
    }
}
// end snippet

// snippet: cli-entry-point
// In your tool: `@main struct WeatherTool`, in a file not named main.swift.
struct WeatherTool {
    static func main() async throws {
        // Nothing blocks: the value is awaited, and the process exits when main() returns.
        print(try await temperatureLine(for: "Oslo"))
    }
}
// end snippet

// snippet: retry-timeout
func resilientForecast(for city: String) -> Promise<Forecast> {
    Promise.retry(
        attempts: 3,
        backoff: .exponential(initial: .milliseconds(200), maximum: .seconds(2), jitter: 0.2),
        while: { !($0 is WeatherError) }  // do not retry an unknown city
    ) { _ in
        forecast(for: city).timeout(.seconds(3))
    }
}
// end snippet

// `nonisolated(nonsending)` needs Swift 6.2; the package's tools version is 6.0.
#if compiler(>=6.2)
    // snippet: service-class
    /// The facades as methods of the class that owns the legacy service. Like most app classes it is not
    /// `Sendable`, and none of the code below needs it to be.
    final class WeatherService {
        private let legacy: LegacyWeatherService

        init(legacy: LegacyWeatherService = LegacyWeatherService()) {
            self.legacy = legacy
        }

        // MARK: Promise facades, wrapping the completion handlers

        func forecast(city: String) -> Promise<Forecast> {
            Promise.wrapping { resolver in legacy.fetchForecast(city: city, completion: resolver.resolve) }
        }

        /// A chain's closures run later, on other threads: they capture the values they need, not `self`.
        func homeForecast() -> Promise<Forecast> {
            let legacy = legacy
            return Promise.wrapping { resolver in legacy.defaultCity(completion: resolver.fulfill) }
                .flatMap { city in
                    Promise.wrapping { resolver in legacy.fetchForecast(city: city, completion: resolver.resolve) }
                }
        }

        // MARK: Async facades

        // `nonisolated(nonsending)` (Swift 6.2): the facade runs on its caller's actor, so a @MainActor
        // view model can call it on its non-Sendable service without "sending 'self.service'" errors.

        nonisolated(nonsending) func forecast(city: String) async throws -> Forecast {
            try await forecast(city: city).value
        }

        nonisolated(nonsending) func homeForecast() async throws -> Forecast {
            try await homeForecast().value
        }
    }
    // end snippet

    // snippet: swift6-gaps
    /// `Promise { try await … }` runs its body in a Task, so what it captures crosses to another thread.
    /// A non-Sendable value is handed over (`sending`: the caller may not use it afterwards)...
    func refreshedForecast(using service: sending WeatherService) -> Promise<Forecast> {
        Promise { try await service.forecast(city: "Oslo") }
    }

    /// ...or, where the caller keeps it, reached through a promise facade, which needs no Task.
    func refreshedForecast(keeping service: WeatherService) -> Promise<Forecast> {
        service.forecast(city: "Oslo")
    }

    /// A dependency container's protocol-typed `static let` must be `Sendable`, so its protocol is.
    protocol ForecastProviding: Sendable {
        func currentForecast(city: String) -> Promise<Forecast>
    }

    struct LiveForecasts: ForecastProviding {
        func currentForecast(city: String) -> Promise<Forecast> { forecast(for: city) }
    }

    enum Dependencies {
        static let forecasts: any ForecastProviding = LiveForecasts()
    }

    /// A legacy class whose protocol became `Sendable`: its mutable state goes behind a lock, and the
    /// conformance says which lock guards what.
    // @unchecked Sendable: `entries` is only read or written under `lock`.
    final class CachedForecasts: ForecastProviding, @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: Forecast] = [:]

        func currentForecast(city: String) -> Promise<Forecast> {
            if let cached = lock.withLock({ entries[city] }) { return Promise(cached) }
            return forecast(for: city).then { forecast in self.lock.withLock { self.entries[city] = forecast } }
        }
    }

    /// A model with a `[String: Any]` field: `Any` is not `Sendable`, JSON `Data` is. The dictionary
    /// crosses as JSON, and the legacy code that reads it gets a fresh copy.
    struct AnalyticsEvent: Sendable {
        let name: String
        let propertiesJSON: Data

        init(name: String, properties: [String: Any]) throws {
            self.name = name
            propertiesJSON = try JSONSerialization.data(withJSONObject: properties)
        }

        var properties: [String: Any] {
            (try? JSONSerialization.jsonObject(with: propertiesJSON)) as? [String: Any] ?? [:]
        }
    }

    func send(_ event: AnalyticsEvent) -> Promise<Int> {
        Promise(on: .global()) { event.properties.count }  // a @Sendable closure may capture it now
    }
    // end snippet

    // snippet: main-actor
    @MainActor
    final class ForecastViewModel {
        private(set) var text = ""
        private(set) var home = ""
        private(set) var isLoading = false
        private(set) var error: (any Error)?
        private(set) var lastResult: Result<Forecast, any Error>?
        private let service: WeatherService

        init(service: WeatherService = WeatherService()) {
            self.service = service
        }

        func format(_ forecast: Forecast) -> String { "\(forecast.city): \(forecast.celsius) °C" }

        /// Promise style: closures passed with `on: .main` are `@MainActor`, so they touch `self` directly.
        func load(city: String) -> Promise<Void> {
            isLoading = true
            let forecast = service.forecast(city: city)
            forecast.catch(on: .main) { self.error = $0 }
            forecast.always(on: .main) { self.isLoading = false }
            forecast.whenComplete(on: .main) { self.lastResult = $0 }
            return forecast.map(on: .main) { self.format($0) }
                .recover(on: .main) { _ in "\(city): unavailable" }
                .then(on: .main) { self.text = $0 }
                .flatMap(on: .main) { _ in self.service.homeForecast() }
                .map(on: .main) { self.home = self.format($0) }
        }

        /// Async style, in the same class: the async facade, awaited on the main actor.
        func refresh(city: String) async {
            do {
                text = format(try await service.forecast(city: city))
            } catch {
                text = "\(city): unavailable"
            }
        }
    }
// end snippet
#endif

// snippet: quick-start
/// A completion-handler API as legacy code has them (a stand-in for one of yours).
func fetchTemperature(city: String, completion: @escaping @Sendable (Int?, (any Error)?) -> Void) {
    let known = ["Oslo": 3, "Lima": 19]
    DispatchQueue.global().async {
        if let celsius = known[city] {
            completion(celsius, nil)
        } else {
            completion(nil, UnknownCity(name: city))
        }
    }
}

struct UnknownCity: Error {
    let name: String
}

/// New code, written with async/await.
func temperatureAsync(city: String) async throws -> Int {
    try await Promise.wrapping { resolver in fetchTemperature(city: city, completion: resolver.resolve) }.value
}

func quickStart() async throws {
    // 1. Wrap a completion-handler API: `(Int?, Error?) -> Void` becomes a promise.
    let oslo = Promise<Int>.wrapping { resolver in fetchTemperature(city: "Oslo", completion: resolver.resolve) }

    // 2. Chain. Closures run on `.global()` unless you pass `on:` (`.inline`, `.main`, any queue).
    let line = oslo.map(on: .inline) { "Oslo: \($0) °C" }
        .timeout(.seconds(5))
        .recover { _ in "Oslo: unavailable" }

    // 3. Await it from async code...
    print(try await line.value)

    // 4. ...or hand it to an old completion-handler caller.
    line.whenComplete { result in print(result) }

    // 5. Serve new async code to promise callers; combine any number of promises.
    let lima = Promise { try await temperatureAsync(city: "Lima") }
    let (first, second) = try await Promise.all(oslo, lima).value
    print(first, second)
}
// end snippet
