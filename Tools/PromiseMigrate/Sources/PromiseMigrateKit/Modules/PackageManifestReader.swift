import Foundation
import SwiftParser
import SwiftSyntax

/// Reads the targets of a `Package.swift` from its syntax: `.target(name:path:)` and its siblings.
/// Nothing is executed; a path given by an expression other than a string literal falls back to
/// SwiftPM's default folders.
enum PackageManifestReader {
    private static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    /// The targets of the manifest at `manifest` (a `Package.swift`), with folders resolved.
    static func targets(manifest: String) -> [BuildTarget] {
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else { return [] }
        let root = PathFolder.of(manifest)
        let finder = TargetCallFinder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: text))
        var targets: [BuildTarget] = []
        var seen: Set<String> = []
        for call in finder.calls {
            guard let kind = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                targetKinds.contains(kind), let name = stringArgument("name", of: call), !seen.contains(name),
                !isDependency(call)
            else { continue }
            let isTest = kind == "testTarget"
            let folder: String?
            if let path = stringArgument("path", of: call) {
                folder = (root as NSString).appendingPathComponent(path)
            } else {
                let parents =
                    isTest ? ["Tests"] : kind == "plugin" ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
                folder = parents.map { "\(root)/\($0)/\(name)" }.first { FileManager.default.fileExists(atPath: $0) }
            }
            guard let folder else { continue }
            seen.insert(name)
            targets.append(BuildTarget(name: name, isTest: isTest, folders: [CanonicalPath.of(folder)]))
        }
        return targets
    }

    /// `.target(name: "Core")` inside a `dependencies:` list names a dependency, not a target.
    private static func isDependency(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call).parent
        while let current = node {
            if let argument = current.as(LabeledExprSyntax.self), argument.label?.text == "dependencies" { return true }
            node = current.parent
        }
        return false
    }

    private static func stringArgument(_ label: String, of call: FunctionCallExprSyntax) -> String? {
        guard let argument = call.arguments.first(where: { $0.label?.text == label }),
            let literal = argument.expression.as(StringLiteralExprSyntax.self),
            literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
    }

    private final class TargetCallFinder: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node)
            return .visitChildren
        }
    }
}
