import Foundation
import PromiseMigrateKit
import Testing

/// `convert --functions` of a function that hands its handler, as it is, to a platform method that calls
/// it once (`task.sendPing(pongReceiveHandler: completion)`, `queue.asyncAfter(deadline:execute:)`).
@Suite struct PlatformHandOnTests {
    @Test func aHandlerHandedToAWebSocketOrAQueueIsKeptInAContinuation() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Socket: @unchecked Sendable {
                let queue = DispatchQueue(label: "socket")
                let task: URLSessionWebSocketTask
                init(task: URLSessionWebSocketTask) { self.task = task }
                func sendPing(_ task: URLSessionWebSocketTask, pongReceiveHandler: @escaping @Sendable (Error?) -> Void) {
                    task.sendPing(pongReceiveHandler: pongReceiveHandler)
                }
                func send(_ text: String, completion: @escaping @Sendable (Error?) -> Void) {
                    guard !text.isEmpty else {
                        completion(URLError(.badURL))
                        return
                    }
                    task.send(.string(text), completionHandler: completion)
                }
                func later(completion: @escaping @Sendable () -> Void) {
                    queue.asyncAfter(deadline: .now() + 1, execute: completion)
                }
            }
            """)
        #expect(!stderr.contains("not converted"))
        #expect(
            text.contains(
                """
                    func sendPing(_ task: URLSessionWebSocketTask) async throws {
                        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                            let pongReceiveHandler: @Sendable (Error?) -> Void = { error in
                                if let error = error {
                                    continuation.resume(throwing: error)
                                } else {
                                    continuation.resume()
                                }
                            }
                            task.sendPing(pongReceiveHandler: pongReceiveHandler)
                        }
                    }
                """))
        #expect(text.contains("            task.send(.string(text), completionHandler: completion)\n        }\n    }"))
        #expect(
            text.contains(
                """
                    func later() async {
                        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                            let completion: @Sendable () -> Void = {
                                continuation.resume()
                            }
                            queue.asyncAfter(deadline: .now() + 1, execute: completion)
                        }
                    }
                """))
        // The old functions keep their bodies: their callers start the work before they return.
        #expect(text.contains("    @available(*, renamed: \"later()\")\n    func later(completion:"))
        #expect(text.contains("        queue.asyncAfter(deadline: .now() + 1, execute: completion)\n    }\n\n"))
    }

    /// The local handler is `@Sendable` (it captures only the continuation): a platform method or a hop that
    /// wants one takes it in Swift 6. A typealias is written expanded, since `@Sendable Done` is no
    /// variable's type.
    @Test func theLocalHandlerIsSendableAndItsTypealiasExpanded() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            typealias Done = (Error?) -> Void
            final class Socket: Sendable {
                func ping(_ task: URLSessionWebSocketTask, completion: @escaping @Sendable Done) {
                    task.sendPing(pongReceiveHandler: completion)
                }
                func plain(_ task: URLSessionWebSocketTask, completion: @escaping (Error?) -> Void) {
                    task.sendPing(pongReceiveHandler: completion)
                }
            }
            """)
        #expect(!stderr.contains("not converted"))
        #expect(text.contains("        let completion: @Sendable (Error?) -> Void = { error in\n"))
        #expect(!text.contains("let completion: Done"))
        #expect(!text.contains("let completion: (Error?) -> Void"))
    }

    @Test func aHandOnIsKeptOnlyLastWithAShapeAndAReceiverItCanKeep() throws {
        let (stderr, _) = try convertFunctions(
            """
            import Foundation
            final class Socket: @unchecked Sendable {
                let queue = DispatchQueue(label: "socket")
                let task: URLSessionWebSocketTask
                let maybe: URLSessionWebSocketTask? = nil
                init(task: URLSessionWebSocketTask) { self.task = task }
                func thenLog(completion: @escaping @Sendable (Error?) -> Void) {
                    task.sendPing(pongReceiveHandler: completion)
                    print("sent")
                }
                func optionalHandler(completion: (@Sendable (Error?) -> Void)?) {
                    guard let completion else { return }
                    task.sendPing(pongReceiveHandler: completion)
                }
                func chained(completion: @escaping @Sendable (Error?) -> Void) {
                    maybe?.sendPing(pongReceiveHandler: completion)
                }
                func noDeadline(completion: @escaping @Sendable () -> Void) {
                    queue.async(execute: completion)
                    queue.async(execute: completion)
                }
            }
            """)
        #expect(stderr.contains("thenLog(completion:): code after this `URLSessionWebSocketTask.sendPing` ran before"))
        #expect(stderr.contains("optionalHandler(completion:): "))
        #expect(stderr.contains("chained(completion:): the handler is passed to `maybe?.sendPing`"))
        #expect(stderr.contains("noDeadline(completion:): "))
        #expect(!stderr.contains("convertible (pass --write to apply) in 1 round(s), 0 refused"))
        #expect(stderr.contains("0 function(s) converted"))
    }

    /// Review 25: a `return` after the hand-on stays (the old code did not go on); an empty line of a
    /// multi-line string stays empty; `DispatchQueue.fake` (a member an extension adds) and a receiver whose
    /// type the codebase subclasses are not the platform's.
    @Test func reviewTwentyFiveFindings() throws {
        let (stderr, text) = try convertFunctions(
            #"""
            import Foundation
            final class FakeQueue: Sendable {
                func async(execute work: @escaping @Sendable () -> Void) { work(); work() }
            }
            extension DispatchQueue { static let fake = FakeQueue() }
            class MockSocket: URLSessionWebSocketTask, @unchecked Sendable {}
            final class S: Sendable {
                let queue = DispatchQueue(label: "q")
                let task: URLSessionWebSocketTask
                init(task: URLSessionWebSocketTask) { self.task = task }
                func load(cached: Bool, completion: @escaping @Sendable () -> Void) {
                    if !cached {
                        queue.async(execute: completion)
                        return
                    }
                    print("cached path")
                    completion()
                }
                func lines(completion: @escaping @Sendable () -> Void) {
                    queue.asyncAfter(deadline: .now(), execute: completion)
                }
                func twice(completion: @escaping @Sendable () -> Void) {
                    DispatchQueue.fake.async(execute: completion)
                }
                func ping(completion: @escaping @Sendable (Error?) -> Void) {
                    task.sendPing(pongReceiveHandler: completion)
                }
            }
            """#)
        #expect(
            text.contains(
                """
                        if !cached {
                            return await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                """))
        #expect(text.contains("func lines() async {"))
        #expect(stderr.contains("twice(completion:): the handler is passed to `DispatchQueue.fake.async`"))
        #expect(stderr.contains("ping(completion:): the handler is passed to `task.sendPing`"))
    }

    @Test func anEmptyLineOfAMultiLineStringInTheCallStaysEmpty() throws {
        let (_, text) = try convertFunctions(
            #"""
            import Foundation
            final class S: Sendable {
                func c(_ task: URLSessionWebSocketTask, completion: @escaping @Sendable (Error?) -> Void) {
                    task.send(.string("""
                        a

                        b
                        """), completionHandler: completion)
                }
            }
            """#)
        #expect(text.contains("            task.send(.string(\"\"\"\n                a\n\n                b\n"))
    }

    /// Review 26: a `return` after the block that holds the wait stays; an extension's `global(fake:)` is not
    /// the platform's queue, but a static `DispatchQueue` it declares is; `URLSession.shared` is the
    /// platform's session even where the codebase subclasses `URLSession`; a multi-line string whose lines
    /// sit left of the call is not moved.
    @Test func reviewTwentySixFindings() throws {
        let (stderr, text) = try convertFunctions(
            #"""
            import Foundation
            final class FakeQueue: Sendable {
                func async(execute work: @escaping @Sendable () -> Void) { work(); work() }
            }
            extension DispatchQueue {
                static func global(fake: Bool) -> FakeQueue { FakeQueue() }
                static let database = DispatchQueue(label: "db")
            }
            class MockSession: URLSession, @unchecked Sendable {}
            final class S: Sendable {
                let queue = DispatchQueue(label: "q")
                func nested(flag: Bool, other: Bool, completion: @escaping @Sendable () -> Void) {
                    guard flag else {
                        if other { queue.async(execute: completion) } else { completion() }
                        return
                    }
                    print("more")
                    completion()
                }
                func fake(completion: @escaping @Sendable () -> Void) {
                    DispatchQueue.global(fake: true).async(execute: completion)
                }
                func database(completion: @escaping @Sendable () -> Void) {
                    DispatchQueue.database.async(execute: completion)
                }
                func shared(url: URL, completion: @escaping @Sendable (Error?) -> Void) {
                    URLSession.shared.dataTask(with: url) { _, _, error in completion(error) }.resume()
                }
                func text(_ task: URLSessionWebSocketTask, completion: @escaping @Sendable (Error?) -> Void) {
                    task.send(.string("""
                abc
                        def
                """), completionHandler: completion)
                }
            }
            """#)
        #expect(text.contains("            if other {\n                return await withCheckedContinuation {"))
        #expect(stderr.contains("fake(completion:): the handler is passed to `DispatchQueue.global(fake: true).async`"))
        #expect(text.contains("func database() async {"))
        #expect(text.contains("func shared(url: URL) async throws {"))
        let unmoved = "            task.send(.string(\"\"\"\n    abc\n            def\n    \"\"\"), completionHandler:"
        #expect(text.contains(unmoved))
    }
}
