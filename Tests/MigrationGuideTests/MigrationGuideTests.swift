import Dispatch
import Foundation
import PromiseAsync
import Promises
import Testing
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Keeps Migration.md, README.md and the snippet files identical, block for block.
///
/// Run `UPDATE_MIGRATION_GUIDE=1 swift test --filter MigrationGuideTests` to copy the snippets into
/// the guide after editing them.
@Suite struct MigrationGuideTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let documents = ["Migration.md", "README.md"].map { root.appendingPathComponent($0) }
    static let snippetFiles = ["Snippets.swift", "PromiseKitSnippets.swift", "LegacyWeatherService.swift"].map {
        root.appendingPathComponent("Tests/MigrationGuideTests").appendingPathComponent($0)
    }

    /// `// snippet: NAME` … `// end snippet` blocks of every snippet file.
    static func snippets() throws -> [String: String] {
        let lines = try snippetFiles.flatMap {
            try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n")
        }
        var result: [String: String] = [:]
        var name: String?
        var body: [String] = []
        var indent = 0  // the marker's indentation, removed from every line of the snippet
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet: ") {
                name = String(trimmed.dropFirst("// snippet: ".count))
                body = []
                indent = line.prefix { $0 == " " }.count
            } else if trimmed == "// end snippet", let current = name {
                result[current] = body.joined(separator: "\n")
                name = nil
            } else if name != nil {
                body.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
            }
        }
        return result
    }

    /// The guide with every `<!-- snippet: NAME -->` block replaced by the snippet's code.
    static func regeneratedGuide(_ guide: String, snippets: [String: String]) throws -> (String, [String]) {
        var output: [String] = []
        var used: [String] = []
        var lines = guide.components(separatedBy: "\n")[...]
        while let line = lines.popFirst() {
            output.append(line)
            guard line.hasPrefix("<!-- snippet: "), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
            guard let code = snippets[name] else { throw GuideError.unknownSnippet(name) }
            used.append(name)
            guard lines.first == "```swift" else { throw GuideError.missingCodeBlock(name) }
            while let skipped = lines.popFirst(), skipped != "```" {}
            output.append("```swift")
            output.append(code)
            output.append("```")
        }
        return (output.joined(separator: "\n"), used)
    }

    enum GuideError: Error {
        case unknownSnippet(String)
        case missingCodeBlock(String)
    }

    @Test func everyDocumentBlockMatchesItsCompiledSnippet() throws {
        let snippets = try Self.snippets()
        var used: Set<String> = []
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let (regenerated, names) = try Self.regeneratedGuide(text, snippets: snippets)
            used.formUnion(names)
            if ProcessInfo.processInfo.environment["UPDATE_MIGRATION_GUIDE"] != nil {
                try regenerated.write(to: document, atomically: true, encoding: .utf8)
                continue
            }
            #expect(
                regenerated == text,
                "\(document.lastPathComponent) differs from the snippet files: run UPDATE_MIGRATION_GUIDE=1 swift test")
            #expect(
                text.components(separatedBy: "```swift").count - 1 == names.count,
                "every Swift block in \(document.lastPathComponent) is a compiled snippet (fence others as text)")
        }
        #expect(used == Set(snippets.keys), "every snippet appears in a document")
    }

    @Test func theQuickStartRuns() async throws {
        try await quickStart()
    }

    @Test func theWrappedShapesWork() async throws {
        #expect(try await forecast(for: "Oslo").value == Forecast(city: "Oslo", celsius: 3))
        #expect(try await forecastResult(for: "Lima").value.celsius == 19)
        await #expect(throws: WeatherError.unknownCity("Atlantis")) { try await forecast(for: "Atlantis").value }
        try await clearCache().value
        #expect(try await defaultCity().value == "Oslo")
        try await flushLog().value
    }

    /// `download` and `cancellableDownload` are compiled only (no network in tests); their shape is
    /// checked here with handlers called by hand.
    @Test func theURLSessionShapeSettlesAsTheGuideSays() async throws {
        let url = URL(fileURLWithPath: "/")
        let response = URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        let both = Promise<(Data, URLResponse)> { resolver in resolver.resolve(Data([1]), response, nil) }
        #expect(try await both.value.0 == Data([1]))
        let neither = Promise<(Data, URLResponse)> { resolver in resolver.resolve(nil, nil, nil) }
        #expect(await neither.result.failure as? PromiseError == .missingValueAndError)
        let cancelled = Promise<(Data, URLResponse)> { resolver in
            resolver.resolve(Data(), response, URLError(.cancelled))
        }
        let error = await cancelled.result.failure
        #expect((error as? URLError)?.code == .cancelled, "the error wins over the values")
        #expect(error?.isCancellation == false, "only CancellationError counts as cancellation")
    }

    @Test func asyncStepsInAChain() async throws {
        #expect(try await homeHeadline().value == "Oslo: 3 °C")
        #expect(try await homeHeadlineRewritten().value == "Oslo: 3 °C", "the same result, the same type")
    }

    @Test func libraryErrorsCompareWithEquals() async {
        #expect(await alertsLine(for: "Cairo") == "heat")
        #expect(await alertsLine(for: "Oslo") == "no alerts for Oslo", "fetchAlerts dropped its handler")
        #expect(await noneIsKnown(["Atlantis", "Lemuria"]))
        #expect(await noneIsKnown(["Atlantis", "Oslo"]) == false)
    }

    @Test func cancellingAReportStopsTheLegacyDownload() async {
        let promise = report(for: "Oslo")
        promise.cancel()
        #expect(promise.isCancelled)
        let task = Task { try await reportText(for: "Lima") }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aDroppedHandlerRejects() async throws {
        await #expect(throws: PromiseError.self) { try await alerts(for: "Oslo").value }
        #expect(try await alertsWithin("Cairo").value == ["heat"])
    }

    @Test func asyncCallersAndFacades() async throws {
        #expect(try await temperatureLine(for: "Cairo") == "Cairo: 31 °C")
        #expect(await temperatureOrMessage(for: "Nowhere").hasPrefix("unavailable"))
        #expect(try await forecastPromise(for: "Lima").value.celsius == 19)
        let viaCompletion: Result<Forecast, any Error> = await withCheckedContinuation { continuation in
            fetchForecast(city: "Oslo") { continuation.resume(returning: $0) }
        }
        #expect((try? viaCompletion.get())?.celsius == 3)
    }

    @Test func combinatorsAndConcurrency() async throws {
        let (oslo, lima, city) = try await dashboard()
        #expect(oslo.celsius == 3 && lima.celsius == 19 && city == "Oslo")
        #expect(try await dashboardWithAsyncLet().2 == "Oslo")
        #expect(try await forecasts(for: ["Cairo", "Oslo", "Lima"]).value.map(\.celsius) == [31, 3, 19])
        try await printFastestFirst(["Oslo", "Lima"])
        #expect(try await resilientForecast(for: "Oslo").value.celsius == 3)
        await #expect(throws: WeatherError.self) { try await resilientForecast(for: "Atlantis").value }
    }

    /// google/promises' `any`, as the name map spells it: every outcome while one input fulfills; the
    /// last error when none does (not `allSettled`'s list of failures).
    @Test func googlesAnyRejectsOnlyWhenEveryInputRejects() async throws {
        let mixed = try await everyOutcomeUnlessAllFailed(["Atlantis", "Oslo"]).value
        #expect(mixed.count == 2 && (try? mixed[1].get())?.city == "Oslo")
        await #expect(throws: WeatherError.unknownCity("Lemuria")) {
            try await everyOutcomeUnlessAllFailed(["Atlantis", "Lemuria"]).value
        }
    }

    #if compiler(>=6.2)
        /// The fixes for the four Swift 6 errors do what the guide says.
        @Test func swiftSixFixesWork() async throws {
            #expect(try await refreshedForecast(using: WeatherService()).value.city == "Oslo")
            #expect(try await refreshedForecast(keeping: WeatherService()).value.city == "Oslo")
            #expect(try await Dependencies.forecasts.currentForecast(city: "Lima").value.celsius == 19)
            let cached = CachedForecasts()
            let first = try await cached.currentForecast(city: "Oslo").value
            #expect(cached.currentForecast(city: "Oslo").isFulfilled, "the second answer comes from the cache")
            #expect(try await cached.currentForecast(city: "Oslo").value.celsius == first.celsius)
            let event = try AnalyticsEvent(name: "opened", properties: ["screen": "forecast", "count": 3])
            #expect(event.properties["screen"] as? String == "forecast")
            #expect(try await send(event).value == 2)
        }

        @Test @MainActor func mainActorViewModel() async throws {
            let model = ForecastViewModel()
            try await model.load(city: "Lima").value
            #expect(model.text == "Lima: 19 °C", "then(on: .main) set the text")
            #expect(model.home == "Oslo: 3 °C", "flatMap/map(on: .main) loaded the home forecast")
            #expect(!model.isLoading, "always(on: .main) ran")
            #expect((try? model.lastResult?.get())?.celsius == 19, "whenComplete(on: .main) stored the result")

            try await model.load(city: "Atlantis").value
            #expect(model.text == "Atlantis: unavailable", "recover(on: .main) replaced the error")
            #expect(model.error as? WeatherError == .unknownCity("Atlantis"), "catch(on: .main) stored the error")

            await model.refresh(city: "Cairo")
            #expect(model.text == "Cairo: 31 °C", "the nonisolated(nonsending) facade, awaited on the main actor")
        }

        @Test func theServiceFacades() async throws {
            let service = WeatherService()
            #expect(try await service.forecast(city: "Lima").value.celsius == 19)
            #expect(try await service.homeForecast().value == Forecast(city: "Oslo", celsius: 3))
            #expect(try await service.forecast(city: "Cairo").celsius == 31)
            #expect(try await service.homeForecast().city == "Oslo")
        }
    #endif

    @Test func theCommandLineEntryPointAwaits() async throws {
        try await WeatherTool.main()
    }

    @Test func blockingWaitRunsOnAThreadAndIsRefusedInATask() async {
        let fromThread: String = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: forecastLineBlocking()) }.start()
        }
        #expect(fromThread == "3 °C")
        #expect(forecastLineBlocking().hasPrefix("refused: "), "inside this test's Task it refuses instead of blocking")
    }

    @Test func aSynchronousSwiftTestingTestRunsInATaskSoWaitRefuses() {
        #expect(withUnsafeCurrentTask { $0 != nil })
        #expect(forecastLineBlocking().hasPrefix("refused: "))
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

/// What Migration.md says about `wait()` in XCTest, which runs synchronous tests outside any Task.
final class BlockingWaitInXCTests: XCTestCase {
    func testWaitWorksInASynchronousXCTestTest() {
        XCTAssertFalse(withUnsafeCurrentTask { $0 != nil }, "a synchronous XCTest test runs outside any Task")
        XCTAssertEqual(forecastLineBlocking(), "3 °C")
    }

    /// A legacy API that calls back on the main queue, waited for on the main thread: wait() cannot see
    /// the hop, so only the timeout ends it.
    func testWaitCannotSeeALegacyHopToTheMainQueue() throws {
        try XCTSkipUnless(Thread.isMainThread, "the hang needs the main thread blocked")
        let promise = Promise<Forecast> { resolver in
            legacy.fetchForecast(city: "Oslo") { forecast, error in
                DispatchQueue.main.async { resolver.resolve(forecast, error) }
            }
        }
        XCTAssertThrowsError(try promise.wait(timeout: .milliseconds(300))) { error in
            XCTAssertEqual("\(error)", "\(PromiseError.timedOut)")
        }
    }
}
