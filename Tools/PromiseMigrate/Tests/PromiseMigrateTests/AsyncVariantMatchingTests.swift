import Foundation
import PromiseMigrateKit
import Testing

/// Which async function is a callback function's async version: found by name and labels, then held to
/// its value, its type and its constraints (a review's probes of `wrap` facades and handler overloads).
@Suite struct AsyncVariantMatchingTests {
    @Test func aFacadeServesOnlyTheConformersAndOverloadsWhoseValueItReturns() throws {
        let (stderr, text) = try convertFunctions(
            """
            protocol Loader {
                func load(completion: @escaping (Int?, Error?) -> Void)
            }
            extension Loader {
                func load() async throws -> Int { 0 }
            }
            enum A {
                final class Impl: Loader {
                    func load(completion: @escaping (Int?, Error?) -> Void) { completion(1, nil) }
                }
            }
            enum B {
                final class Impl {
                    let base = A.Impl()
                    func load(completion: @escaping (Int?, Error?) -> Void) {
                        base.load { value, error in
                            guard let value else {
                                completion(nil, error)
                                return
                            }
                            completion(value + 1, nil)
                        }
                    }
                }
            }
            final class Client {
                let b = B.Impl()
                func total(completion: @escaping (Int?, Error?) -> Void) {
                    b.load { value, error in
                        guard let value else {
                            completion(nil, error)
                            return
                        }
                        completion(value, nil)
                    }
                }
            }
            """)
        // `A.Impl` conforms, `B.Impl` does not: its caller is not pointed at the protocol's facade.
        #expect(stderr.contains("; 1 had an async version already"))
        #expect(!text.contains("try await b.load()"))
        // Nor is `B.Impl.load` told that the protocol's facade takes its name.
        #expect(!stderr.contains("is declared already (Loader"))
    }

    @Test func overloadsThatDifferOnlyInTheirHandlerAreTwoDeclarations() throws {
        let (stderr, text) = try convertFunctions(
            """
            typealias Names = [String]
            final class Repo {
                func findAll(_ done: @escaping ([String]?, Error?) -> Void) { done([], nil) }
                func findAll(_ done: @escaping ([String: Int]?, Error?) -> Void) { done([:], nil) }
                func findAll() async throws -> Names { [] }
                func save(_ done: @escaping (Error?) -> Void) { done(nil) }
                func save(_ done: @escaping (Int?, Error?) -> Void) { done(1, nil) }
                func save() async throws {}
            }
            final class Service {
                let repo = Repo()
                func counts(completion: @escaping ([String: Int]?, Error?) -> Void) {
                    repo.findAll { (counts: [String: Int]?, error: Error?) in
                        guard let counts else {
                            completion(nil, error)
                            return
                        }
                        completion(counts, nil)
                    }
                }
            }
            """)
        // `Names` is `[String]` (through the typealias), and `save() async` returns nothing.
        #expect(stderr.contains("; 2 had an async version already"))
        #expect(stderr.contains("`repo.findAll` may reach 2 declarations"))
        #expect(!text.contains("try await repo.findAll()"))
    }

    @Test func aFacadeForSendableConformersDoesNotServeOthers() throws {
        let (stderr, text) = try convertFunctions(
            """
            protocol Model {
                func reload(_ done: @escaping (Self?, Error?) -> Void)
            }
            extension Model {
                func reload() async throws -> Self where Self: Sendable { self }
            }
            final class User: Model {
                func reload(_ done: @escaping (User?, Error?) -> Void) { done(self, nil) }
            }
            final class Screen {
                let user = User()
                func refresh(completion: @escaping (User?, Error?) -> Void) {
                    user.reload { user, error in
                        guard let user else {
                            completion(nil, error)
                            return
                        }
                        completion(user, nil)
                    }
                }
            }
            """)
        #expect(!stderr.contains("had an async version already"))
        #expect(!text.contains("try await user.reload()"))
    }

    @Test func staticAndInstanceMethodsAreTwoAPIs() throws {
        let (stderr, text) = try convertFunctions(
            """
            final class Impl {
                func load(completion: @escaping (Int?, Error?) -> Void) { completion(1, nil) }
                func load() async throws -> Int { 1 }
                static func load(completion: @escaping (Int?, Error?) -> Void) { completion(2, nil) }
            }
            final class Client {
                func total(completion: @escaping (Int?, Error?) -> Void) {
                    Impl.load { value, error in
                        guard let value else {
                            completion(nil, error)
                            return
                        }
                        completion(value, nil)
                    }
                }
            }
            """)
        #expect(stderr.contains("; 1 had an async version already"))
        #expect(!text.contains("try await Impl.load()"))
        // Nor does the instance method's async version take the static one's name.
        #expect(!stderr.contains("load(completion:): `load()` is declared already"))
    }

    @Test func ifBranchesAndSpellingsOfOneTypeAreOneDeclaration() throws {
        let (stderr, _) = try convertFunctions(
            """
            struct PhoneImage {}
            struct DesktopImage {}
            final class Gallery {
                #if os(iOS)
                    func image(completion: @escaping (PhoneImage?, Error?) -> Void) { completion(PhoneImage(), nil) }
                    func image() async throws -> PhoneImage { PhoneImage() }
                #else
                    func image(completion: @escaping (DesktopImage?, Error?) -> Void) { completion(DesktopImage(), nil) }
                    func image() async throws -> DesktopImage { DesktopImage() }
                #endif
                func ids(completion: @escaping ([Int]?, Error?) -> Void) { completion([], nil) }
                func ids(completion: @escaping ([String: Int]?, Error?) -> Void) { completion([:], nil) }
                func ids() async throws -> Array<Int> { [] }
            }
            """)
        // The image once (its two branches), and the `[Int]` overload of `ids`.
        #expect(stderr.contains("; 2 had an async version already"))
        #expect(!stderr.contains("image(completion:): `image()` is declared already"))
    }

    @Test func tryOptionalComparisonsMayBeNil() throws {
        let (stderr, _) = try convertFunctions(
            """
            final class Checker {
                func check() throws -> Int { 1 }
                func isOne(completion: @escaping (Bool?, Error?) -> Void) {
                    completion(try? check() == 1, nil)
                }
            }
            """)
        #expect(stderr.contains("it passes `try? check() == 1` with no error, and the tool cannot tell that it is never nil"))
    }
}
