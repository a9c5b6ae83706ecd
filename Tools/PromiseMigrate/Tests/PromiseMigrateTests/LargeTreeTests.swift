import Foundation
import PromiseMigrateKit
import Testing

/// A generated tree of a few hundred files, to check that counts add up across files and modules and
/// that a bad file among many is isolated. (CI times 5,000 files with a release build: `.ci/migrate`.)
@Suite struct LargeTreeTests {
    @Test func countsAddUpOverAGeneratedTree() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let files = 400
        for index in 0..<files {
            let module = "Module\(index / 50)"
            let text: String
            switch index % 2 {
            case 0:
                text = """
                    final class Service\(index) {
                        func load\(index)(id: Int, completion: @escaping (String?, (any Error)?) -> Void) {}
                        func save\(index)(completion: @escaping ((any Error)?) -> Void) {}
                    }
                    """
            default:
                text = """
                    import PromiseAsync
                    struct Screen\(index) {
                        let service = Service\(index - 1)()
                        func title() async throws -> String {
                            try await Promise { resolver in service.load\(index - 1)(id: 1, completion: resolver.resolve) }.value
                        }
                        func save() { service.save\(index - 1) { _ in } }
                    }
                    """
            }
            try folder.write(text, to: "\(module)/File\(index).swift")
        }
        try folder.write("struct Half {", to: "Module0/Unparsable.swift")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/Module1/Back", withDestinationPath: folder.path)

        let analysis = CodebaseAnalyzer().analyze([folder.path])
        let report = ReportBuilder.build(analysis)
        #expect(report.summary.files == files + 1)
        #expect(report.summary.modules == 8)
        #expect(report.summary.counts.callbackAPIs["optionalValueAndError"] == files / 2)
        #expect(report.summary.counts.callbackAPIs["optionalError"] == files / 2)
        #expect(report.summary.counts.callSites["callback"] == files)
        #expect(report.summary.states["callback"] == files / 2)
        #expect(report.summary.states["mixed"] == files / 2)
        // Each `load` is called only from async code; each `save` from synchronous code.
        #expect(report.nextSteps.count == files / 2)
        #expect(report.nextSteps.allSatisfy { $0.api.hasPrefix("load") })
        #expect(report.diagnostics.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.symlinkLoop, .syntaxErrors])
    }
}
