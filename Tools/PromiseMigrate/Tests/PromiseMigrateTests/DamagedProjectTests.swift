import Foundation
import Testing

/// Project files as a bad merge can leave them.
@Suite struct DamagedProjectTests {
    /// A group that lists itself among its children had no end to its path; the report recursed until
    /// the stack ran out.
    @Test func aGroupThatContainsItselfHasNoPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            atPath: folder.path + "/P.xcodeproj", withIntermediateDirectories: true)
        try folder.write(
            """
            { objects = { G = {children = (G, F);}; F = {path = A.swift;}; B = {fileRef = F;};
              P = {isa = PBXSourcesBuildPhase; files = (B);}; T = {isa = PBXNativeTarget; name = App;
              buildPhases = (P);}; R = {targets = (T);}; }; rootObject = R; }
            """, to: "P.xcodeproj/project.pbxproj")
        try folder.write("func load(completion: @escaping (Error?) -> Void) {}\n", to: "A.swift")
        let run = runCommand(["report", folder.path])
        #expect(run.status == 0, "\(run.output.stderr)")
    }
}
