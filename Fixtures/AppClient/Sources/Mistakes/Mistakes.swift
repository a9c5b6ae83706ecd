import Foundation
@preconcurrency import LegacyKit
import PromiseAsync

// Deliberate mistakes inside promise bodies. `.ci/client` builds this target (only when
// CLIENT_MISTAKES=1) and expects each line marked `EXPECT:` to get its ordinary diagnostic, never
// "failed to produce diagnostic for expression".

final class Secretive {
    private func secret(completion: @escaping (Int?, Error?) -> Void) {}
}

func resolverBody(_ secretive: Secretive) -> Promise<Int> {
    Promise { resolver in
        secretive.secret { value, error in resolver.resolve(value, error) }  // EXPECT: 'secret' is inaccessible
    }
}

func wrappingBody(_ secretive: Secretive) -> Promise<Int> {
    Promise { resolver in secretive.secret(completion: resolver.resolve) }  // EXPECT: 'secret' is inaccessible
}

func wrongArgument(_ store: UserStore) -> Promise<User> {
    Promise { resolver in store.fetchUser(id: "1", completion: resolver.resolve) }  // EXPECT: cannot convert value
}

func wrongValue() -> Promise<Int> {
    Promise { resolver in
        resolver.fulfill("one")  // EXPECT: cannot convert value
    }
}

// The common mistakes of teams moving to promises, each with the message it gets. Where the message
// does not name the mistake, Migration.md's table of compiler messages says what it means.

final class Request: Sendable {
    func cancel() {}
}

func startLegacyLoad(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) -> Request { Request() }
func startCountdown(_ completion: @escaping @Sendable (Int) -> Void) -> Request { Request() }

// A typo inside a multi-statement resolver body whose handler is a closure: with the initializer,
// reported as the closure's argument count (the compiler tried the initializers whose closure takes
// none); Migration.md explains it. `Promise.wrapping`, which no initializer competes with, names it.
func typoInResolverBody() -> Promise<String> {
    Promise { resolver in  // EXPECT: expects 0 arguments, but 1 was used in closure body
        let request = startLegacyLoad { text, error in resolver.resolve(text, error) }
        resolver.onCancel { request.cancle() }
    }
}

func typoInAWrappingBody() -> Promise<String> {
    .wrapping { resolver in
        let request = startLegacyLoad { text, error in resolver.resolve(text, error) }
        resolver.onCancel { request.cancle() }  // EXPECT: has no member 'cancle'
    }
}

func typoInResolverBodyLabelled() -> Promise<String> {
    Promise(resolving: { resolver in
        let request = startLegacyLoad { text, error in resolver.resolve(text, error) }
        resolver.onCancel { request.cancle() }  // EXPECT: has no member 'cancle'
    })
}

// With the resolver's method passed as the handler, the typo is named even with the initializer.
func typoInResolverBodyWithAHandlerReference() -> Promise<String> {
    Promise { resolver in
        let request = startLegacyLoad(resolver.resolve)
        resolver.onCancel { request.cancle() }  // EXPECT: has no member 'cancle'
    }
}

// A handler of another value type in a one-line wrapper: the guide's form, `Promise.wrapping`, names
// both function types; the initializer reports the closure's argument count, as above.
func wrongHandlerType(_ store: UserStore) -> Promise<String> {
    Promise.wrapping { resolver in store.fetchAvatar(userID: 1, completion: resolver.resolve) }  // EXPECT: cannot convert value of type '@Sendable (String?, (any Error)?) -> ()' to expected argument type '(Data?, (any Error)?) -> Void'
}

func wrongHandlerTypeInAnImplicitWrapping(_ store: UserStore) -> Promise<String> {
    .wrapping { resolver in store.fetchAvatar(userID: 1, completion: resolver.resolve) }  // EXPECT: cannot convert value of type '@Sendable (String?, (any Error)?) -> ()' to expected argument type '(Data?, (any Error)?) -> Void'
}

