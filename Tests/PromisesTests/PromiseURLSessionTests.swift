import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession's `(Data?, URLResponse?, Error?)`, against a real HTTP server on 127.0.0.1.
@Suite struct PromiseURLSessionTests {
    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aDataTaskWrapsIntoDataAndResponse() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let session = LocalHTTPServer.testSession()
        let url = server.url("/text/hello")
        let response = await Promise<(Data, URLResponse)> { resolver in
            session.dataTask(with: url, completionHandler: resolver.resolve).resume()
        }.outcome()
        let (data, urlResponse) = try response.get()
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        #expect((urlResponse as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aFailedRequestRejectsWithItsError() async throws {
        let server = try LocalHTTPServer()
        let url = server.url("/text/gone")
        server.stop()  // nothing listens on the port any more
        let session = LocalHTTPServer.testSession()
        let response = await Promise<(Data, URLResponse)> { resolver in
            session.dataTask(with: url, completionHandler: resolver.resolve).resume()
        }.outcome()
        #expect(response.error is URLError)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func cancellingThePromiseCancelsTheDataTask() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let session = LocalHTTPServer.testSession()
        let url = server.url("/hang")
        let response = Promise<(Data, URLResponse)> { resolver in
            let task = session.dataTask(with: url) { resolver.resolve($0, $1, $2) }
            resolver.onCancel { task.cancel() }
            task.resume()
        }
        let connection = await onThread { server.waitForHangingRequest() }
        #expect(connection != nil, "the request reached the server")
        response.cancel()
        #expect(response.isCancelled)
        if let connection {
            #expect(await onThread { server.clientClosed(connection) }, "the URLSessionTask was cancelled")
        }
    }
}
