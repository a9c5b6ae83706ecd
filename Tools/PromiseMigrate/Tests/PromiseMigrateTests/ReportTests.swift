import Foundation
import PromiseMigrateKit
import Testing

@Suite struct ReportTests {
    static let fixture = ReportBuilder.build(CodebaseAnalyzer().analyze([Paths.fixture]))

    private func file(_ suffix: String) throws -> FileReport {
        try #require(Self.fixture.files.first { $0.path.hasSuffix(suffix) }, "no \(suffix) in the report")
    }

    @Test func everyFileGetsItsState() throws {
        #expect(try file("LegacyKit/NetworkClient.swift").state == .callback)
        #expect(try file("LegacyKit/PhotoLibrary.swift").state == .callback)
        #expect(try file("LegacyKit/UserClient.swift").state == .mixed)  // it has an async variant already
        #expect(try file("LegacyKit/Models.swift").state == .done)
        #expect(try file("LegacyKit/Models.swift").plain)
        #expect(try file("AppServices/UserRepository.swift").state == .promise)
        #expect(try file("AppServices/ProfileFacade.swift").state == .mixed)
        #expect(try file("AppFeatures/ProfileScreen.swift").state == .async)
        #expect(try file("AppFeatures/Greeting.swift").state == .done)
        #expect(try !file("AppFeatures/Greeting.swift").plain)
    }

    @Test func declarationsAreCountedByShape() throws {
        let client = try file("LegacyKit/UserClient.swift").counts
        #expect(client.callbackAPIs["optionalValueAndError"] == 5)  // and fetchServerTime, a free function
        #expect(client.callbackAPIs["result"] == 2)
        #expect(client.callbackAPIs["optionalError"] == 6)
        #expect(client.callbackAPIs["none"] == 1)
        #expect(client.callbackAPIs["value"] == 1)
        #expect(client.callbackAPIs["valueAndError"] == 1)
        #expect(client.callbackAPIs["other"] == 1)
        #expect(client.asyncAPIs == 1)
        #expect(client.mainQueueCallbacks == 1)
        let network = try file("LegacyKit/NetworkClient.swift").counts
        #expect(network.callbackAPIs["twoValuesAndError"] == 1)
        let summary = Self.fixture.summary.counts
        #expect(summary.callbackAPITotal == 38)  // PhotoLibrary's initializer stores its closure: not counted
        let accounts = try file("LegacyKit/AccountService.swift").counts
        #expect(accounts.callbackAPIs["successAndFailure"] == 2)
        #expect(summary.promiseAPIs == 3)
    }

    @Test func callSitesAreClassifiedByKind() throws {
        let screen = try file("AppFeatures/ProfileScreen.swift").counts.callSites
        #expect(screen == ["callback": 0, "promise": 2, "async": 0])
        let facade = try file("AppServices/ProfileFacade.swift").counts.callSites
        #expect(facade == ["callback": 0, "promise": 2, "async": 1])
        let greeting = try file("AppFeatures/Greeting.swift").counts.callSites
        #expect(greeting == ["callback": 0, "promise": 0, "async": 1])  // the async overload, by `await`
    }

    @Test func waitsInAsyncCodeAndRedundantWrappersAreFlagged() throws {
        let bridge = try file("LegacyBridge/BlockingBridge.swift")
        #expect(bridge.waits.map(\.line) == [10, 15])
        #expect(bridge.waits.map(\.inAsync) == [true, false])
        let repository = try file("AppServices/UserRepository.swift")
        #expect(repository.wrapSitesWithAsyncVariant.count == 1)
        #expect(repository.wrapSitesWithAsyncVariant.first?.wrapped == "fetchUser(id:completion:)")
        #expect(repository.wrapSitesWithAsyncVariant.first?.asyncVariant == "fetchUser(id:)")
        #expect(repository.counts.wrapSites == 2)
    }

    @Test func theNextStepsAreTheAPIsWhoseEveryCallIsAsync() {
        let steps = Self.fixture.nextSteps.map { "\($0.type ?? "").\($0.api)" }
        #expect(steps == ["UserRepository.users(page:)", "UserClient.userCount(completion:)"])
        #expect(Self.fixture.nextSteps.allSatisfy { $0.callSites == 1 })
        // `user(id:)` has a synchronous caller (`adminName(id:)`), so it is not a leaf yet.
        #expect(!steps.contains("UserRepository.user(id:)"))
    }

    @Test func modulesGetStatesAndProgress() throws {
        let features = try #require(Self.fixture.modules.first { $0.name.hasSuffix("AppFeatures") })
        #expect(features.files == 2)
        #expect(features.states["async"] == 1 && features.states["done"] == 1)
        #expect(features.progress == 0.833)
        let legacy = try #require(Self.fixture.modules.first { $0.name.hasSuffix("LegacyKit") })
        #expect(legacy.progress == 0.067)  // four callback files and one mixed; two plain files left out
        #expect(Self.fixture.modules.count == 4)
    }

