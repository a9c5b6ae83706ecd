import Dispatch
import Foundation

// A stand-in for a team's legacy, completion-handler code: the APIs the guide migrates. It uses only
// Foundation and Dispatch, so the guide's appendix can show it as code to copy.

// snippet: legacy-weather-service
struct Forecast: Sendable, Equatable {
    let city: String
    let celsius: Int
}

enum WeatherError: Error, Equatable {
    case unknownCity(String)
}

/// A handle a legacy API returns for work that can be stopped.
final class LegacyOperation: @unchecked Sendable {  // `cancelled` is only touched under `lock`
    private let lock = NSLock()
    private var cancelled = false

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}

/// The legacy service. Thread-safe: its state never changes and its work runs on its own queue.
final class LegacyWeatherService: Sendable {
    private let queue = DispatchQueue(label: "legacy.weather")
    private let known = ["Oslo": 3, "Lima": 19, "Cairo": 31]

    /// `(Value?, Error?)`: the classic shape.
    func fetchForecast(city: String, completion: @escaping @Sendable (Forecast?, (any Error)?) -> Void) {
        queue.async { [known] in
            if let celsius = known[city] {
                completion(Forecast(city: city, celsius: celsius), nil)
            } else {
                completion(nil, WeatherError.unknownCity(city))
            }
        }
    }

    /// `Result`: the newer shape.
    func fetchForecast(city: String, resultHandler: @escaping @Sendable (Result<Forecast, WeatherError>) -> Void) {
        fetchForecast(city: city) { forecast, error in
            resultHandler(forecast.map { .success($0) } ?? .failure(error as? WeatherError ?? .unknownCity(city)))
        }
    }

    /// `(Error?)`: work with no value.
    func clearCache(completion: @escaping @Sendable ((any Error)?) -> Void) {
        queue.async { completion(nil) }
    }

    /// `()`: a notification, with nothing to report.
    func flushLog(completion: @escaping @Sendable () -> Void) {
        queue.async { completion() }
    }

    /// `(Value)`: cannot fail.
    func defaultCity(completion: @escaping @Sendable (String) -> Void) {
        queue.async { completion("Oslo") }
    }

    /// Long work that can be cancelled through the returned handle.
    func downloadReport(
        city: String, after delay: DispatchTimeInterval, completion: @escaping @Sendable (String?, (any Error)?) -> Void
    ) -> LegacyOperation {
        let operation = LegacyOperation()
        queue.asyncAfter(deadline: .now() + delay) {
            if operation.isCancelled {
                completion(nil, CancellationError())
            } else {
                completion("Report for \(city)", nil)
            }
        }
        return operation
    }

    /// A buggy API that drops its completion handler on some paths.
    func fetchAlerts(city: String, completion: @escaping @Sendable ([String]?, (any Error)?) -> Void) {
        // Bug: returns without calling `completion` for cities it does not cover.
        guard city == "Cairo" else { return }
        queue.async { completion(["heat"], nil) }
    }
}
// end snippet
