import Foundation
import PromiseFoundation
import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a request and fulfills with the body of a successful response.
public protocol Transport {
    func send(_ request: URLRequest) -> Promise<Data>
}

/// The production transport.
public final class URLSessionTransport: Transport {
    let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: URLRequest) -> Promise<Data> {
        session.dataPromise(with: request).validateHTTPStatus().map(on: .inline) { $0.data }
    }
}

/// A transport over a callback API: `(body, status, error)`, as the tests' fake server answers.
public final class CallbackTransport: Transport {
    public typealias Handler = (URLRequest, @escaping (Data?, Int, Error?) -> Void) -> Void
    let handler: Handler

    public init(handler: @escaping Handler) {
        self.handler = handler
    }

    public func send(_ request: URLRequest) -> Promise<Data> {
        Promise { seal in
            handler(request) { data, status, error in
                if let error { return seal.reject(error) }
                guard (200..<300).contains(status) else { return seal.reject(LoginError.server(status)) }
                seal.fulfill(data ?? Data())
            }
        }
    }
}
