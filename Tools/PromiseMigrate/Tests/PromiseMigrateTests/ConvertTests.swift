import Foundation
import PromiseMigrateKit
import Testing

/// `convert`: calls in async code become `try await` where the handler is straight-line code.
@Suite struct ConvertTests {
    static let client = """
        import Foundation
        enum LoadError: Error { case missing }
        final class Client: Sendable {
            func load(id: Int, completion: @escaping (String?, Error?) -> Void) {}
            func load(id: Int) async throws -> String { "" }
            func fetch(id: Int, completion: @escaping (Result<Int, Error>) -> Void) {}
            func fetch(id: Int) async throws -> Int { 0 }
            func save(_ text: String, completion: @escaping (Error?) -> Void) {}
            func save(_ text: String) async throws {}
            func count(completion: @escaping (Int) -> Void) {}
            func count() async throws -> Int { 0 }
            func typed(completion: @escaping (Result<Int, LoadError>) -> Void) {}
            func typed() async throws -> Int { 0 }
            func legacyOnly(completion: @escaping (Error?) -> Void) {}
            func signIn(user: String, success: @escaping (String) -> Void, failure: @escaping (Error) -> Void) {}
            func signIn(user: String) async throws -> String { "" }
            func remove(id: Int, success: @escaping () -> Void, failure: @escaping (NSError?) -> Void) {}
            func remove(id: Int) async throws {}
            func post(id: Int, success: @escaping () -> Void, failure: @escaping (LoadError) -> Void) {}
            func post(id: Int) async throws {}
            func send(_ text: String, completion: @escaping (Error?) -> Void) throws {}
            func send(_ text: String) async throws {}
        }
        """

    /// `convert` of `callers` (with the client beside it), printed or written.
    private func convert(_ callers: String, write: Bool = false) throws -> (output: BufferOutput, text: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.client, to: "Client.swift")
        try folder.write(callers, to: "Callers.swift")
        let path = folder.path + "/Callers.swift"
        let run = runCommand(["convert", path, "--context", folder.path] + (write ? ["--write"] : []))
        return (run.output, try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func eachShapeBecomesStraightLineCode() throws {
        let (output, text) = try convert(
            """
            func a(_ client: Client) async {
                client.load(id: 1) { text, error in
                    if let error {
                        print("failed", error)
                    } else if let text {
                        print(text)
                    }
                }
            }

            func b(_ client: Client) async {
                client.fetch(id: 2) { result in
                    switch result {
                    case .success(let number): print(number)
                    case .failure(let problem): print(problem)
                    }
                }
            }

            func c(_ client: Client) async {
                client.save("x") { error in
                    if let failure = error {
                        print(failure)
                    } else {
                        print("saved")
                    }
                }
            }

            func d(_ client: Client) async throws {
                client.count { total in
                    print(total)
                }
            }
            """, write: true)
        #expect(output.stderr.contains("4 call(s) converted, 0 left alone"), "\(output.stderr)")
        #expect(
            text == """
                func a(_ client: Client) async {
                    do {
                        let text = try await client.load(id: 1)
                        print(text)
                    } catch {
                        print("failed", error)
                    }
                }

                func b(_ client: Client) async {
                    do {
                        let number = try await client.fetch(id: 2)
                        print(number)
                    } catch {
                        let problem = error
                        print(problem)
                    }
                }

                func c(_ client: Client) async {
                    do {
                        try await client.save("x")
                        print("saved")
                    } catch {
                        let failure = error
                        print(failure)
                    }
                }

                func d(_ client: Client) async throws {
                    let total = try await client.count()
                    print(total)
                }
                """)
    }

