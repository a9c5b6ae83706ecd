import Foundation
import PromiseMigrateKit
import Testing

/// How `convert` lays out what it writes (line endings, blank lines) and two refusals that named the
/// wrong cause.
@Suite struct LayoutAndReasonTests {
    static let pinger = """
        import Foundation
        final class Pinger: Sendable {
            func ping(completion: @escaping @Sendable (Error?) -> Void) { completion(nil) }
            func ping() async throws {}
            func count(completion: @escaping @Sendable (Result<Int, Error>) -> Void) { completion(.success(1)) }
            func count() async throws -> Int { 1 }
        }
        """

    static let keptHop = """
        import Foundation
        final class Svc: Sendable {
            let queue = DispatchQueue(label: "svc")
            let pinger = Pinger()
            func pingTrimmed(_ name: String, completion: @escaping @Sendable (Error?) -> Void) {
                queue.async {
                    let trimmed = name
                        .trimmingCharacters(in: .whitespaces)
                    print(trimmed)
                    self.pinger.ping(completion: completion)
                }
            }
            func twice(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                pinger.count { result in completion(result.map { $0 * 2 }) }
            }
        }
        """

    /// A CRLF file gets what an LF file gets, with CRLF on every line: a kept closure spans several lines,
    /// and each of them keeps its indentation.
    @Test func aCRLFFileConvertsAsItsLFTwinWithCRLFOnEveryLine() throws {
        let (_, lf) = try convertFunctions(Self.keptHop, beside: ["Pinger.swift": Self.pinger])
        let (_, crlf) = try convertFunctions(
            Self.keptHop.replacingOccurrences(of: "\n", with: "\r\n"), beside: ["Pinger.swift": Self.pinger])
        #expect(lf.contains("func pingTrimmed(_ name: String) async throws {"))
        #expect(lf.contains("\n                let trimmed = name\n                    .trimmingCharacters"))
        #expect(crlf.replacingOccurrences(of: "\r\n", with: "\n") == lf)
        let bareLineFeeds = crlf.unicodeScalars.indices.filter { index in
            crlf.unicodeScalars[index] == "\n"
                && (index == crlf.unicodeScalars.startIndex
                    || crlf.unicodeScalars[crlf.unicodeScalars.index(before: index)] != "\r")
        }
        #expect(bareLineFeeds.isEmpty)
    }

    /// `convert` of calls in async code keeps a CRLF file's endings too.
    @Test func aCRLFFilesCallsConvertWithCRLFOnEveryLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        let code = PrintedDiffTests.caller
        try folder.write(code.replacingOccurrences(of: "\n", with: "\r\n"), to: "Run.swift")
        let run = runCommand(["convert", folder.path + "/Run.swift", "--context", folder.path, "--write"])
        #expect(run.status == 0)
        let text = try String(contentsOfFile: folder.path + "/Run.swift", encoding: .utf8)
        #expect(
            text
                == """
                func run(_ pinger: Pinger) async {
                    do {
                        try await pinger.ping()
                        print("pinged")
                    } catch {
                        print("failed", error)
                    }
                }
                """.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    /// The async version written below a function that the next declaration follows with no blank line
    /// gets one before that declaration; one that a blank line or the type's brace follows gets none more.
    @Test func theAsyncVersionIsSetOffFromTheNextDeclaration() throws {
        let (_, text) = try convertFunctions(Self.keptHop, beside: ["Pinger.swift": Self.pinger])
        #expect(text.contains("    }\n\n    @available(*, renamed: \"twice()\")\n"))
        #expect(text.hasSuffix("        return try result.map { $0 * 2 }.get()\n    }\n}"))
    }

