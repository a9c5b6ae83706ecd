import Foundation
import PromiseMigrateKit
import Testing

/// Closures that are not completion handlers are not reported as callback APIs.
@Suite struct HandlerPrecisionTests {
    private func callbackAPIs(_ source: String) throws -> [String] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(source, to: "Shapes.swift")
        let report = ReportBuilder.build(CodebaseAnalyzer().analyze([folder.path]))
        return report.files.flatMap(\.apis).filter { $0.kind == .callback }.map(\.name)
    }

    @Test func storedConfigurationProgressAndObserverClosuresAreNotCompletionHandlers() throws {
        let apis = try callbackAPIs(
            """
            import Foundation
            final class Uploader {
                init(onEvent: @escaping (String) -> Void) {}
                func send(_ data: Data, configure: @escaping (inout URLRequest) throws -> Void) {}
                func upload(_ data: Data, onBytes: @escaping (Int64, Int64) -> Void, completion: @escaping (Error?) -> Void) {}
                func download(_ url: URL, fraction: @escaping (Double) -> Void) {}
                func observeState(_ handler: @escaping (Int) -> Void) -> Int { 0 }
                func addListener(_ listener: @escaping (String) -> Void) {}
                func onChange(_ body: @escaping () -> Void) {}
                func refresh(completion: @escaping (Double) -> Void) {}
                func load(then: @escaping (String?, Error?) -> Void) {}
                func coverButton(label: String, action: @escaping () -> Void) -> some View { EmptyView() }
                func stepItem(text: String, handler: @escaping () -> Void) -> CPListItem { CPListItem() }
                func start(reconnectAction: @escaping () -> Void) {}
                func enqueue(key: String, perform: @escaping () -> Void) {}
                func send(_ message: String, errorHandler: ((Error) -> Void)? = nil) {}
            }
            """)
        #expect(apis == ["upload(_:onBytes:completion:)", "refresh(completion:)", "load(then:)"])
    }
}
