import Foundation
import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// URLSession's completion-handler tasks as promises: the task starts at once, and cancelling the
// promise (or everything derived from it) cancels the task.

extension URLSession {
    /// Loads `request`; fulfills with the body and the response, whatever the HTTP status (check it
    /// with `validateHTTPStatus(_:)`). Cancelling the promise cancels the task.
    ///
    /// ```swift
    /// let user = URLSession.shared.dataPromise(with: request)
    ///     .validateHTTPStatus()
    ///     .map { try JSONDecoder().decode(User.self, from: $0.data) }
    /// ```
    public func dataPromise(with request: URLRequest) -> Promise<(data: Data, response: URLResponse)> {
        bodyPromise(bodyMayBeMissing: false) { dataTask(with: request, completionHandler: $0) }
    }

    /// Loads `url`: ``dataPromise(with:)-(URLRequest)`` for a GET request.
    public func dataPromise(with url: URL) -> Promise<(data: Data, response: URLResponse)> {
        dataPromise(with: URLRequest(url: url))
    }

    /// Uploads `body` with `request`; fulfills with the response's body and the response.
    ///
    /// ```swift
    /// let created = session.uploadPromise(with: request, from: json).validateHTTPStatus()
    /// ```
    public func uploadPromise(with request: URLRequest, from body: Data) -> Promise<(data: Data, response: URLResponse)>
    {
        bodyPromise(bodyMayBeMissing: true) { uploadTask(with: request, from: body, completionHandler: $0) }
    }

    /// Downloads `request` to a file; fulfills with the file's location and the response.
    ///
    /// URLSession deletes its temporary file when the task's handler returns, so the file is moved
    /// first: to `destination`, or with none to a new file in the temporary directory. The file is
    /// yours to move or delete.
    ///
    /// A destination that is a directory rejects with ``DownloadDestinationError/isDirectory(_:)``;
    /// one that holds a file rejects with ``DownloadDestinationError/fileExists(_:)`` unless
    /// `replacingExistingFile` is true, in which case the file is replaced atomically (the old
    /// content or the new one is there, never a mix, nor neither). Either way nothing at the
    /// destination is touched on a rejection. The destination is checked before the request is sent,
    /// and again when the download is moved there, so one that appears meanwhile is treated the same.
    ///
    /// ```swift
    /// let saved = session.downloadPromise(with: request, to: documents.appendingPathComponent("report.pdf"),
    ///                                     replacingExistingFile: true)
    /// ```
    public func downloadPromise(
        with request: URLRequest, to destination: URL? = nil, replacingExistingFile: Bool = false
    ) -> Promise<(location: URL, response: URLResponse)> {
        if let destination {
            do {
                try DownloadPlacement.check(destination, replacing: replacingExistingFile)
            } catch {
                return Promise(error: error)
            }
        }
        return Promise { resolver in
            let task = downloadTask(with: request) { temporary, response, error in
                if let error { return resolver.reject(error) }
                guard let temporary, let response else { return resolver.reject(PromiseError.missingValueAndError) }
                do {
                    let target =
                        destination
                        ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                            "download-\(UUID().uuidString)")
                    try DownloadPlacement.move(
                        temporary, to: target, replacing: destination != nil && replacingExistingFile)
                    resolver.fulfill((location: target, response: response))
                } catch {
                    resolver.reject(error)
                }
            }
            resolver.onCancel { task.cancel() }
            task.resume()
        }
    }

    /// Starts the task `makeTask` makes with the handler it is given, and fulfills with the body and
    /// the response (an upload's missing body as empty data); cancelling the promise cancels the task.
    private func bodyPromise(
        bodyMayBeMissing: Bool,
        _ makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
    ) -> Promise<(data: Data, response: URLResponse)> {
        Promise { resolver in
            let task = makeTask { data, response, error in
                if let error { return resolver.reject(error) }
                guard let data = data ?? (bodyMayBeMissing ? Data() : nil), let response else {
                    return resolver.reject(PromiseError.missingValueAndError)
                }
                resolver.fulfill((data: data, response: response))
            }
            resolver.onCancel { task.cancel() }
            task.resume()
        }
    }
}
