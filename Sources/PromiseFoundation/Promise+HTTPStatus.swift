import Foundation
import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Promise {
    /// The response as an `HTTPURLResponse` whose status code is in `acceptable` (200–299 unless
    /// given); rejects with ``HTTPStatusError`` otherwise — PMKFoundation's `validate()`. Runs inline.
    ///
    /// ```swift
    /// let profile = session.dataPromise(with: url)
    ///     .validateHTTPStatus()
    ///     .map { try JSONDecoder().decode(Profile.self, from: $0.data) }
    /// ```
    public func validateHTTPStatus(
        _ acceptable: some RangeExpression<Int> & Sendable = 200..<300
    ) -> Promise<(data: Data, response: HTTPURLResponse)> where Value == (data: Data, response: URLResponse) {
        map(on: .inline) { data, response in
            guard let http = response as? HTTPURLResponse, acceptable.contains(http.statusCode) else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                throw HTTPStatusError(statusCode: status, data: data, url: response.url)
            }
            return (data: data, response: http)
        }
    }

    /// The same check where the chain goes on with PMKFoundation's type,
    /// `(data: Data, response: URLResponse)`: a function declared to return it, or a `flatMapError`
    /// that returns it. The compiler picks this one only where the context asks for that type.
    ///
    /// ```swift
    /// func checked() -> Promise<(data: Data, response: URLResponse)> {
    ///     session.dataPromise(with: url).validateHTTPStatus()
    /// }
    /// ```
    @_disfavoredOverload
    public func validateHTTPStatus(
        _ acceptable: some RangeExpression<Int> & Sendable = 200..<300
    ) -> Promise<Value> where Value == (data: Data, response: URLResponse) {
        let checked: Promise<(data: Data, response: HTTPURLResponse)> = validateHTTPStatus(acceptable)
        return checked.map(on: .inline) { (data: $0.data, response: $0.response as URLResponse) }
    }
}
