import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A delegate method takes a completion handler, but Foundation calls it: not an API to wrap.
final class DownloadDelegate: NSObject, URLSessionDataDelegate {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
    }

    /// One of ours, beside it.
    func prepare(completion: @escaping (Bool) -> Void) {
        completion(true)
    }
}

#if os(iOS)
    /// Compiled only for iOS: the Linux build's index has nothing here.
    func refreshOnDevice() {
        CatalogClient.shared.start {}
    }
#endif
