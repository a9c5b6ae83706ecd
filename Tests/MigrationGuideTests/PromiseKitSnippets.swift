import Dispatch
import Foundation
import PromiseAsync
import PromiseFoundation
import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The PromiseKit section of Migration.md: each PromiseKit idiom in this library's spelling, compiled
// with the suite. The PromiseKit original is in each doc comment.

// snippet: promisekit-chains
enum FromPromiseKitChains {
    /// `firstly { forecast(for: "Oslo") }.then { oslo in forecast(for: …) }`
    static func firstlyThen() -> Promise<Forecast> {
        Promise.firstly { forecast(for: "Oslo") }
            .flatMap { oslo in forecast(for: oslo.celsius > 10 ? "Lima" : "Cairo") }
    }

    /// `DispatchQueue.global().async(.promise) { try parse(text) }`, and `firstly` on a queue
    static func onAQueue(_ text: String) -> Promise<Forecast> {
        Promise.firstly(on: .global()) { forecast(for: text.trimmingCharacters(in: .whitespaces)) }
    }

    /// `.map { $0.celsius }`, `.compactMap { Int($0) }`
    static func mapAndCompactMap() -> Promise<Int> {
        defaultCity().map { $0.uppercased() }.compactMap { Int($0) }  // nil rejects: PromiseError.missingValue
    }

    /// `.get { log($0) }` (passes the value on), `.done { print($0) }` (a `Promise<Void>`)
    static func doneAndGet() -> Promise<Void> {
        forecast(for: "Oslo")
            .then { print("got", $0.city) }  // `get`: the next step still gets the forecast
            .map { print($0.celsius) }  // `done`: a Promise<Void>
    }

    /// `.done { try save($0) }`: a `done` whose body throws is a `map` to `Void`
    static func throwingDone(save: @escaping @Sendable (Forecast) throws -> Void) -> Promise<Void> {
        forecast(for: "Oslo").map { try save($0) }
    }

    /// `.tap { result in if !result.isFulfilled { cache.remove(key) } }`: the same, the outcome a Swift
    /// `Result`; the next step starts after the body, with the same value or error
    static func tap(forgetting city: @escaping @Sendable (String) -> Void) -> Promise<Forecast> {
        forecast(for: "Oslo")
            .tap { result in
                if case .failure = result { city("Oslo") }  // `!result.isFulfilled`
            }
            .map { $0 }
    }

    /// `when(fulfilled: voidPromises)`: PromiseKit's Void overload gives a `Promise<Void>`
    static func whenVoid() -> Promise<Void> {
        Promise.all([clearCache(), clearCache()]).asVoid()
    }

    /// `.ensure { spinner.stop() }`, `.catch { show($0) }.finally { … }`
    static func ensureAndFinally(stopSpinner: @escaping @Sendable () -> Void) {
        forecast(for: "Oslo")
            .then { print($0) }
            .catch { print("failed:", $0) }
            .always(stopSpinner)
    }

    /// `.ensureThen { closeSession() }`: wait for a cleanup promise, then settle as before. The
    /// outcome becomes a `Result` first, so the cleanup runs once, whatever the outcome, cancellation
    /// included; if the cleanup itself rejects, so does the chain, with the cleanup's error.
    static func ensureThen(
        _ source: Promise<Forecast> = forecast(for: "Oslo"), closeSession: @escaping @Sendable () -> Promise<Void>
    ) -> Promise<Forecast> {
        source
            .map { Result<Forecast, any Error>.success($0) }
            .recover(includingCancellation: true) { .failure($0) }
            .flatMap { outcome in closeSession().map { try outcome.get() } }
    }

    /// `.catch(policy: .allErrors) { … }`: cancellation too
    static func catchEverything() {
        forecast(for: "Oslo").catch(includingCancellation: true) { print("ended by", $0) }
    }

    /// `.recover { error -> Promise<Forecast> }` and `.recover { _ in Guarantee.value(x) }`
    static func recover() -> Promise<Forecast> {
        forecast(for: "Atlantis")
            .flatMapError { _ in forecast(for: "Oslo") }  // the body returns a promise
            .recover { _ in Forecast(city: "Oslo", celsius: 0) }  // the body returns a value
    }

    /// `.cauterize()`: the error is dropped on purpose
    static func cauterize() {
        clearCache().catch { _ in }
    }

    /// `mapValues`, `compactMapValues`, `filterValues`, `sortedValues`, `flatMapValues`, `firstValue`,
    /// `thenMap`: the collection's own method inside `map`, `compactMap` or `flatMap`
    static func collections(_ cities: Promise<[String]>) -> Promise<[Forecast]> {
        let upper = cities.map { $0.map { $0.uppercased() } }  // mapValues
        let nonEmpty = upper.map { $0.filter { !$0.isEmpty } }  // filterValues
        let sorted = nonEmpty.map { $0.sorted() }  // sortedValues
        let first = sorted.compactMap { $0.first }  // firstValue: an empty array rejects
        _ = first
        return cities.flatMap { Promise.all($0.map(forecast(for:))) }  // thenMap
    }

