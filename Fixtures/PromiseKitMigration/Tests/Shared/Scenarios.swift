import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if BEFORE
    import LoginKit
#else
    import LoginKitMigrated
#endif

// The same scenarios against the PromiseKit original (LoginKitTests) and its mechanical migration
// (LoginKitMigratedTests): this file is shared, only `settled` (in each target) differs.

/// A fake server behind the callback transport: `ada`/`secret` logs in, anything else is 401;
/// `down` logs in but its profile answers 503; `slow` answers after 50 ms.
func fakeServer(_ request: URLRequest, _ reply: @escaping (Data?, Int, Error?) -> Void) {
    nonisolated(unsafe) let reply = reply  // called once, from one thread
    let path = request.url?.lastPathComponent ?? ""
    let body = request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
    let user = body.split(separator: ":").first.map(String.init) ?? ""
    let answer: @Sendable () -> Void = {
        switch path {
        case "login" where body == "ada:secret" || body == "slow:secret" || body.hasPrefix("down:"):
            reply(Data("token-\(user)".utf8), 200, nil)
        case "login":
            reply(nil, 401, nil)
        case "profile":
            let token = request.value(forHTTPHeaderField: "Authorization") ?? ""
            if token.hasSuffix("down") { return reply(nil, 503, nil) }
            let name = token.replacingOccurrences(of: "Bearer token-", with: "")
            reply(Data(#"{"name": "\#(name)", "plan": "pro"}"#.utf8), 200, nil)
        default:
            reply(nil, 404, nil)
        }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + (user == "slow" ? 0.05 : 0), execute: answer)
}

func makeService(log: ActivityLog = ActivityLog()) -> LoginService {
    LoginService.configureForCommandLine()
    return LoginService(transport: CallbackTransport(handler: fakeServer), log: log)
}

@Suite struct LoginScenarios {
    @Test func logsInAndLoadsTheProfile() async throws {
        let log = ActivityLog()
        let profile = try await settled(makeService(log: log).loginAndLoadProfile(user: "ada", password: "secret"))
        #expect(profile == Profile(name: "ada", plan: "pro"))
        #expect(log.entries == ["loaded ada", "finished ada"])
    }

    @Test func badCredentialsAndAnEmptyUserReject() async {
        await #expect(throws: LoginError.server(401)) {
            try await settled(makeService().login(user: "bob", password: "x"))
        }
        await #expect(throws: LoginError.emptyUser) {
            try await settled(makeService().login(user: "", password: "x"))
        }
    }

    @Test func aServerThatIsDownGivesTheOfflineProfile() async throws {
        let log = ActivityLog()
        let profile = try await settled(makeService(log: log).loginAndLoadProfile(user: "down", password: "x"))
        #expect(profile == Profile(name: "down", plan: "offline"))
        #expect(log.entries == ["finished down"])
    }

    @Test func combinators() async throws {
        let service = makeService()
        let (session, profile) = try await settled(service.sessionAndProfile(user: "ada", password: "secret"))
        #expect(session.token == "token-ada" && profile.name == "ada")
        let all = try await settled(service.loginAll(["ada", "slow"], password: "secret"))
        #expect(all.map(\.user) == ["ada", "slow"])
        let statuses = try await settled(service.statuses(["ada", "bob"], password: "secret"))
        #expect(statuses[0] == "ada")
        #expect(statuses[1].hasPrefix("failed: "))
        let first = try await settled(service.firstToAnswer(["slow", "ada"], password: "secret"))
        #expect(first.user == "ada")
        let delayed = try await settled(service.delayedLogin(user: "ada", password: "secret", delay: .milliseconds(10)))
        #expect(delayed.user == "ada")
    }

    @Test func rememberSavesAndAThrowingStepRejects() async throws {
        let store = SessionStore()
        try await settled(makeService().remember(user: "ada", password: "secret", in: store))
        #expect(store.sessions.map(\.user) == ["ada"])
    }

    @Test func failuresAreLoggedAndTheTokenExtensionWorks() async throws {
        let failures = ActivityLog()
        let service = makeService()
        await #expect(throws: LoginError.server(401)) {
            try await settled(service.plan(user: "bob", password: "x", failures: failures))
        }
        #expect(failures.entries == ["server(401)"])
        #expect(try await settled(service.login(user: "ada", password: "secret").token) == "token-ada")
        service.warmUp()
    }

    @Test func pendingGuaranteeAndBlockingLogin() async throws {
        let service = makeService()
        let (promise, resolver) = service.pendingLogin()
        resolver.fulfill(Session(user: "manual", token: "t"))
        #expect(try await settled(promise).user == "manual")
        #expect(try await settled(service.defaultUser()) == "guest")
        let blocking = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: try? service.loginBlocking(user: "ada", password: "secret")) }.start()
        }
        #expect(blocking?.token == "token-ada")
    }
}

/// The shapes a row-by-row rewrite got wrong, migrated by the codemod.
@Suite struct ShapesOfRealCode {
    @Test func aFailedLoginIsForgottenBeforeTheRetryLooks() async throws {
        for _ in 0..<10 {  // `slow` answers after 50 ms, as a network does: after the chain is built
            let cache = SessionCache(service: makeService())
            await #expect(throws: LoginError.server(401)) {
                try await settled(cache.loginRetrying(user: "slow", password: "x"))
            }
            #expect(cache.requests == 2, "the retry went back to the server")
        }
        let cache = SessionCache(service: makeService())
        #expect(try await settled(cache.loginRetrying(user: "ada", password: "secret")).user == "ada")
        #expect(cache.requests == 1)
    }

    @Test func voidWhenTypedChainsAndGenericExtensions() async throws {
        let service = makeService()
        let store = SessionStore()
        try await settled(service.saveAll([Session(user: "a", token: "t"), Session(user: "b", token: "u")], in: store))
        #expect(store.sessions.map(\.user) == ["a", "b"])
        await #expect(throws: LoginError.badCredentials) { try await settled(LoginService.checkedResponse(status: 401)) }
        #expect(try await settled(LoginService.checkedResponse(status: 200)) == Data("ok".utf8))
        let log = ActivityLog()
        let session = try await settled(service.login(user: "ada", password: "secret").logged(log, as: "login"))
        #expect(session.user == "ada" && log.entries == ["login ok"])
        let nested = try await settled(service.login(user: "ada", password: "secret").nest { _ in service.defaultUserLater() })
        #expect(nested.user == "ada")
        let users = try await settled(service.users(service.loginAll(["ada", "slow"], password: "secret")))
        #expect(users == ["ada", "slow"])
    }

    @Test func namesOtherTypesShareAreLeftAlone() {
        let service = makeService()
        #expect(service.rememberedUser("ada") == .value("ada"))
        #expect(service.tokenLengths(["a": Session(user: "a", token: "xyz")]) == ["a": 3])
        #expect(service.request(for: URLRequest(url: URL(string: "https://example.com/a")!)).url?.path == "/a")
    }
}
