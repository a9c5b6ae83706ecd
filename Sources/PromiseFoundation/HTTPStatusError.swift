import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP response whose status code was not acceptable, with what came with it.
///
/// ```swift
/// do {
///     let user = try await session.dataPromise(with: url).validateHTTPStatus().value
/// } catch let error as HTTPStatusError where error.statusCode == 404 {
///     showNotFound()
/// }
/// ```
public struct HTTPStatusError: Error, CustomStringConvertible, Sendable {
    /// The response's status code (0 when the response was not an HTTP response).
    public let statusCode: Int
    /// The response's body, often an error document from the server.
    public let data: Data
    /// The URL the response came from.
    public let url: URL?

    /// Describes the failure with the status, the URL and the start of the body.
    public var description: String {
        let body = String(decoding: data.prefix(200), as: UTF8.self)
        let reason = statusCode == 0 ? "not an HTTP response" : "HTTP \(statusCode)"
        return "\(reason) from \(url?.absoluteString ?? "an unknown URL")" + (body.isEmpty ? "" : ": \(body)")
    }

    /// Makes the error; the library makes it in `validateHTTPStatus(_:)`.
    public init(statusCode: Int, data: Data, url: URL?) {
        self.statusCode = statusCode
        self.data = data
        self.url = url
    }
}