func wrongHandlerTypeInTheInitializer(_ store: UserStore) -> Promise<String> {
    Promise { resolver in store.fetchAvatar(userID: 1, completion: resolver.resolve) }  // EXPECT: expects 0 arguments, but 1 was used in closure body
}

// `resolve` for a handler that cannot fail: that is `fulfill`.
func resolveForAValueOnlyHandler() -> Promise<Int> {
    Promise { resolver in
        let request = startCountdown(resolver.resolve)  // EXPECT: cannot convert value of type '@Sendable (Int?, (any Error)?) -> ()' to expected argument type '@Sendable (Int) -> Void'
        resolver.onCancel { request.cancel() }
    }
}

// A value of the wrong type inside a multi-statement resolver body: named where it is.
func wrongTypeInResolverBody() -> Promise<String> {
    Promise { resolver in
        let request = startLegacyLoad { _, error in resolver.resolve(42, error) }  // EXPECT: cannot convert value of type 'Int'
        resolver.onCancel { request.cancel() }
    }
}

// Two value types in one array of promises: the element that does not fit is named.
func twoTypesInAll(_ count: Promise<Int>, _ name: Promise<String>) async throws {
    let (number, text) = try await Promise.all([count, name]).value  // EXPECT: to expected element type 'Promise<
    _ = (number, text)
}

// PromiseKit's `done`.
func promiseKitDone(_ name: Promise<String>) {
    name.done { print($0) }  // EXPECT: has no member 'done'
}

// `wait()` in async code.
func waitInAsyncCode(_ name: Promise<String>) async throws -> String {
    try name.wait()  // EXPECT: 'wait' is unavailable from asynchronous contexts
}

// `recover` whose body returns a promise: that is `flatMapError`.
func recoverReturningAPromise(_ name: Promise<String>) -> Promise<String> {
    name.recover { _ in Promise("cached") }  // EXPECT: to closure result type 'String'
}

// An async closure given to `map`: that is `asyncMap`.
func asyncClosureToMap(_ name: Promise<String>) -> Promise<Int> {
    name.map { text in await Task.yield(); return text.count }  // EXPECT: expecting synchronous function type
}

// `catch` whose body returns a value, and `then` whose body returns a promise, compile: a
// single-expression closure may drop its value where the parameter returns Void. Each gets a warning
// ("integer literal is unused", "expression of type 'Promise<…>' is unused") that Migration.md explains.

// Forgetting `on: .main` in a main-actor type: the closure is not main-actor isolated.
@MainActor final class TitleModel {
    var title = ""
    func load(_ name: Promise<String>) {
        name.then { self.title = $0 }  // EXPECT: main actor-isolated property 'title' can not be mutated
    }
}

// PromiseKit's `firstly` habit: a closure returning a promise where a value is expected makes a
// promise of a promise; the warning names the spelling that flattens.
func firstlyHabit(_ name: Promise<String>) -> Promise<Promise<String>> {
    Promise { name }  // EXPECT: deprecated: the closure returns a promise, so this makes a promise of a promise: use Promise.firstly
}

func firstlyHabitOnAQueue(_ name: Promise<String>) -> Promise<Promise<String>> {
    Promise(on: .global()) { name }  // EXPECT: use Promise.firstly(on:)
}

// Other libraries' habits that compile here: `then` as a transform gets a warning naming `flatMap`;
// `catch` as a recovery only the compiler's own "unused" warning (the guide's table quotes both).
private func fetchMore(_ text: String) -> Promise<Int> { Promise(text.count) }

func thenAsATransform(_ name: Promise<String>) {
    name.then { fetchMore($0) }  // EXPECT: then drops the promise the closure returns: use flatMap
}

func catchAsARecovery(_ name: Promise<String>) {
    name.catch { _ in "fallback" }  // EXPECT: string literal is unused
}
