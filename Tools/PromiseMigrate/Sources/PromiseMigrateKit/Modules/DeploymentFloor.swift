import Foundation

/// Where a package or Xcode project lets its Apple platforms start: below macOS 10.15, iOS 13, tvOS 13
/// or watchOS 6, an `async` declaration (and a `Task`) needs an `@available` of its own.
enum DeploymentFloor {
    /// What an async declaration in the project holding `path` needs: nil where every platform the
    /// nearest `Package.swift` (or, failing one, `project.pbxproj`) names starts at concurrency's floor,
    /// or where there is neither. SwiftPM's defaults for platforms a manifest leaves out are below it.
    static let availability = "@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)"

    static func concurrencyAvailability(forFileAt path: String) -> String? {
        var folder = (path as NSString).deletingLastPathComponent
        for _ in 0..<16 {
            let manifest = (folder as NSString).appendingPathComponent("Package.swift")
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
                return belowFloor(manifestPlatforms(text), defaults: true) ? availability : nil
            }
            if let project = xcodeProject(in: folder),
                let text = try? String(contentsOfFile: project, encoding: .utf8)
            {
                return belowFloor(projectPlatforms(text), defaults: false) ? availability : nil
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        return nil
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

    /// `.iOS(.v12)`, `.macOS(.v10_13)`, `.watchOS("6.2")` in `platforms:`.
    static func manifestPlatforms(_ text: String) -> [String: (Int, Int)] {
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
