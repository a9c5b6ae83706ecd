// Typical expressions, one per function, type-checked against the library and against the stand-in
// (StandIn.swift) by Benchmarks/typecheck.py, which times each function body.
// Only spellings that have one meaning in the stand-in appear here: see StandIn.swift.
import Dispatch
import PromiseAsync
import Testing

struct User: Sendable {
    let name: String
    let age: Int
}

enum AppError: Error { case missing, offline }

func fetchUser() -> Promise<User> { Promise(User(name: "Ada", age: 36)) }
func fetchAge() -> Promise<Int> { Promise(36) }
func fetchName() -> Promise<String> { Promise("Ada") }
func legacyFetch(_ completion: @escaping @Sendable (User?, (any Error)?) -> Void) { completion(nil, nil) }
func log(_ text: String) {}
final class LegacyRequest: Sendable {
    init(_ completion: @escaping @Sendable (User) -> Void) {}
    func cancel() {}
}

func t01MapLiteral() { let doubled = Promise(5).map { $0 * 2 }; _ = doubled }
func t02MapInterpolation() { let text = Promise(5).map { "value: \($0)" }; _ = text }
func t03MapTernary() { let sign = Promise(5).map { $0 > 0 ? "positive" : "negative" }; _ = sign }
func t04CompactMapTernary() { let big = Promise(5).compactMap { $0 > 3 ? $0 * 2 : nil }; _ = big }
func t05CompactMapInt() { let number = Promise("42").compactMap { Int($0) }; _ = number }
func t06FlatMap() { let age = fetchUser().flatMap { _ in fetchAge() }; _ = age }
func t07FlatMapLiteral() { let next = Promise(1).flatMap { Promise($0 + 1) }; _ = next }
func t08ThenPrint() { fetchUser().then { print($0.name) } }
func t09Catch() { fetchUser().catch { print("failed:", $0) } }
func t10CatchThenChain() { fetchUser().then { log($0.name) }.catch { log("\($0)") } }
func t11Always() { fetchUser().always { log("done") } }
func t12RecoverValue() { let age = fetchAge().recover { _ in 0 }; _ = age }
func t13RecoverTernary() { let age = fetchAge().recover { $0 is AppError ? -1 : 0 }; _ = age }
func t14Validate() { let adult = fetchUser().validate { $0.age >= 18 }; _ = adult }
func t15MapError() { let mapped = fetchUser().mapError { _ in AppError.offline }; _ = mapped }
func t16Timeout() { let quick = fetchUser().timeout(.seconds(2)); _ = quick }
func t17TimeoutMilliseconds() { let quick = fetchAge().timeout(.milliseconds(500)).map { $0 + 1 }; _ = quick }
func t18Delay() { let later = Promise(1).delay(.milliseconds(10)); _ = later }
func t19After() { let tick = Promise<Void>.after(.seconds(1)).map { "tick" }; _ = tick }
func t20Retry() { let user = Promise<User>.retry(attempts: 3) { _ in fetchUser() }; _ = user }
func t21RetryBackoff() {
    let user = Promise<User>.retry(attempts: 3, backoff: .constant(.milliseconds(10))) { _ in fetchUser() }
    _ = user
}
func t22AllMapReduce() { let all = Promise.all([Promise(1), Promise(2)]).map { $0.reduce(0, +) }; _ = all }
func t23AllOfFetches() { let ages = Promise.all([fetchAge(), fetchAge()]).map { $0.max() ?? 0 }; _ = ages }
func t24Race() { let first = Promise.race([fetchAge(), Promise(1)]); _ = first }
func t25Any() { let first = Promise.any([fetchName(), Promise("b")]).map { $0.uppercased() }; _ = first }
func t26Reduce() { let sum = Promise<Int>.reduce([fetchAge(), Promise(2)], initial: 0) { $0 + $1 }; _ = sum }
func t27AsVoid() { let done = fetchUser().asVoid(); _ = done }
func t28WhenComplete() { fetchAge().whenComplete { result in log("\(result)") } }
func t29Pending() {
    let (promise, resolver) = Promise<Int>.pending()
    resolver.fulfill(1)
    _ = promise.map { $0 + 1 }
}
func t30ResolverBody() {
    let user = Promise<User> { resolver in
        legacyFetch { user, error in resolver.resolve(user, error) }
    }
    _ = user
}
func t31ResolverBodyCancellable() {
    let user = Promise<User> { resolver in
        let request = LegacyRequest { user in resolver.fulfill(user) }
        resolver.onCancel { request.cancel() }
    }
    _ = user
}
func t32Wrapping() { let user = Promise { resolver in legacyFetch(resolver.resolve) }; _ = user }
func t33OnQueue() { let parsed = Promise(on: .global()) { Int("42") ?? 0 }; _ = parsed }
func t34OnInline() { let name = fetchUser().map(on: .inline) { $0.name }; _ = name }
func t35MapOnQueueChain() {
    let text = fetchUser().map(on: DispatchQueue.global()) { $0.age }.map(on: .inline) { "\($0)" }
    _ = text
}
func t36FiveLinks() {
    let text = fetchUser().map { $0.age }.map { $0 * 2 }.validate { $0 > 0 }.map { "\($0)" }.recover { _ in "?" }
    _ = text
}
func t37SixLinksWithSideEffects() {
    fetchUser().map { $0.name }.map { $0.count }.then { log("\($0)") }.catch { log("\($0)") }.always { log("end") }
        .whenComplete { _ in }
}
func t38ErrorInit() { let failed = Promise<Int>(error: AppError.missing).recover { _ in 0 }; _ = failed }
func t39UnannotatedLocals() {
    let age = fetchAge()
    let doubled = age.map { $0 * 2 }
    let described = doubled.map { "\($0) years" }
    _ = described
}
func t40ValueAwait() async throws { let age = try await fetchAge().value; _ = age }
func t41ValueOfChain() async throws { let age = try await fetchAge().map { $0 + 1 }.value; _ = age }
func t42ValueCompare() async throws { let same = try await Promise(5).map { $0 * 2 }.value == 10; _ = same }
func t43CompactMapValueCompare() async throws {
    let same = try await Promise(5).compactMap { $0 > 3 ? $0 * 2 : nil }.value == 10
    _ = same
}
func t44Result() async { let outcome = await fetchAge().result; _ = outcome }
func t45ResultSwitch() async {
    switch await fetchAge().result {
    case .success(let age): log("\(age)")
    case .failure(let error): log("\(error)")
    }
}
func t46ExpectValue() async throws { #expect(try await Promise(5).map { $0 * 2 }.value == 10) }
func t47ExpectName() async throws { #expect(try await fetchUser().map { $0.name }.value == "Ada") }
func t48ExpectThrows() async {
    await #expect(throws: AppError.self) { try await Promise<Int>(error: AppError.missing).value }
}
func t49ExpectPending() { #expect(Promise(1).map { $0 + 1 }.isPending || true) }
func t50AllValue() async throws { let ages = try await Promise.all([fetchAge(), Promise(2)]).value; _ = ages }
func t51Wait() throws { let age = try fetchAge().wait(); _ = age }
func t52WaitTimeout() throws { let age = try fetchAge().map { $0 + 1 }.wait(timeout: .seconds(1)); _ = age }
func t53MapStringCount() { let count = fetchName().map { $0.count + 1 }; _ = count }
func t54MapTuple() { let pair = fetchUser().map { ($0.name, $0.age) }; _ = pair }
func t55MapArrayLiteral() { let list = Promise(3).map { [$0, $0 + 1, $0 + 2] }; _ = list }
func t56MapOptionalChain() { let first = fetchName().map { $0.first.map(String.init) ?? "" }; _ = first }
func t57FlatMapTernary() { let next = fetchAge().flatMap { $0 > 18 ? fetchName() : Promise("minor") }; _ = next }
func t58RecoverInChain() { let text = fetchAge().map { "\($0)" }.recover { _ in "unknown" }.map { $0.count }; _ = text }
func t59CatchReturnsChain() { fetchAge().map { $0 * 2 }.catch { _ in log("failed") } }
func t60Cancel() { let work = fetchAge().map { $0 + 1 }; work.cancel() }
func t61FlatMapError() { let user = fetchUser().flatMapError { _ in fetchUser() }; _ = user }
func t62KeyPathMap() { let name = fetchUser().map(\.name); _ = name }
func t63MapOnMain() { let title = fetchUser().map(on: .main) { "Hello, \($0.name)" }; _ = title }
func t64ThenOnMainChain() { fetchUser().map(on: .inline) { $0.age }.then(on: .main) { log("\($0)") } }
func t65AsyncMap() { let name = fetchUser().asyncMap { user in await Task.yield(); return user.name }; _ = name }
func t66AsyncFlatMapChain() { let age = fetchUser().asyncFlatMap { _ in fetchAge() }.map { $0 + 1 }; _ = age }
func t67WrappingReturned() -> Promise<User> { Promise { resolver in legacyFetch(resolver.resolve) } }
func t68WrappingCancellable() {
    let user = Promise<User> { resolver in
        let request = LegacyRequest(resolver.fulfill)
        resolver.onCancel { request.cancel() }
    }
    _ = user
}
func t69WrappingInFlatMap() {
    let name = fetchAge().flatMap { _ in Promise { resolver in legacyFetch(resolver.resolve) } }.map { $0.name }
    _ = name
}
func t70Firstly() { let name = Promise.firstly { fetchUser() }.map { $0.name }; _ = name }
func t71FirstlyOnQueue() {
    let user = Promise.firstly(on: .global()) { fetchAge() }.flatMap { _ in fetchUser() }.map { "\($0.age)" }
    _ = user
}
func t72WrappingByName() { let user = Promise<User>.wrapping { resolver in legacyFetch(resolver.resolve) }; _ = user }
func t73WrappingImplicit() -> Promise<User> { .wrapping { resolver in legacyFetch(resolver.resolve) } }
func t74WrappingMultiStatement() {
    let user = Promise<User>.wrapping { resolver in
        let request = LegacyRequest(resolver.fulfill)
        resolver.onCancel { request.cancel() }
    }
    _ = user.map { $0.name }
}
