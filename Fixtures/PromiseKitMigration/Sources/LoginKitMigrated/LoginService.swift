import Dispatch
import Foundation
import Promises

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logs in and loads profiles, in PromiseKit 6's idioms.
public final class LoginService {
    let transport: Transport
    let log: ActivityLog
    let baseURL = URL(string: "https://login.example.com")!

    public init(transport: Transport, log: ActivityLog = ActivityLog()) {
        self.transport = transport
        self.log = log
    }

    /// Command-line tools have no main run loop: run handlers where promises settle.
    public static func configureForCommandLine() {
        /* conf.Q = (map: nil, return: nil): promise-migrate wrote on: .inline on each step */ ()
    }

    func request(_ path: String, token: String? = nil, body: String? = nil) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = body == nil ? "GET" : "POST"
        request.httpBody = body.map { Data($0.utf8) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    public func login(user: String, password: String) -> Promise<Session> {
        Promise.firstly { () -> Promise<Data> in
            guard !user.isEmpty else { throw LoginError.emptyUser }
            return transport.send(request("login", body: "\(user):\(password)"))
        }.map(on: .inline) { data in
            Session(user: user, token: String(decoding: data, as: UTF8.self))
        }
    }

    public func profile(for session: Session) -> Promise<Profile> {
        transport.send(request("profile", token: session.token))
            .map(on: .inline) { try JSONDecoder().decode(Profile.self, from: $0) }
    }

    /// Logs in, loads the profile, and falls back to an offline profile while the server is down.
    public func loginAndLoadProfile(user: String, password: String) -> Promise<Profile> {
        login(user: user, password: password)
            .flatMap(on: .inline) { session in self.profile(for: session) }
            .then(on: .inline) { profile in self.log.append("loaded \(profile.name)") }
            .flatMapError(on: .inline) { error -> Promise<Profile> in
                guard case LoginError.server(503) = error else { throw error }
                return Promise(Profile(name: user, plan: "offline"))
            }
            .always(on: .inline) { self.log.append("finished \(user)") }
    }

    public func sessionAndProfile(user: String, password: String) -> Promise<(Session, Profile)> {
        login(user: user, password: password).flatMap(on: .inline) { session in
            Promise.all(Promise(session), self.profile(for: session))
        }
    }

    public func loginAll(_ users: [String], password: String) -> Promise<[Session]> {
        Promise.all(users.map { login(user: $0, password: password) })
    }

    /// Each user's name, or what went wrong.
    public func statuses(_ users: [String], password: String) -> Promise<[String]> {
        Promise.allSettled(users.map { login(user: $0, password: password) }).map(on: .inline) { results in
            results.map { result -> String in
                switch result {
                case .success(let session): return session.user
                case .failure(let error): return "failed: \(error)"
                }
            }
        }
    }

    public func firstToAnswer(_ users: [String], password: String) -> Promise<Session> {
        Promise.race(users.map { login(user: $0, password: password) })
    }

    /// Remembers the user once logged in.
    public func remember(user: String, password: String, in store: SessionStore) -> Promise<Void> {
        login(user: user, password: password).map(on: .inline) { session in
            try store.save(session)
        }
    }

    /// Logs in after `delay`, for callers that debounce.
    public func delayedLogin(user: String, password: String, delay: DispatchTimeInterval) -> Promise<Session> {
        Promise.after(delay).flatMap(on: .inline) { self.login(user: user, password: password) }
    }

    /// The user's plan, logged on any failure, cancellation included.
    public func plan(user: String, password: String, failures: ActivityLog) -> Promise<String> {
        let plan = loginAndLoadProfile(user: user, password: password).map(on: .inline) { $0.plan }
        plan.catch(on: .inline, includingCancellation: true) { error in
            failures.append(error.isCancellation ? "cancelled" : "\(error)")
        }
        return plan
    }

    /// Warms the connection; failures do not matter.
    public func warmUp() {
        login(user: "warm-up", password: "").asVoid().catch { _ in }
    }

    /// A login that a caller settles, for tests and for the legacy UI.
    public func pendingLogin() -> (Promise<Session>, Resolver<Session>) {
        let (promise, seal) = Promise<Session>.pending()
        return (promise, seal)
    }

    /// The default user, from a source that cannot fail.
    public func defaultUser() -> Promise<String> {
        Promise { seal in
            DispatchQueue.global().async { seal.fulfill("guest") }
        }
    }

    /// For synchronous callers, off the main thread.
    public func loginBlocking(user: String, password: String) throws -> Session {
        try login(user: user, password: password).wait()
    }
}

/// Stores sessions; refuses a session without a token.
public final class SessionStore {
    private let lock = NSLock()
    private var saved: [Session] = []

    public init() {}

    public func save(_ session: Session) throws {
        guard !session.token.isEmpty else { throw LoginError.badCredentials }
        lock.lock()
        saved.append(session)
        lock.unlock()
    }

    public var sessions: [Session] {
        lock.lock()
        defer { lock.unlock() }
        return saved
    }
}

extension Promise where Value == Session {
    /// The token of the session this promise delivers.
    public var token: Promise<String> {
        map(on: .inline) { $0.token }
    }
}
