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
    Promise(wrapping: { secretive.secret(completion: $0) })  // EXPECT: 'secret' is inaccessible
}

func wrongArgument(_ store: UserStore) -> Promise<User> {
    Promise(wrapping: { store.fetchUser(id: "1", completion: $0) })  // EXPECT: cannot convert value
}

func wrongValue() -> Promise<Int> {
    Promise { resolver in
        resolver.fulfill("one")  // EXPECT: cannot convert value
    }
}
