import Dispatch
import PromiseAsync
import Promises

// Every code block of Migration.md lives here, between `// snippet: NAME` and `// end snippet`, so it
// compiles with the suite; MigrationGuideTests fails when the guide and this file disagree.

let legacy = LegacyWeatherService()

// snippet: wrap-shapes
/// (Value?, Error?) -> Void
func forecast(for city: String) -> Promise<Forecast> {
    Promise(wrapping: { legacy.fetchForecast(city: city, completion: $0) })
}

/// (Result<Value, E>) -> Void
func forecastResult(for city: String) -> Promise<Forecast> {
    Promise(wrapping: { legacy.fetchForecast(city: city, resultHandler: $0) })
}

/// (Error?) -> Void
func clearCache() -> Promise<Void> {
    Promise(wrapping: { legacy.clearCache(completion: $0) })
}

/// (Value) -> Void
func defaultCity() -> Promise<String> {
    Promise(wrapping: { legacy.defaultCity(completion: $0) })
}
// end snippet

// snippet: wrap-cancellable
func report(for city: String) -> Promise<String> {
    Promise { resolver in
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
    Promise(wrapping: { legacy.fetchAlerts(city: city, completion: $0) })
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
// end snippet

// snippet: blocking-wait
/// In a command-line tool's synchronous top level, a test, or a thread of your own.
func forecastLineBlocking() -> String {
    do {
        let forecast = try forecast(for: "Oslo").wait(timeout: .seconds(10))
        return "\(forecast.celsius) °C"
    } catch PromiseError.waitWouldDeadlock(let reason) {
        return "refused: \(reason)"  // called inside a Task, or on the queue the promise needs
    } catch {
        return "failed: \(error)"
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

// snippet: main-actor
@MainActor
final class ForecastViewModel {
    private(set) var text = ""

    func refresh(city: String) async {
        do {
            let forecast = try await forecast(for: city).value  // legacy promise, awaited
            text = "\(forecast.celsius) °C"  // back on the main actor
        } catch {
            text = "unavailable"
        }
    }
}
// end snippet

// snippet: quick-start
func quickStart() async throws {
    // 1. Wrap a completion-handler API: `(Forecast?, Error?) -> Void` becomes a promise.
    let oslo = Promise<Forecast>(wrapping: { legacy.fetchForecast(city: "Oslo", completion: $0) })

    // 2. Chain. Closures run on `.global()` unless you pass `on:` (`.inline`, `.main`, any queue).
    let described = oslo.map(on: .inline) { "\($0.city): \($0.celsius) °C" }
    let line = described.timeout(.seconds(5)).recover { _ in "Oslo: unavailable" }

    // 3. Await it from async code...
    print(try await line.value)

    // 4. ...or hand it to an old completion-handler caller.
    line.whenComplete { result in print(result) }

    // 5. Serve new async code to promise callers; combine any number of promises.
    let lima = Promise { try await forecastAsync(for: "Lima") }
    let (first, second) = try await Promise.all(oslo, lima).value
    print(first.celsius, second.celsius)
}
// end snippet