    @Test func successAndFailureClosuresBecomeDoCatch() throws {
        let (output, text) = try convert(
            """
            func a(_ client: Client) async {
                client.signIn(user: "ada", success: { token in
                    print(token)
                }, failure: { problem in
                    print(problem)
                })
            }

            func b(_ client: Client) async {
                client.remove(id: 1) {
                    print("removed")
                } failure: { error in
                    print(error?.code ?? 0)
                }
            }

            func c(_ client: Client) async {
                client.post(id: 1, success: { print("posted") }, failure: { error in print(error) })
            }
            """, write: true)
        #expect(output.stderr.contains("2 call(s) converted, 1 left alone"))
        #expect(
            output.stderr.contains(
                "post(id:success:failure:): its failure closure takes `LoadError`, and the async variant throws"))
        #expect(
            text.hasPrefix(
                """
                func a(_ client: Client) async {
                    do {
                        let token = try await client.signIn(user: "ada")
                        print(token)
                    } catch {
                        let problem = error
                        print(problem)
                    }
                }

                func b(_ client: Client) async {
                    do {
                        try await client.remove(id: 1)
                        print("removed")
                    } catch {
                        let error: NSError? = error as NSError
                        print(error?.code ?? 0)
                    }
                }
                """))
    }

    @Test func variantsThatDropDefaultsOrEndInAsyncAreFoundAndReasonsNameTheCause() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            """
            import Dispatch
            final class Store: Sendable {
                func load(id: Int, callbackQueue: DispatchQueue = .main, completion: @escaping (String?, Error?) -> Void) {}
                func load(id: Int) async throws -> String { "" }
                func save(_ text: String, completion: @escaping (Error?) -> Void) {}
                func saveAsync(_ text: String) async throws {}
            }
            """, to: "Store.swift")
        try folder.write(
            """
            func a(_ store: Store) async {
                store.load(id: 1) { text, error in
                    if let error {
                        print(error)
                    } else if let text {
                        print(text)
                    }
                }
            }

            func b(_ store: Store) async {
                store.load(id: 2, callbackQueue: .main) { text, error in
                    if let error {
                        print(error)
                    } else if let text {
                        print(text)
                    }
                }
            }

            func c(_ store: Store) async {
                store.save("x") { error in
                    if let error {
                        print(error)
                    } else {
                        print("saved")
                    }
                }
            }
            """, to: "Callers.swift")
        let run = runCommand(["convert", folder.path + "/Callers.swift", "--context", folder.path])
        #expect(run.output.stderr.contains("2 call(s) convertible"))
        #expect(run.output.stdout.contains("+        let text = try await store.load(id: 1)"))
        #expect(run.output.stdout.contains("+        try await store.saveAsync(\"x\")"))
        #expect(
            run.output.stderr.contains(
                "Callers.swift:12: not converted: load(id:callbackQueue:completion:): it passes `callbackQueue:`, "
                    + "which its async variant `load(id:)` does not take (after an await, the code runs where the "
                    + "caller runs, not on that queue)"))
    }

    @Test func whatCannotBeConvertedSafelyIsLeftAloneWithTheReason() throws {
        let callers = """
            func early(_ client: Client) async {
                client.load(id: 1) { text, error in print(text ?? "") }
                print("this ran before the handler")
            }

            func sync(_ client: Client) {
                client.load(id: 2) { _, _ in }
            }

            func weakly(_ client: Client) async {
                client.save("x") { [client] error in print(client, error as Any) }
            }

            func returns(_ client: Client) async {
                client.save("y") { error in
                    guard error == nil else { return }
                    print("saved")
                }
            }

            func looped(_ client: Client) async {
                for id in 0..<3 {
                    client.fetch(id: id) { result in
                        switch result {
                        case .success(let number): print(number)
                        case .failure(let problem): print(problem)
                        }
                    }
                }
            }

            func typedFailure(_ client: Client) async {
                client.typed { result in
                    switch result {
                    case .success(let number): print(number)
                    case .failure(let problem): print(problem)
                    }
                }
            }

            func notThrowing(_ client: Client) async {
                client.count { total in print(total) }
            }

            func noVariant(_ client: Client) async {
                client.legacyOnly { error in print(error as Any) }
            }
            """
        let (output, text) = try convert(callers)
        #expect(text == callers, "nothing written without --write")
        let reasons = output.stderr
        #expect(reasons.contains(":2: not converted: load(id:completion:): statements after it ran before its handler"))
        #expect(!reasons.contains(":7:"), "synchronous code is not converted, nor listed")
        #expect(reasons.contains(":11: not converted: save(_:completion:): its closure has a capture list"))
        #expect(reasons.contains(":15: not converted: save(_:completion:): its closure has a return"))
        #expect(reasons.contains(":23: not converted: fetch(id:completion:): it is in a loop"))
        #expect(reasons.contains(":33: not converted: typed(completion:): its Result has a typed failure"))
        #expect(reasons.contains(":42: not converted: count(completion:): the function does not throw"))
        #expect(reasons.contains(":46: not converted: legacyOnly(completion:): no async variant yet"))
        #expect(reasons.contains("0 call(s) convertible (pass --write to apply), 7 left alone"), "\(reasons)")
    }

    /// A call under `try` is listed, not skipped: its errors come two ways, which the code may handle apart.
    @Test func aCallUnderTryIsLeftAloneWithTheReason() throws {
        let (output, _) = try convert(
            """
            func send(_ client: Client) async throws {
                try client.send("x") { error in
                    print(error == nil)
                }
            }
            """)
        #expect(
            output.stderr.contains("0 call(s) convertible (pass --write to apply), 1 left alone"), "\(output.stderr)")
        #expect(output.stderr.contains("Callers.swift:2: not converted: send(_:completion:): it is called with `try`"))
    }

    @Test func theDiffIsPrintedByDefault() throws {
        let (output, _) = try convert(
            """
            func d(_ client: Client) async throws {
                client.count { total in print(total) }
            }
            """)
        #expect(
            output.stdout.contains(
                "@@ -1,3 +1,4 @@\n func d(_ client: Client) async throws {\n-    client.count { total in print(total) }\n"))
        #expect(output.stdout.contains("+    let total = try await client.count()\n+    print(total)\n"))
    }
}