    /// A handler called under `#if` is refused as that, not as "stored or passed"; a local function's own
    /// parameter named like the handler is not the handler, so the function converts.
    @Test func aHandlerUnderIfConfigIsNamedAndALocalFunctionsParameterIsNotTheHandler() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let pinger = Pinger()
                func conditional(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    pinger.count { result in
                        #if DEBUG
                        completion(result)
                        #else
                        completion(.success(0))
                        #endif
                    }
                }
                func shadowing(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    func helper(completion: Int) -> Int { completion + 1 }
                    pinger.count { result in completion(result.map { helper(completion: $0) }) }
                }
            }
            """, beside: ["Pinger.swift": Self.pinger])
        #expect(stderr.contains("conditional(completion:): the handler is used inside `#if`"))
        #expect(!stderr.contains("conditional(completion:): the handler is stored"))
        #expect(text.contains("func shadowing() async throws -> Int {"))
        #expect(text.contains("        func helper(completion: Int) -> Int { completion + 1 }\n"))
    }

    /// A file that mixes CRLF and LF keeps each line's ending: the lines a conversion keeps keep theirs, a
    /// new line ends as the line before it; the printed diff carries the endings, so `patch` applies it.
    @Test func aMixedFileKeepsEachLinesEndingAndItsDiffCarriesThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        let head = "import Foundation\r\nfinal class Svc: Sendable {\r\n    let pinger = Pinger()\r\n"
        let body = """
                func twice(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    pinger.count { result in completion(result.map { $0 * 2 }) }
                }
            }

            """
        try folder.write(head + body, to: "Service.swift")
        let path = folder.path + "/Service.swift"
        let printed = runCommand(["convert", "--functions", path, "--context", folder.path])
        #expect(printed.output.stdout.contains("\n     let pinger = Pinger()\r\n"))
        #expect(printed.output.stdout.contains("+    @available(*, renamed: \"twice()\")\n"))
        #expect(runCommand(["convert", "--functions", path, "--context", folder.path, "--write"]).status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(head + "    @available(*, renamed: \"twice()\")\n    func twice(completion:"))
        #expect(text.hasSuffix("        return try result.map { $0 * 2 }.get()\n    }\n}\n"))
    }

    /// No blank line goes before `#else` or `#endif`; a handler argument holding `#if` is refused as that.
    @Test func noBlankLineBeforeEndifAndAnIfConfigInTheHandlersArgumentIsRefused() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let pinger = Pinger()
                #if DEBUG
                func twice(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    pinger.count { result in completion(result.map { $0 * 2 }) }
                }
                #endif
                func odd(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    pinger.count { result in
                        completion(result
                        #if DEBUG
                            .map { $0 + 1 }
                        #endif
                        )
                    }
                }
            }
            """, beside: ["Pinger.swift": Self.pinger])
        #expect(text.contains("}.get()\n    }\n    #endif\n"))
        #expect(stderr.contains("odd(completion:): the handler's argument holds an `#if`"))
    }

    /// `convert` of calls refuses a statement that shares a line with other code: it replaces whole lines,
    /// and took the `if` and its `else` with it.
    @Test func aCallSharingALineWithOtherCodeIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        try folder.write(
            """
            func run(_ pinger: Pinger, _ flag: Bool) async {
                if flag { pinger.count { result in
                    switch result {
                    case .success(let n): print(n)
                    case .failure(let e): print(e)
                    }
                } } else { print("no") }
            }
            """, to: "Run.swift")
        let run = runCommand(["convert", folder.path + "/Run.swift", "--context", folder.path, "--write"])
        #expect(run.output.stderr.contains("other code or a comment shares a line with the call's statement"))
        #expect(try String(contentsOfFile: folder.path + "/Run.swift", encoding: .utf8).contains("} } else {"))
    }

    /// A comment before a declaration or a statement on its first line is refused as sharing it, not
    /// dropped with the line.
    @Test func aCommentBeforeTheDeclarationOrStatementOnItsLineIsNotDropped() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let pinger = Pinger()
                /* doubled */ func twice(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    pinger.count { result in completion(result.map { $0 * 2 }) }
                }
                /* tripled
                 */ @discardableResult func thrice(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    pinger.count { result in completion(result.map { $0 * 3 }) }
                }
            }
            """, beside: ["Pinger.swift": Self.pinger])
        #expect(stderr.contains(":4: not converted: twice(completion:): other code or a comment shares a line"))
        #expect(stderr.contains(":8: not converted: thrice(completion:): other code or a comment shares a line"))
        #expect(text.contains("    /* doubled */ func twice(") && text.contains("     */ @discardableResult func"))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        try folder.write(
            """
            func run(_ pinger: Pinger) async {
                /* count */ pinger.count { result in
                    switch result {
                    case .success(let n): print(n)
                    case .failure(let e): print(e)
                    }
                }
            }
            """, to: "Run.swift")
        let run = runCommand(["convert", folder.path + "/Run.swift", "--context", folder.path, "--write"])
        #expect(run.output.stderr.contains("Run.swift:2: not converted: count(completion:): other code or a comment"))
        #expect(try String(contentsOfFile: folder.path + "/Run.swift", encoding: .utf8).contains("/* count */"))
    }

    /// A block comment that opens on the line before and closes on the declaration's or statement's line
    /// shares that line: replacing the line lost the `*/`, and the rest of the file became a comment.
    @Test func aBlockCommentClosingOnTheLineIsNotCutInTwo() throws {
        let (stderr, text) = try convertFunctions(
            """
            import Foundation
            final class Svc: Sendable {
                let pinger = Pinger()
                let other = 1 /* a
                */ func twice(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
                    pinger.count { result in completion(result.map { $0 * 2 }) }
                }
            }
            """, beside: ["Pinger.swift": Self.pinger])
        #expect(stderr.contains(":5: not converted: twice(completion:): other code or a comment shares a line"))
        #expect(text.contains("    */ func twice("))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        let caller = """
            func run(_ pinger: Pinger) async {
                print("start") /* a
                */ pinger.ping { error in
                    if let error {
                        print("failed", error)
                    }
                }
            }
            """
        try folder.write(caller, to: "Run.swift")
        let run = runCommand(["convert", folder.path + "/Run.swift", "--context", folder.path, "--write"])
        #expect(run.output.stderr.contains("Run.swift:3: not converted: ping(completion:): other code or a comment"))
        #expect(try String(contentsOfFile: folder.path + "/Run.swift", encoding: .utf8) == caller)
    }

    /// `convert` of calls keeps a closure's statements and rewrites what lies around them: a comment there
    /// (after `in`, between the statements and the braces, after `else`) is refused, not dropped.
    @Test func aCommentTheCallConversionWouldDropIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.pinger, to: "Pinger.swift")
        // (`// same` and `// sa` are also in code that is kept: the one dropped is still found.)
        for comment in ["// first line", "/* mid */", "// same", "// sa"] {
            let caller = """
                func run(_ pinger: Pinger) async {
                    pinger.ping { error in \(comment)
                        if let error {
                            print("failed", error)  // same
                        }
                    }
                }
                """
            try folder.write(caller, to: "Run.swift")
            let run = runCommand(["convert", folder.path + "/Run.swift", "--context", folder.path, "--write"])
            #expect(
                run.output.stderr.contains(
                    "Run.swift:2: not converted: ping(completion:): the comment `\(comment)` is in code the conversion "
                        + "replaces and would be lost"), "\(run.output.stderr)")
            #expect(try String(contentsOfFile: folder.path + "/Run.swift", encoding: .utf8) == caller)
        }
        // Comments above and after a statement the conversion keeps stay with it, and the call converts.
        try folder.write(
            #"""
            func run(_ pinger: Pinger) async {
                pinger.ping { error in
                    if let error {
                        // the reason
                        /* in three

                    lines */
                        let text = """
                            a
                                \#("")
                            """
                        print("failed", error, text)  // kept
                        print(1) /* after,

                          below */
                    }
                }
            }
            """#, to: "Run.swift")
        let run = runCommand(["convert", folder.path + "/Run.swift", "--context", folder.path, "--write"])
        #expect(run.output.stderr.contains("1 call(s) converted"), "\(run.output.stderr)")
        #expect(
            try String(contentsOfFile: folder.path + "/Run.swift", encoding: .utf8).contains(
                "    } catch {\n        // the reason\n        /* in three\n\n        lines */\n"
                    + "        let text = \"\"\"\n            a\n                \n            \"\"\"\n"
                    + "        print(\"failed\", error, text)  // kept\n        print(1) /* after,\n\n              below */\n    }"
            ))
    }
}
