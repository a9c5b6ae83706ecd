import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Networking helpers: static methods, URLSession's shape, a generic method, a cancellable request.
enum NetworkClient {
    /// URLSession's shape: `(Data?, URLResponse?, Error?)`.
    static func get(_ url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) {
        let response = URLResponse(url: url, mimeType: "text/plain", expectedContentLength: 2, textEncodingName: nil)
        completionHandler(Data("ok".utf8), response, nil)
    }

    /// A generic method: the value's type is the caller's.
    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, completion: @escaping @Sendable (T?, (any Error)?) -> Void
    ) {
        do {
            completion(try JSONDecoder().decode(type, from: data), nil)
        } catch {
            completion(nil, error)
        }
    }

    /// Returns a handle that stops the work: the promise's cancellation reaches it.
    @discardableResult
    static func download(_ url: URL, completion: @escaping @Sendable (Result<Data, any Error>) -> Void)
        -> LegacyRequest
    {
        let request = LegacyRequest()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
            completion(request.isCancelled ? .failure(CancellationError()) : .success(Data(url.path.utf8)))
        }
        return request
    }

    /// Throws before it starts: the promise rejects with that error.
    static func ping(host: String, completion: @escaping @Sendable (Int) -> Void) throws {
        guard !host.isEmpty else { throw APIError.offline }
        completion(42)
    }
}
