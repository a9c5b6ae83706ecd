import Foundation
import PromiseAsync
import PromiseFoundation
import PromiseTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession's tasks as promises, against a server on 127.0.0.1.
@Suite struct URLSessionPromiseTests {
    private let session = LocalHTTPServer.testSession()

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aDataPromiseFulfillsWithNamedDataAndResponse() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let (data, response) = try await session.dataPromise(with: server.url("/text/hello")).value
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let named = try await session.dataPromise(with: URLRequest(url: server.url("/text/named"))).value
        #expect(String(decoding: named.data, as: UTF8.self) == "named")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func theStatusCheckPassesSuccessAndRejectsOtherStatusesWithATypedError() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let ok = try await session.dataPromise(with: server.url("/text/fine")).validateHTTPStatus().value
        #expect(ok.response.statusCode == 200)
        let missing = await session.dataPromise(with: server.url("/missing")).validateHTTPStatus().result
        let error = try #require(missing.error as? HTTPStatusError)
        #expect(error.statusCode == 404)
        #expect(error.url?.path == "/missing")
        #expect("\(error)".hasPrefix("HTTP 404 from http://127.0.0.1"))
        let accepted = await session.dataPromise(with: server.url("/missing")).validateHTTPStatus(200...404).result
        #expect(accepted.value?.response.statusCode == 404, "a range given by the caller")
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func aFailedRequestRejectsWithURLSessionsError() async throws {
        let server = try LocalHTTPServer()
        let url = server.url("/text/gone")
        server.stop()
        #expect(await session.dataPromise(with: url).result.error is URLError)
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func cancellingThePromiseCancelsTheTask() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let response = session.dataPromise(with: server.url("/hang")).validateHTTPStatus()
        let connection = await onThread { server.waitForHangingRequest() }
        #expect(connection != nil, "the request reached the server")
        response.cancel()
        #expect(await response.result.error?.isCancellation == true)
        if let connection {
            #expect(await onThread { server.clientClosed(connection) }, "the URLSessionTask was cancelled")
        }
    }

    @Test(.timeLimit(.minutes(TestScale.minutes(1))))
    func anUploadFulfillsWithTheResponseBody() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        var request = URLRequest(url: server.url("/text/stored"))
        request.httpMethod = "POST"
        let stored = try await session.uploadPromise(with: request, from: Data("x".utf8)).validateHTTPStatus().value
        #expect(String(decoding: stored.data, as: UTF8.self) == "stored")
        #expect(server.requests.contains("/text/stored"))
    }
}