    /// `try promise.wait()` on a thread that may block; `hang(promise)` at a tool's top level
    static func blocking() throws -> Forecast {
        try forecast(for: "Oslo").wait(timeout: .seconds(10))
    }

    /// `conf.Q.map = nil` (run steps inline) and `conf.Q = (map: queue, return: queue)`: per step, with `on:`
    static func inline(queue: DispatchQueue) -> Promise<String> {
        forecast(for: "Oslo")
            .map(on: .inline) { $0.celsius }  // runs where the forecast settled: no queue hop
            .map(on: queue) { "\($0) °C" }
    }
}
// end snippet

// snippet: promisekit-making
enum FromPromiseKitMaking {
    /// `Promise.value(x)`, `.value(x)` in return position, `Guarantee.value(x)`
    static func value() -> Promise<Int> {
        Promise(42)
    }

    /// `Promise { seal in legacy(…) { seal.resolve($0, $1) } }`; PromiseKit's `seal.resolve` passed
    /// as the handler is `resolver.resolve` here
    static func seal() -> Promise<Forecast> {
        Promise { resolver in legacy.fetchForecast(city: "Oslo", completion: resolver.resolve) }
    }

    /// `Guarantee { seal in legacy.defaultCity(completion: seal) }`: a promise that cannot fail is a `Promise`
    static func guarantee() -> Promise<String> {
        Promise { resolver in legacy.defaultCity(completion: resolver.fulfill) }
    }

    /// `let (promise, seal) = Promise<Int>.pending()`
    static func pending() -> Promise<Int> {
        let (promise, resolver) = Promise<Int>.pending()
        DispatchQueue.global().async { resolver.fulfill(7) }
        return promise
    }

    /// `after(seconds: 0.5)`, `after(.milliseconds(500))`
    static func after() -> Promise<Void> {
        Promise.after(.milliseconds(500))
    }

    /// `when(fulfilled: a, b)`, `when(fulfilled: [promises])`
    static func whenFulfilled() -> Promise<[Forecast]> {
        Promise.all(forecast(for: "Oslo"), defaultCity())
            .flatMap { oslo, city in Promise.all([Promise(oslo), forecast(for: city)]) }
    }

    /// `when(resolved: promises)`: PromiseKit's `.fulfilled(v)` / `.rejected(e)` are `.success` / `.failure`
    static func whenResolved() -> Promise<[String]> {
        Promise.allSettled(["Oslo", "Atlantis"].map(forecast(for:))).map { results in
            results.map { result in
                switch result {
                case .success(let forecast): return forecast.city
                case .failure(let error): return "failed: \(error)"
                }
            }
        }
    }

    /// `race(a, b)`
    static func race() -> Promise<Forecast> {
        Promise.race([forecast(for: "Oslo"), forecast(for: "Lima")])
    }

    /// `extension Promise where T == Forecast`: the generic parameter is `Value`
    static func genericParameter() -> Promise<String> {
        forecast(for: "Oslo").headline
    }

    /// `catch let PMKError.…`: the library's errors are `PromiseError`; cancellation is `CancellationError`
    static func errors() -> Promise<Forecast> {
        forecast(for: "Oslo").timeout(.seconds(5)).recover { error in
            if error.isCancellation { throw error }  // PMKError.cancelled
            if error as? PromiseError == .timedOut { return Forecast(city: "Oslo", celsius: 0) }
            throw error
        }
    }
}

extension Promise where Value == Forecast {
    /// A PromiseKit-era extension, `where T == Forecast` there.
    var headline: Promise<String> { map(on: .inline) { "\($0.city): \($0.celsius) °C" } }
}

extension Promise {
    /// PromiseKit's `T` in a plain `extension Promise` is `Value`; `<U: Thenable>` is `Promise<U>`;
    /// a `DispatchQueue?` parameter (PromiseKit's `on: DispatchQueue? = conf.Q.map`) passes to `on:`,
    /// `nil` running the step inline, as `on: nil` did.
    func nest<U>(
        on queue: DispatchQueue? = nil, _ body: @escaping @Sendable (Value) throws -> Promise<U>
    ) -> Promise<Value> {
        flatMap(on: queue) { value in try body(value).map(on: .inline) { _ in value } }
    }
}
// end snippet

