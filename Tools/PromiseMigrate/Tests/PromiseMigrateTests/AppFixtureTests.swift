import Foundation
import PromiseMigrateKit
import Testing

/// `Fixtures/UIKitApp`: an app's UIKit calls, Xcode targets and owners, read without UIKit.
@Suite struct AppFixtureTests {
    static let folder = Paths.package.appendingPathComponent("Fixtures/UIKitApp").path
    static let report = ReportBuilder.build(CodebaseAnalyzer().analyze([folder]))

    private func calls(in suffix: String) -> [String] {
        guard let file = Self.report.files.first(where: { $0.path.hasSuffix(suffix) }) else { return [] }
        return (file.callSites ?? []).map { entry in "\(entry.line) \(entry.api)" }
    }

    @Test func onlyTheAppsOwnMethodsAreCredited() {
        // Not UIView.animate (beside the app's `extension UIView`), dismiss(animated:), tableView.reloadData(),
        // navigationController?.popViewController, Analytics.shared.start(), nor XCTest's fulfill().
        #expect(
            calls(in: "App/Feed/FeedViewController.swift") == [
                "22 start(completion:)", "23 fadeIn(duration:completion:)", "27 reload(completion:)",
                "28 signIn(user:success:failure:)", "29 fetchProfile(id:success:failure:)",
            ])
        #expect(calls(in: "FeedViewController+Animation.swift") == ["10 animate(withDuration:completion:)"])
        #expect(calls(in: "App/SettingsViewController.swift") == ["12 start(completion:)"])
        #expect(calls(in: "Tests/FeedTests.swift") == ["6 reload(completion:)"])
        #expect(Self.report.summary.counts.ambiguousCallSites == 0)
    }

    @Test func successAndFailurePairsAreAPIs() {
        let apis = Self.report.files.flatMap(\.apis).filter { $0.shape == .successAndFailure }.map(\.name)
        #expect(apis == ["signIn(user:success:failure:)", "fetchProfile(id:success:failure:)"])
        #expect(Self.report.summary.counts.callbackAPIs["successAndFailure"] == 2)
    }

    @Test func modulesAreTheXcodeTargetsWithTestsLast() {
        let modules = Self.report.modules
        #expect(
            modules.map(\.name).filter { !$0.hasSuffix("(no target)") } == ["UIKitApp", "Widgets", "UIKitAppTests"])
        #expect(modules.map(\.isTest) == [false, false, false, true])  // tests last
        #expect(modules.first { $0.name == "UIKitApp" }?.files == 4)  // SettingsViewController through SOURCE_ROOT
        let preview = Self.report.files.first { $0.path.hasSuffix("Widgets/Preview.swift") }
        let widget = Self.report.files.first { $0.path.hasSuffix("Widgets/FeedWidget.swift") }
        #expect(widget?.module == "Widgets")
        #expect(preview?.module.hasSuffix("Widgets (no target)") == true)  // the exception leaves it out
    }

    @Test func ownersComeFromCodeOwners() {
        #expect(Self.report.codeOwnersFile?.hasSuffix(".github/CODEOWNERS") == true)
        let owners = Dictionary(uniqueKeysWithValues: Self.report.files.map { ($0.path, $0.owners) })
        #expect(owners.first(where: { $0.key.hasSuffix("AccountAPI.swift") })?.value == ["@acme/platform"])
        #expect(
            owners.first(where: { $0.key.hasSuffix("FeedViewController.swift") })?.value == ["@acme/feed", "@alice"])
        #expect(owners.first(where: { $0.key.hasSuffix("SettingsViewController.swift") })?.value == ["@acme/mobile"])
        #expect(owners.first(where: { $0.key.hasSuffix("FeedTests.swift") })?.value == ["@acme/qa"])
        #expect(Self.report.modules.last?.owners == ["@acme/qa"])
    }

    @Test func thePageNamesOwnersAndGroupsByThem() throws {
        let html = HTMLRenderer.render(Self.report)
        // Three steps first, with owners: the app's most-called wrappable APIs (no leaf yet).
        let first = try #require(
            html.components(separatedBy: "<ol class=\"first\">").last?.components(separatedBy: "</ol>").first)
        #expect(first.components(separatedBy: "<li>").count - 1 == 3)
        #expect(first.contains("<span class=\"owner\">@acme/platform</span>"))
        #expect(!first.contains("FeedTests"))
        #expect(html.contains("<h3>Test modules</h3>"))
        let grouped = HTMLRenderer.render(Self.report, byOwner: true)
        #expect(grouped.contains("<h2>The plan by owner</h2>"))
        #expect(grouped.contains("<summary><span class=\"owner\">@acme/platform</span>"))
        #expect(grouped.contains("<summary><span class=\"owner\">@acme/widgets</span>"))
    }

    @Test func codeOwnersPatternsFollowGitHubsRules() {
        let owners = CodeOwners(
            text: """
                *.swift @all
                docs/ @docs
                /build/logs/ @logs
                apps/**/Feed @feed
                Tests @tests
                /assets/* @assets
                """, root: "/repo")
        #expect(owners.owners(of: "/repo/assets/logo.png") == ["@assets"])
        #expect(owners.owners(of: "/repo/assets/icons/a.png").isEmpty)  // `*` does not reach subfolders
        #expect(owners.owners(of: "/repo/Sources/A.swift") == ["@all"])
        #expect(owners.owners(of: "/repo/a/docs/x.md") == ["@docs"])
        #expect(owners.owners(of: "/repo/build/logs/x.log") == ["@logs"])
        #expect(owners.owners(of: "/repo/x/build/logs/x.log").isEmpty)
        #expect(owners.owners(of: "/repo/apps/ios/Feed/A.swift") == ["@feed"])
        #expect(owners.owners(of: "/repo/Pkg/Tests/ATests.swift") == ["@tests"])
        #expect(owners.owners(of: "/elsewhere/A.swift").isEmpty)
    }
}

