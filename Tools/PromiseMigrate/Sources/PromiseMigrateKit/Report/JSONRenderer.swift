import Foundation

/// The report as JSON, in the layout `Report` documents (`schemaVersion` tells which).
public enum JSONRenderer {
    /// Pretty-printed JSON with sorted keys, so that two runs over the same tree give the same bytes.
    public static func render(_ report: Report) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }
}
