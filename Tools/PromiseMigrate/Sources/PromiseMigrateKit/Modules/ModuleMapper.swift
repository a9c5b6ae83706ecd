import Foundation

/// Puts each scanned file in the module its build defines: the SwiftPM target or Xcode target that
/// compiles it; files no build names keep their folder module.
public enum ModuleMapper {
    /// After the folder of a file that no target of the build compiles.
    static let noTarget = " (no target)"
    /// `scan`'s files with their modules set from its manifests and projects.
    public static func assign(_ scan: SourceScanner.ScanResult) -> [SourceFileRef] {
        var targets: [BuildTarget] = []
        for manifest in scan.manifests { targets += PackageManifestReader.targets(manifest: manifest) }
        let packageTargets = targets.count
        for project in scan.projects { targets += XcodeProjectReader.targets(project: project) }
        let names = uniqueNames(targets)
        // Products before tests, so that a file two targets compile counts for the product.
        let ordered = targets.indices.sorted { (targets[$0].isTest ? 1 : 0, $0) < (targets[$1].isTest ? 1 : 0, $1) }
        let manifests = Set(scan.manifests.map(CanonicalPath.of))
        let defined = !targets.isEmpty
        return scan.files.compactMap { file in
            var file = file
            let path = CanonicalPath.of(file.path)
            if manifests.contains(path) || isVersionedManifest(path, manifests) { return nil }  // the build's, not code
            // A package's target first (a library built by SwiftPM and by an Xcode project is the
            // package's module), then the Xcode target that lists the file, then a synchronized folder.
            if let index = bestFolderMatch(path, targets: targets, among: ordered.filter { $0 < packageTargets })
                ?? ordered.first(where: { targets[$0].files.contains(path) })
                ?? bestFolderMatch(path, targets: targets, among: ordered)
            {
                file.module = names[index]
                file.isTest = targets[index].isTest
            } else {
                file.isTest = looksLikeTests(file.module)
                if defined { file.module += noTarget }  // the build compiles it nowhere
            }
            return file
        }
    }

    /// `Package@swift-6.0.swift` beside a `Package.swift`.
    private static func isVersionedManifest(_ path: String, _ manifests: Set<String>) -> Bool {
        let name = (path as NSString).lastPathComponent
        guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") else { return false }
        return manifests.contains(
            (PathFolder.of(path) as NSString).appendingPathComponent("Package.swift"))
    }

    /// The target whose folder holds `path` most closely.
    private static func bestFolderMatch(_ path: String, targets: [BuildTarget], among ordered: [Int]) -> Int? {
        var best: (index: Int, length: Int)?
        for index in ordered where !targets[index].excludedFiles.contains(path) {
            for folder in targets[index].folders where path.hasPrefix(folder + "/") {
                if best == nil || folder.count > best!.length { best = (index, folder.count) }
            }
        }
        return best?.index
    }

    /// The other files of `file`'s module as its repository's build defines it (the SwiftPM or Xcode
    /// target that compiles it), or, with `moduleDepth`, the folder that many levels below the
    /// repository's root that holds it; nil when neither says.
    public static func moduleFiles(of file: String, moduleDepth: Int? = nil) -> [String]? {
        let target = CanonicalPath.of(file)
        var folder = PathFolder.of(target)
        var outermost: String?
        let manager = FileManager.default
        while true {
            let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            if entries.contains("Package.swift") || entries.contains(where: { $0.hasSuffix(".xcodeproj") }) {
                outermost = folder
            }
            if entries.contains(".git") {
                outermost = folder
                break
            }
            let parent = PathFolder.of(folder)
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        guard let root = outermost else { return nil }
        let scan = SourceScanner(moduleDepth: moduleDepth).scanWithProjects([root])
        let files = assign(scan)
        guard let own = files.first(where: { CanonicalPath.of($0.path) == target }) else { return nil }
        let definedByBuild = !scan.manifests.isEmpty || !scan.projects.isEmpty
        let ownFolder = PathFolder.of(own.path)
        let inTarget = definedByBuild && own.module != ownFolder && !own.module.hasSuffix(noTarget)
        guard moduleDepth != nil || inTarget else { return nil }
        return files.filter { $0.module == own.module }.map(\.path)
    }

    /// Target names, made unique with their folder where two builds use one name.
    private static func uniqueNames(_ targets: [BuildTarget]) -> [String] {
        let counts = Dictionary(targets.map { ($0.name, 1) }, uniquingKeysWith: +)
        return targets.map { target in
            guard counts[target.name, default: 0] > 1, let folder = target.folders.first else { return target.name }
            return "\(target.name) (\((folder as NSString).lastPathComponent))"
        }
    }

    /// A folder module named like tests: `Tests`, `AppTests`, `UITests`, `Specs`.
    static func looksLikeTests(_ module: String) -> Bool {
        module.split(separator: "/").contains { component in
            component.hasSuffix("Tests") || component.hasSuffix("Test") || component == "Specs"
                || component.hasSuffix("Specs") || component.lowercased() == "tests"
        }
    }
}