/// Modules read from `Package.swift`, the context `wrap` takes from them, and "Start here".
@Suite struct ModuleTests {
    @Test func aPackagesTargetsAreItsModulesCustomPathsIncluded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .executableTarget(name: "Tool", dependencies: [.target(name: "Kit")], path: "Tools/Tool"),
                .target(name: "Kit", path: "Source"),
                .target(name: "Helpers"),
                .testTarget(name: "KitTests", dependencies: ["Kit"]),
            ])
            """, to: "Package.swift")
        try folder.write("func a(completion: @escaping () -> Void) {}", to: "Source/Core/A.swift")
        try folder.write("func b(completion: @escaping () -> Void) {}", to: "Sources/Helpers/B.swift")
        try folder.write("func t() { a {} }", to: "Tests/KitTests/T.swift")
        let report = ReportBuilder.build(CodebaseAnalyzer().analyze([folder.path]))
        // Package.swift is not code; `.target(name: "Kit")` in Tool's dependencies does not hide Kit's path.
        #expect(report.modules.map(\.name) == ["Helpers", "Kit", "KitTests"])
        #expect(report.modules.map(\.isTest) == [false, false, true])
    }

    @Test func wrapsContextIsTheWholeModule() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit")])
            """, to: "Package.swift")
        try folder.write("public final class User { public var name = \"\" }", to: "Sources/Kit/Models/User.swift")
        try folder.write(
            "public final class Client { public func user(completion: @escaping (User?, Error?) -> Void) {} }",
            to: "Sources/Kit/Network/Client.swift")
        let run = runCommand(["wrap", folder.path + "/Sources/Kit/Network/Client.swift"])
        // The model is in another folder of the module: known, and not Sendable.
        #expect(run.output.stderr.contains("needs `User` to be Sendable, and it is not"))
    }

    @Test func aFileNoTargetCompilesTakesItsFolderAsContext() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit")])
            """, to: "Package.swift")
        try folder.write("public final class Kit {}", to: "Sources/Kit/Kit.swift")
        try folder.write("public final class User { public var name = \"\" }", to: "Scripts/Tool/Models/User.swift")
        try folder.write(
            "public final class Client { public func user(completion: @escaping (User?, Error?) -> Void) {} }",
            to: "Scripts/Tool/Client.swift")
        let run = runCommand(["wrap", folder.path + "/Scripts/Tool/Client.swift"])
        // Its folder, subfolders included: the model is known, and not Sendable.
        #expect(run.output.stderr.contains("needs `User` to be Sendable, and it is not"))
    }

    @Test func anAPIsOwnAsyncStandInIsNotACallToMigrate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            """
            import Dispatch
            final class Cache {
                func clean(completion: (() -> Void)? = nil) {}
                func clean() async { await withCheckedContinuation { continuation in clean { continuation.resume() } } }
                func load(key: String, queue: DispatchQueue = .main, completion: @escaping (String?, Error?) -> Void) {}
                func loadAsync(key: String) async throws -> String {
                    try await withCheckedThrowingContinuation { continuation in
                        load(key: key) { value, error in continuation.resume(returning: value ?? "") }
                    }
                }
                func measure(handler: @escaping (Int, Int) -> Void) {}
            }
            func refresh(_ cache: Cache) async {
                _ = try? await cache.loadAsync(key: "a")
                cache.load(key: "b") { _, _ in }
                cache.measure { _, _ in }
            }
            """, to: "Cache.swift")
        let report = ReportBuilder.build(CodebaseAnalyzer().analyze([folder.path]))
        let steps = Dictionary(uniqueKeysWithValues: report.nextSteps.map { ($0.api, $0) })
        // clean(completion:)'s only call is inside clean() async: moving it would recurse.
        #expect(steps["clean(completion:)"] == nil)
        // load's twin, named …Async and without the defaulted queue, is where the calls go.
        #expect(steps["load(key:queue:completion:)"]?.callSites == 1)
        #expect(steps["load(key:queue:completion:)"]?.suggestion.contains("async variant loadAsync(key:)") == true)
        // wrap would skip measure (its handler has no wrapper): the step says what to do instead.
        let measure = try #require(steps["measure(handler:)"])
        #expect(measure.suggestion.contains("write its async variant by hand (wrap would not:"))
    }
}
