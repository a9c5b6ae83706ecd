import Foundation
import PromiseKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// A stand-in for PMKFoundation's URLSession extension, written for this fixture.

public enum PMKNamespacer {
    case promise
}

public enum PMKHTTPError: Error {
    case badStatusCode(Int, Data, HTTPURLResponse)
}

/// What PMKFoundation's tasks take: a request or a URL.
public protocol URLRequestConvertible {
    var pmkRequest: URLRequest { get }
}

extension URLRequest: URLRequestConvertible {
    public var pmkRequest: URLRequest { self }
}

extension URL: URLRequestConvertible {
    public var pmkRequest: URLRequest { URLRequest(url: self) }
}

extension URLSession {
    public func dataTask(_: PMKNamespacer, with convertible: URLRequestConvertible) -> Promise<(data: Data, response: URLResponse)> {
        Promise { seal in
            dataTask(with: convertible.pmkRequest) { data, response, error in
                if let error { return seal.reject(error) }
                guard let data, let response else { return seal.reject(PMKError.badInput) }
                seal.fulfill((data: data, response: response))
            }.resume()
        }
    }
}

extension Promise where T == (data: Data, response: URLResponse) {
    /// Rejects unless the response is HTTP with a status in 200..<300.
    public func validate() -> Promise<T> {
        map { data, response in
            guard let http = response as? HTTPURLResponse else { return (data, response) }
            guard (200..<300).contains(http.statusCode) else {
                throw PMKHTTPError.badStatusCode(http.statusCode, data, http)
            }
            return (data, response)
        }
    }
}
