import Foundation
import PromiseAsync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Runs the facades `promise-migrate wrap` generated for Fixtures/CallbackApp/LegacyKit, compiled into
// the same module by `.ci/migrate`: each shape settles as the library's wrappers promise.

var checks = 0

@MainActor func check(_ condition: Bool, _ what: String) {
    guard condition else {
        print("error: \(what)")
        exit(1)
    }
    checks += 1
}

let client = UserClient()
check(try await client.fetchUsers(page: 1).map(\.name) == ["Ada", "Grace"], "Result<T, E>")
check(try await client.fetchUserPromise(id: 2).value.name == "Grace", "(T?, Error?)")
check(try await client.isAdmin(id: 1), "(T, Error?)")
check(try await client.userCount() == 2, "(T), called back on the main queue")
try await client.deleteUser(id: 1)
try await client.logOut()
try await client.upload(Data(), progress: { _ in })
check(try await client.avatar(for: User(id: 1, name: "Ada")) == Data([1, 2, 3]), "typed optional error")
check(try await client.currentUser().id == 1, "through a typealias")
check(try await client.userNames().count == 2, "through a generic typealias")
check(try await fetchServerTime() <= Date(), "a free function")
do {
    try await client.move(id: 1, in: "")
    check(false, "(Error?) rejects")
} catch {
    check(error as? APIError == .offline, "(Error?) rejects with the handler's error")
}

let accounts = AccountService()
check(try await accounts.signIn(user: "ada") == "token-ada", "success: (T), failure: (Error)")
do {
    _ = try await accounts.signIn(user: "")
    check(false, "the failure closure rejects")
} catch {
    check(error as? APIError == .offline, "the failure closure rejects with its error")
}
try await accounts.signOut(everywhere: true)
do {
    try await accounts.signOut(everywhere: false)
    check(false, "a failure closure given nil rejects")
} catch {
    check(error as? PromiseError == .missingValueAndError, "a failure closure given nil rejects all the same")
}

let (data, response) = try await NetworkClient.get(URL(fileURLWithPath: "/index.html"))
check(data == Data("ok".utf8) && response.expectedContentLength == 2, "(A?, B?, Error?)")
check(try await NetworkClient.decode([Int].self, from: Data("[1,2]".utf8)) == [1, 2], "a generic method")
check(try await NetworkClient.ping(host: "example") == 42, "a static method")
do {
    _ = try await NetworkClient.ping(host: "")
    check(false, "a throwing method rejects")
} catch {
    check(error as? APIError == .offline, "a throwing method rejects with what it threw")
}
let download = Task { try await NetworkClient.download(URL(fileURLWithPath: "/file")) }
download.cancel()
check(await download.result.isFailure, "cancelling the awaiting Task cancels the legacy request")

let store = MemoryStore()
try await store.save("on", forKey: "mode")
check(try await store.value(forKey: "mode") == "on", "a class's facade")
let protocolStore: any KeyValueStore = store
check(try await protocolStore.value(forKey: "none") == nil, "a protocol extension's facade")
check(try await Counter().increment(by: 3) == 3, "an actor's facade")
check(try await SettingsStore().flag("beta") == false, "a @MainActor type's facade")
let cache = Cache<String, Int>()
do {
    _ = try await cache.value(named: "missing")
    check(false, "(nil, nil) rejects")
} catch {
    guard case .missingValueAndError? = error as? PromiseError else { fatalError("(nil, nil): \(error)") }
    check(true, "(nil, nil) rejects with missingValueAndError")
}
let library = PhotoLibrary(path: "photos") { _ in }
check(try await library.loadAll().isEmpty, "a non-Sendable class's facade")

print("generated facades: \(checks) checks passed")

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
