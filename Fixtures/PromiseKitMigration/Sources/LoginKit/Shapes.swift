import Dispatch
import Foundation
import PMKFoundation
import PromiseKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The shapes of real PromiseKit code that a row-by-row text rewrite got wrong (xcodes, Fugen):
// ordered side effects in `tap`, `when` of Void promises, chains typed on PMKFoundation's tuple,
// names other types share, PromiseKit's generic parameter, `Thenable`, `conf.Q` reads.

/// Caches logins; a failed one is dropped in `tap`, before a retry looks (Fugen's file cache).
public final class SessionCache {
    private let service: LoginService
    private let lock = NSRecursiveLock()
    private var logins: [String: Promise<Session>] = [:]
    private var sent = 0

    public init(service: LoginService) {
        self.service = service
    }

    /// How many logins went to the server.
    public var requests: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    public func login(user: String, password: String) -> Promise<Session> {
        lock.lock()
        defer { lock.unlock() }
        if let cached = logins[user] { return cached }
        sent += 1
        let login = service.login(user: user, password: password).tap { result in
            if !result.isFulfilled { self.forget(user) }
        }
        logins[user] = login
        return login
    }

    /// A second try after a failure goes back to the server.
    public func loginRetrying(user: String, password: String) -> Promise<Session> {
        login(user: user, password: password).recover { _ in self.login(user: user, password: password) }
    }

    private func forget(_ user: String) {
        lock.lock()
        logins[user] = nil
        lock.unlock()
    }
}

/// An app's own enum with a case named `value`.
public enum Setting: Equatable {
    case value(String)
    case unset
}

extension LoginService {
    /// Saves every session: PromiseKit's `when` of Void promises is a `Promise<Void>`.
    public func saveAll(_ sessions: [Session], in store: SessionStore) -> Promise<Void> {
        return when(fulfilled: sessions.map { session in
            Promise<Void> { seal in
                do {
                    try store.save(session)
                    seal.fulfill(())
                } catch {
                    seal.reject(error)
                }
            }
        })
    }

    /// A response as PMKFoundation delivers it, checked: 401 means bad credentials.
    public static func checkedResponse(status: Int) -> Promise<Data> {
        let url = URL(string: "https://login.example.com/check")!
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!
        return Promise.value((data: Data("ok".utf8), response: response as URLResponse))
            .validateCredentials()
            .map { $0.data }
    }

    /// The request for a path: PMKFoundation's convertible.
    public func request(for convertible: URLRequestConvertible) -> URLRequest {
        convertible.pmkRequest
    }

    public func rememberedUser(_ stored: String?) -> Setting {
        guard let stored else { return .unset }
        return .value(stored)
    }

    public func tokenLengths(_ sessions: [String: Session]) -> [String: Int] {
        sessions.mapValues { $0.token.count }
    }

    public func users(_ sessions: Promise<[Session]>) -> Promise<[String]> {
        sessions.mapValues { $0.user }
    }

    public func defaultUserLater() -> Promise<String> {
        after(.milliseconds(1)).then { _ in Promise.value("guest") }
    }
}

extension Promise where T == (data: Data, response: URLResponse) {
    /// xcodes' `validateSecurityCodeResponse`: a chain typed on PMKFoundation's tuple.
    public func validateCredentials() -> Promise<T> {
        validate()
            .recover { error -> Promise<(data: Data, response: URLResponse)> in
                switch error {
                case PMKHTTPError.badStatusCode(let code, _, _):
                    if code == 401 {
                        throw LoginError.badCredentials
                    } else {
                        throw error
                    }
                default:
                    throw error
                }
            }
    }
}

extension Promise {
    /// The value, logged: PromiseKit's generic parameter `T` in a plain extension.
    public func logged(_ log: ActivityLog, as name: String) -> Promise<T> {
        get { _ in log.append("\(name) ok") }.map(on: nil) { $0 as T }
    }

    /// The value, once a side promise finished (Fugen's `nest`).
    public func nest<U: Thenable>(
        on queue: DispatchQueue? = conf.Q.map,
        flags: DispatchWorkItemFlags? = nil,
        _ body: @escaping (T) throws -> U
    ) -> Promise<T> {
        then(on: queue, flags: flags) { value in
            try body(value).map(on: nil) { _ in value }
        }
    }
}