// snippet: promisekit-foundation
enum FromPMKFoundation {
    /// `URLSession.shared.dataTask(.promise, with: request).validate().map { try decode($0.data) }`
    static func data(_ request: URLRequest) -> Promise<String> {
        URLSession.shared.dataPromise(with: request)
            .validateHTTPStatus()  // rejects with HTTPStatusError(statusCode:data:url:) outside 200..<300
            .map { String(decoding: $0.data, as: UTF8.self) }
    }

    /// `URLSession.shared.downloadTask(.promise, with: request, to: file)`
    static func download(_ request: URLRequest, to file: URL) -> Promise<URL> {
        URLSession.shared.downloadPromise(with: request, to: file).map(\.location)
    }

    /// A chain typed on PMKFoundation's `(data: Data, response: URLResponse)` keeps it: the check
    /// gives that type where the context asks for it
    static func typedChain(_ request: URLRequest) -> Promise<(data: Data, response: URLResponse)> {
        URLSession.shared.dataPromise(with: request).validateHTTPStatus()
    }

    /// `URLRequestConvertible` is `URLRequest` (`.pmkRequest` goes); `case PMKHTTPError.badStatusCode(let
    /// code, _, _)` is `case let httpError as HTTPStatusError` with `httpError.statusCode`
    static func statusCode(_ request: URLRequest) -> Promise<String> {
        URLSession.shared.dataPromise(with: request)
            .validateHTTPStatus()
            .map { String(decoding: $0.data, as: UTF8.self) }
            .recover { error in
                switch error {
                case let httpError as HTTPStatusError where httpError.statusCode == 401:
                    return "signed out"
                default:
                    throw error
                }
            }
    }

    /// `Process.launch(.promise)`: rejects with ProcessExitError(status:…) on a non-zero exit
    static func run() -> Promise<String> {
        Process.promise(running: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["uname"]).map(\.text)
    }
}
// end snippet

// snippet: promisekit-swift6
/// A global mutable environment (`var Current = Environment()`, swapped by tests) becomes an
/// immutable Sendable value handed to what needs it; a test makes its own.
struct AppEnvironment: Sendable {
    var homeCity = "Oslo"
    var requestTimeout: DispatchTimeInterval = .seconds(10)
}

/// While another module still reads and tests still swap the global (`AppleAPI.Current`), keep its
/// name: `nonisolated(unsafe)`, set before any chain runs, and explicit types on it and on its
/// properties, whose initializers read it back ("circular reference" otherwise).
nonisolated(unsafe) var Current: LegacyEnvironment = LegacyEnvironment()

struct LegacyEnvironment {
    var network: LegacyNetwork = LegacyNetwork()
}

struct LegacyNetwork {
    var fetch: @Sendable (String) -> Promise<Forecast> = { city in Current.network.live(city) }
    var live: @Sendable (String) -> Promise<Forecast> = { city in forecast(for: city) }
}

/// A value one step learns and a later step needs (a captured `var serviceKey` set in one `then`
/// and read in the next: "sending 'serviceKey' risks causing data races"): pass it along in the
/// chain's value.
func homeAndLima() -> Promise<String> {
    defaultCity()
        .flatMap { home in forecast(for: home).map { (home: home, celsius: $0.celsius) } }
        .flatMap { step in forecast(for: "Lima").map { "\(step.home) \(step.celsius) °C, Lima \($0.celsius) °C" } }
}

/// A stateless service class captured in `@Sendable` closures: `final`, only `let`s of Sendable
/// types, and declared `Sendable`; the compiler checks it.
final class WeatherReporter: Sendable {
    let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    func report() -> Promise<String> {
        forecast(for: environment.homeCity)
            .timeout(environment.requestTimeout)
            .map(on: .inline) { self.line(for: $0) }  // capturing self is fine: it is Sendable
    }

    private func line(for forecast: Forecast) -> String { "\(forecast.city): \(forecast.celsius) °C" }
}

/// PromiseKit's recursive `attempt()`, with a `var attempts` captured and mutated between attempts,
/// is `Promise.retry`: the attempt number is passed in, nothing is mutated.
func reportWithRetries(_ reporter: WeatherReporter) -> Promise<String> {
    Promise.retry(attempts: 3, backoff: .constant(.milliseconds(200))) { attempt in
        attempt == 1 ? reporter.report() : reporter.report().timeout(.seconds(30))
    }
}

/// When an attempt needs what the failed one learned (a new city, a refreshed token), carry it as an
/// argument of a recursive function instead of a captured `var`.
func forecastFollowingRenames(of city: String, attemptsLeft: Int = 3) -> Promise<Forecast> {
    forecast(for: city).flatMapError { error in
        guard attemptsLeft > 1, case WeatherError.unknownCity(let name) = error, name == "Christiania" else {
            throw error
        }
        return forecastFollowingRenames(of: "Oslo", attemptsLeft: attemptsLeft - 1)
    }
}
// end snippet
