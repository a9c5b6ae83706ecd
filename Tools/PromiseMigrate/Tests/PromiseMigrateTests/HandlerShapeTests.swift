import PromiseMigrateKit
import Testing

@Suite struct HandlerShapeTests {
    static let legacyKit = CodebaseAnalyzer().analyze([Paths.legacyKit]).codebase

    private func handler(_ name: String, in type: String? = nil) throws -> HandlerInfo {
        let codebase = Self.legacyKit
        let key = try #require(codebase.key(name, in: type), "no \(name) in the fixture")
        return try #require(codebase.handler(key), "\(name) has no handler")
    }

    @Test(arguments: [
        ("fetchUser(id:completion:)", HandlerShape.optionalValueAndError, "User"),
        ("fetchUsers(page:completionHandler:)", .result, "[User]"),
        ("deleteUser(id:completion:)", .optionalError, "Void"),
        ("logOut(_:)", .none, "Void"),
        ("userCount(completion:)", .value, "Int"),
        ("isAdmin(id:completion:)", .valueAndError, "Bool"),
        ("upload(_:completion:progress:)", .optionalError, "Void"),
        ("avatar(for:completion:)", .optionalValueAndError, "Data"),
        ("currentUser(completion:)", .optionalValueAndError, "User"),
        ("userNames(completion:)", .result, "[String]"),
        ("touch(id:completion:)", .optionalError, "Void"),
        ("get(_:completionHandler:)", .twoValuesAndError, "(Data, URLResponse)"),
        ("decode(_:from:completion:)", .optionalValueAndError, "T"),
        ("download(_:completion:)", .result, "Data"),
        ("ping(host:completion:)", .value, "Int"),
        ("loadAll(completion:)", .result, "[Photo]"),
        ("delete(_:completion:)", .optionalError, "Void"),
        ("value(forKey:completion:)", .result, "String?"),
        ("flag(_:completion:)", .value, "Bool"),
        ("increment(by:completion:)", .value, "Int"),
        ("value(named:completion:)", .optionalValueAndError, "Value"),
        ("fetchServerTime(completion:)", .optionalValueAndError, "Date"),
        ("signIn(user:success:failure:)", .successAndFailure, "String"),
        ("signOut(everywhere:success:failure:)", .successAndFailure, "Void"),
    ])
    func everyShapeOfTheFixtureIsRecognised(name: String, shape: HandlerShape, value: String) throws {
        let info = try handler(name)
        #expect(info.shape == shape)
        #expect(info.valueType?.source == value)
    }

    @Test func aHandlerThatIsNotTheLastParameterIsFoundByItsName() throws {
        #expect(try handler("upload(_:completion:progress:)").parameterIndex == 1)
    }

    @Test func unwrappableShapesAreOtherWithAReason() throws {
        let bounds = try handler("bounds(completion:)")
        #expect(bounds.shape == .other)
        #expect(bounds.reason?.contains("second not an optional error") == true)
    }

    @Test func objCMethodsInIfBlocksHaveHandlersAndInitializersNone() throws {
        let codebase = Self.legacyKit
        let initializer = try #require(codebase.key("init(path:completion:)", in: "PhotoLibrary"))
        #expect(codebase.handler(initializer) == nil, "an initializer's closure is stored, not a completion handler")
        let refresh = try #require(codebase.key("refresh(completion:)"))
        #expect(codebase.handler(refresh)?.shape == .value)
        #expect(codebase.function(refresh).context.conditions == ["canImport(ObjectiveC)"])
        let samples = codebase.functions(named: "loadSample").map { codebase.function($0).context.conditions }
        #expect(samples == [["DEBUG"], ["!(DEBUG)"]])
    }

    @Test func observerAPIsWithSeveralUnnamedClosuresAreNotCompletionHandlers() throws {
        let codebase = Self.legacyKit
        let observe = try #require(codebase.key("observe(onInsert:onDelete:)"))
        #expect(codebase.handler(observe) == nil)
    }

    @Test func shapesThatNoWrapperTakes() {
        let snippets = codebase([
            "A.swift": """
            func failOnly(completion: @escaping (any Error) -> Void) {}
            func vote(completion: @escaping (Int) -> Bool) {}
            func triple(completion: @escaping (Int, Int, (any Error)?) -> Void) {}
            func many(completion: @escaping (Int, Int, Int, Int) -> Void) {}
            func notEscaping(completion: (Int) -> Void) {}
            func sorted(by areInIncreasingOrder: @escaping (Int, Int) -> Bool) {}
            func schedule(_ work: @escaping () -> Void, after delay: Int) {}
            func fetch(id: Int) async throws -> Int { id }
            """
        ])
        func shape(_ name: String) -> HandlerShape? {
            snippets.key(name).flatMap { snippets.handler($0)?.shape }
        }
        #expect(shape("failOnly(completion:)") == .other)
        #expect(shape("vote(completion:)") == nil)  // a handler returns Void
        #expect(shape("triple(completion:)") == .other)
        #expect(shape("many(completion:)") == .other)
        #expect(shape("notEscaping(completion:)") == nil)  // called before it returns: not a callback API
        #expect(shape("sorted(by:)") == nil)
        #expect(shape("schedule(_:after:)") == nil)
        #expect(shape("fetch(id:)") == nil)
    }

    @Test func typealiasesExpandInnermostFirstAndWithGenericArguments() throws {
        let snippets = codebase([
            "Aliases.swift": """
            typealias Completion = (Int?, (any Error)?) -> Void
            typealias Outcome<T> = (Result<T, any Error>) -> Void
            enum Service {
                typealias Completion = ((any Error)?) -> Void
                static func save(completion: @escaping Completion) {}
            }
            func load(completion: @escaping Completion) {}
            func list(completion: @escaping Outcome<[String]>) {}
            """
        ])
        let save = try #require(snippets.key("save(completion:)"))
        let load = try #require(snippets.key("load(completion:)"))
        let list = try #require(snippets.key("list(completion:)"))
        #expect(snippets.handler(save)?.shape == .optionalError)
        #expect(snippets.handler(load)?.shape == .optionalValueAndError)
        #expect(snippets.handler(list)?.valueType?.source == "[String]")
    }
}
