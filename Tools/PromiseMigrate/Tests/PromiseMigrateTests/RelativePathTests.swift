import Foundation
import Testing

/// Paths as a shell gives them, relative to the working folder.
@Suite struct RelativePathTests {
    /// Linux Foundation's `deletingLastPathComponent` traps on a path of one character, which walking up from
    /// `S/A.swift` reaches.
    @Test func aOneCharacterFolderIsWalkedUpFrom() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/S", withIntermediateDirectories: true)
        try folder.write(
            """
            final class Store {
                func load(id: Int) async -> Int { id }
                func load(id: Int, completion: @escaping (Int) -> Void) {}
            }
            """, to: "S/A.swift")
        let tool = Bundle.main.bundleURL.appendingPathComponent("promise-migrate")
        let process = Process()
        process.executableURL = tool
        process.arguments = ["convert", "--functions", "S"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("had an async version already"), "\(text)")
    }
}
