import Foundation

/// Where a package or Xcode project lets its Apple platforms start: below macOS 10.15, iOS 13, tvOS 13
/// or watchOS 6, an `async` declaration (and a `Task`) needs an `@available` of its own.
enum DeploymentFloor {
    /// What an async declaration in the project holding `path` needs: nil where every platform the
    /// nearest `Package.swift` (or, failing one, `project.pbxproj`) names starts at concurrency's floor,
    /// or where there is neither. SwiftPM's defaults for platforms a manifest leaves out are below it.
    static let availability = "@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)"

    static func concurrencyAvailability(forFileAt path: String) -> String? {
        switch nearestProject(ofFileAt: path) {
        case .manifest(let text): belowFloor(manifestPlatforms(text), defaults: true) ? availability : nil
        case .xcode(let text): belowFloor(projectPlatforms(text), defaults: false) ? availability : nil
        case nil: nil
        }
    }

    /// The `swift-tools-version` of the nearest `Package.swift` above `path` when it is below 6.0 (as
    /// written: `5.5`): a compiler that old cannot read typed `throws(E)`. Nil for 6.0 and above, or with no
    /// manifest (an Xcode project builds with its Xcode's compiler).
    static func toolsVersionBeforeSix(forFileAt path: String) -> String? {
        guard case .manifest(let text) = nearestProject(ofFileAt: path),
            let match = text.firstMatch(of: /swift-tools-version\s*:\s*(\d+)(\.\d+)?(\.\d+)?/),
            let major = Int(match.1), major < 6
        else { return nil }
        return String(match.1) + String(match.2 ?? "")
    }

    /// What describes the project holding a file: the text of the nearest `Package.swift`, or of the
    /// `project.pbxproj` of an Xcode project in the same folder, walking up from the file.
    private enum Project {
        case manifest(String)
        case xcode(String)
    }

    private static func nearestProject(ofFileAt path: String) -> Project? {
        // From the root: a relative path (`convert --functions .`) would stop at the current folder.
        var folder = PathFolder.of(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        while true {
            let manifest = (folder as NSString).appendingPathComponent("Package.swift")
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8) { return .manifest(text) }
            if let project = xcodeProject(in: folder),
                let text = try? String(contentsOfFile: project, encoding: .utf8)
            {
                return .xcode(text)
            }
            let parent = PathFolder.of(folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    private static let floors: [String: (Int, Int)] = [
        "macOS": (10, 15), "iOS": (13, 0), "tvOS": (13, 0), "watchOS": (6, 0),
    ]
    /// What SwiftPM assumes for a platform a manifest does not name.
    private static let defaults: [String: (Int, Int)] = [
        "macOS": (10, 13), "iOS": (12, 0), "tvOS": (12, 0), "watchOS": (4, 0),
    ]

    private static func belowFloor(_ declared: [String: (Int, Int)], defaults useDefaults: Bool) -> Bool {
        floors.contains { platform, floor in
            guard let version = declared[platform] ?? (useDefaults ? defaults[platform] : nil) else { return false }
            return version < floor
        }
    }

    /// Whether `attributes` (`@available(iOS 15, macOS 12, *)`, as written) hold every Apple platform at
    /// concurrency's floor or above.
    static func covered(by attributes: [String]) -> Bool {
        var stated: [String: (Int, Int)] = [:]
        for attribute in attributes where attribute.hasPrefix("@available(") {
            for match in attribute.matches(of: /(macOS|iOS|tvOS|watchOS)\s+(\d+)(?:\.(\d+))?/) {
                let version = (Int(match.2) ?? 0, Int(match.3 ?? "") ?? 0)
                let old = stated[String(match.1)] ?? version
                stated[String(match.1)] = old < version ? version : old
            }
        }
        return floors.allSatisfy { platform, floor in stated[platform].map { !($0 < floor) } ?? false }
    }

    /// `.iOS(.v12)`, `.macOS(.v10_13)`, `.watchOS("6.2")` in `platforms:` (comments left out).
    static func manifestPlatforms(_ text: String) -> [String: (Int, Int)] {
        let text = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
        var found: [String: (Int, Int)] = [:]
        let pattern = /\.(macOS|iOS|tvOS|watchOS)\(\s*(?:\.v(\d+)(?:_(\d+))?|"(\d+)(?:\.(\d+))?)/
        for match in text.matches(of: pattern) {
            let major = Int(match.2 ?? match.4 ?? "") ?? 0
            let minor = Int(match.3 ?? match.5 ?? "") ?? 0
            let old = found[String(match.1)] ?? (major, minor)
            found[String(match.1)] = old < (major, minor) ? old : (major, minor)
        }
        return found
    }

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET = 12.0;` (and the other platforms') of a project.
    static func projectPlatforms(_ text: String) -> [String: (Int, Int)] {
        let keys = ["IPHONEOS": "iOS", "MACOSX": "macOS", "TVOS": "tvOS", "WATCHOS": "watchOS"]
        var found: [String: (Int, Int)] = [:]
        for match in text.matches(of: /(IPHONEOS|MACOSX|TVOS|WATCHOS)_DEPLOYMENT_TARGET = "?(\d+)(?:\.(\d+))?/) {
            guard let platform = keys[String(match.1)] else { continue }
            let version = (Int(match.2) ?? 0, Int(match.3 ?? "") ?? 0)
            let old = found[platform] ?? version
            found[platform] = old < version ? old : version
        }
        return found
    }

    private static func xcodeProject(in folder: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        guard let project = names.sorted().first(where: { $0.hasSuffix(".xcodeproj") }) else { return nil }
        return ((folder as NSString).appendingPathComponent(project) as NSString)
            .appendingPathComponent("project.pbxproj")
    }
}