    @Test func jsonCarriesItsSchemaAndDecodes() throws {
        let json = try JSONRenderer.render(Self.fixture)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "promise-migrate-report")
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(
            Set(object.keys) == [
                "schema", "schemaVersion", "roots", "summary", "modules", "files", "nextSteps",
                "diagnostics",
            ])
        let decoded = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        #expect(decoded.nextSteps == Self.fixture.nextSteps)
        #expect(try JSONRenderer.render(decoded) == json)  // stable bytes
    }

    @Test func htmlIsOneSelfContainedPage() throws {
        let html = HTMLRenderer.render(Self.fixture)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
        #expect(html.components(separatedBy: "role=\"progressbar\"").count - 1 == 1 + Self.fixture.modules.count)
        #expect(html.contains("UserRepository.users(page:)"))
        #expect(HTMLRenderer.render(Self.fixture).contains("&lt;") || !html.contains("Result<T"))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = runCommand(["report", Paths.fixture, "--json", "--html", folder.path + "/report.html"])
        #expect(run.status == 0)
        #expect(run.output.stdout.contains("\"schemaVersion\" : 1"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/report.html"))
    }

    @Test func htmlIsAPlan() throws {
        let html = HTMLRenderer.render(Self.fixture, sourceURL: "https://example.com/src/")
        #expect(html.contains("<h2>Do these three first</h2>"))
        // The first screen's figures: APIs, call sites with the ambiguous ones, modules done.
        let counts = Self.fixture.summary.counts
        #expect(html.contains("<b>\(counts.callbackAPITotal)</b><span>callback APIs</span>"))
        #expect(html.contains("<b>\(counts.callSites["callback"] ?? 0)</b><span>callback call sites</span>"))
        #expect(html.contains("<span>async APIs</span>"))
        #expect(html.contains("product modules done"))
        #expect(html.contains("Files by state:"))
        // Every API with its place, linked.
        #expect(html.contains("<a href=\"https://example.com/src/AppServices/UserRepository.swift#L"))
        // Modules by work left: the first row is the one with the most.
        let modules = Self.fixture.modules.sorted {
            HTMLRenderer.remainingWork($0.counts) > HTMLRenderer.remainingWork($1.counts)
        }
        let first = try #require(modules.first).name.split(separator: "/").last ?? ""
        let table = try #require(html.components(separatedBy: "Modules, most work left first").last)
        let firstRow = try #require(table.components(separatedBy: "<tr><th scope=\"row\">").dropFirst().first)
        #expect(firstRow.contains(String(first)))
        // Done files collapsed, no scripts.
        #expect(html.contains("file(s) with nothing left to migrate</summary>"))
        #expect(!html.contains("<script"))
    }

    @Test func aPackagesTargetsAreItsModules() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("// swift-tools-version: 6.0", to: "Package.swift")
        for path in [
            "Sources/Core/Deep/A.swift", "Sources/Core/B.swift", "Tests/CoreTests/T.swift", "Scripts/x/S.swift",
        ] {
            let url = URL(fileURLWithPath: folder.path).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "func f() {}".write(to: url, atomically: true, encoding: .utf8)
        }
        let modules = CodebaseAnalyzer().analyze([folder.path]).files.map(\.module)
        let relative = Set(modules.map { $0.replacingOccurrences(of: folder.path, with: "") })
        #expect(relative == ["/Sources/Core", "/Tests/CoreTests", "/Scripts/x"])  // Package.swift is not code
        let shallow = CodebaseAnalyzer(scanner: SourceScanner(moduleDepth: 1)).analyze([folder.path + "/Scripts"])
        #expect(shallow.files.map(\.module) == [folder.path + "/Scripts/x"])
    }

    @Test func theTableListsModulesFilesShapesAndNextSteps() {
        let run = runCommand(["report", Paths.fixture])
        #expect(run.status == 0)
        let text = run.output.stdout
        for heading in ["Modules", "Files", "Completion-handler APIs by shape", "Next steps", "Warnings"] {
            #expect(text.contains("\n\(heading)"))
        }
        #expect(text.contains("(A?, B?, Error?)"))
        #expect(text.contains("wait() inside async code"))
    }

    /// The repository's own demo: a migration half done on real callback APIs.
    @Test func theMigrationDemoIsReported() throws {
        let report = ReportBuilder.build(CodebaseAnalyzer().analyze([Paths.migrationDemo]))
        let legacy = try #require(report.files.first { $0.path.hasSuffix("LegacyServices.swift") })
        #expect(legacy.state == .callback)
        let shapes = Dictionary(uniqueKeysWithValues: legacy.apis.map { ("\($0.type ?? "").\($0.name)", $0.shape) })
        #expect(shapes["LegacyFileReader.read(path:completion:)"] == .optionalValueAndError)
        #expect(shapes["LegacyProcessRunner.run(_:completion:)"] == .value)
        #expect(shapes["LegacyTimer.after(milliseconds:completion:)"] == HandlerShape.none)
        let service = try #require(report.files.first { $0.path.hasSuffix("ReportService.swift") })
        #expect(service.state == .mixed)
        #expect(service.counts.promiseAPIs >= 4 && service.counts.asyncAPIs >= 1)
        #expect(report.diagnostics.isEmpty)
    }
}
