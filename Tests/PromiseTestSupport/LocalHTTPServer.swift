import Foundation
import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests of callback APIs like URLSession: `GET /text/NAME`
/// answers 200 with NAME; `GET /hang` never answers (for cancellation), until the server stops;
/// anything else answers 404. Each connection is served on a thread of its own.
package final class LocalHTTPServer: Sendable {
    package let port: Int
    private let listener: Int32
    /// Connections of `/hang` requests, closed by `stop()`.
    private let hanging = LockedBox<[Int32]>([])
    /// Requests received, by path, in order.
    private let received = LockedBox<[String]>([])
    /// Signalled once for each `/hang` request.
    private let hangArrived = DispatchSemaphore(value: 0)

    package init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    package func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// A session for tests against this server: its request timeout (URLSession's default is 60 s)
    /// is long enough that a `/hang` request under a loaded full-size run ends by cancellation, as the
    /// test means, and not by a timeout.
    package static func testSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 3600
        return URLSession(configuration: configuration)
    }

    /// The paths requested so far.
    package var requests: [String] { received.withLock { $0 } }

    /// The connection of the next `/hang` request, once it arrives (nil after `timeout`).
    package func waitForHangingRequest(timeout: TimeInterval = 10) -> Int32? {
        guard hangArrived.wait(timeout: .now() + timeout) == .success else { return nil }
        return hanging.withLock { $0.last }
    }

    /// Whether the client closed connection `fd` (reads end of file) within `timeout`.
    package func clientClosed(_ fd: Int32, timeout: TimeInterval = 10) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) <= 0
    }

    /// Stops accepting and closes the hanging connections.
    package func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in hanging.withLock({ $0 }) { close(fd) }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }  // stopped
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else {
                close(connection)
                return
            }
            request += buffer[..<count]
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)  // "GET /path HTTP/1.1"
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        received.withLock { $0.append(path) }
        if path == "/hang" {
            hanging.withLock { $0.append(connection) }
            hangArrived.signal()
            return
        }
        let (status, body) = path.hasPrefix("/text/") ? ("200 OK", String(path.dropFirst(6))) : ("404 Not Found", "")
        let response =
            "HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n\(body)"
        _ = response.utf8CString.withUnsafeBufferPointer { send(connection, $0.baseAddress, $0.count - 1, 0) }
        close(connection)
    }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        count >= 4
            && indices.dropLast(3).contains {
                self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
            }
    }
}
