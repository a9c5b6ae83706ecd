import Foundation

/// Reads which Swift files each target of an Xcode project compiles, from `project.pbxproj`: the files
/// of its Sources build phase, and the folders Xcode 16 keeps in sync (less their exceptions).
enum XcodeProjectReader {
    /// The targets of the project at `project` (a `.xcodeproj` folder).
    static func targets(project: String) -> [BuildTarget] {
        let file = (project as NSString).appendingPathComponent("project.pbxproj")
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let root = PropertyListParser.parse(text), let rootObject = root["rootObject"]?.string
        else { return [] }
        let objects = root["objects"]?.dictionary.mapValues(\.dictionary) ?? [:]
        let projectFolder = PathFolder.of(project)
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.array ?? [] { if let child = child.string { parents[child] = id } }
        }
        let mainGroup = objects[rootObject]?["mainGroup"]?.string
        var resolved: [String: String?] = [:]
        // Groups being resolved: a group that contains itself (a damaged project) has no path, rather than
        // recursing until the stack runs out.
        var resolving: Set<String> = []
        func path(of id: String) -> String? {
            if let known = resolved[id] { return known }
            guard let object = objects[id], resolving.insert(id).inserted else { return nil }
            defer { resolving.remove(id) }
            let own = object["path"]?.string
            let result: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<absolute>": result = own
            case "SOURCE_ROOT":
                result = own.map { (projectFolder as NSString).appendingPathComponent($0) } ?? projectFolder
            case "<group>":
                let base: String?
                if id == mainGroup {
                    base = projectFolder
                } else if let parent = parents[id] {
                    base = path(of: parent)
                } else {
                    base = projectFolder  // a synchronized folder at the top, or a file outside every group
                }
                result = base.map { base in own.map { (base as NSString).appendingPathComponent($0) } ?? base }
            default: result = nil  // BUILT_PRODUCTS_DIR, SDKROOT: not sources
            }
            resolved[id] = .some(result)
            return result
        }
        let targetIDs = objects[rootObject]?["targets"]?.array.compactMap(\.string) ?? []
        var owners: [String: Set<String>] = [:]  // synchronized folder → the targets that sync it
        for id in targetIDs {
            for group in objects[id]?["fileSystemSynchronizedGroups"]?.array.compactMap(\.string) ?? [] {
                owners[group, default: []].insert(id)
            }
        }
        // An exception set lists files of a synchronized folder: taken out of a target that syncs the
        // folder, added to a target that does not (Xcode 16's "target membership" exceptions).
        var added: [String: Set<String>] = [:]
        var removed: [String: Set<String>] = [:]
        for (group, object) in objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = path(of: group) else { continue }
            for exception in object["exceptions"]?.array.compactMap(\.string) ?? [] {
                guard let target = objects[exception]?["target"]?.string else { continue }
                let files = (objects[exception]?["membershipExceptions"]?.array.compactMap(\.string) ?? []).map {
                    CanonicalPath.of((folder as NSString).appendingPathComponent($0))
                }
                if owners[group, default: []].contains(target) {
                    removed[target, default: []].formUnion(files)
                } else {
                    added[target, default: []].formUnion(files)
                }
            }
        }
        var targets: [BuildTarget] = []
        for id in targetIDs {
            guard let target = objects[id], target["isa"]?.string == "PBXNativeTarget",
                let name = target["name"]?.string
            else { continue }
            let productType = target["productType"]?.string ?? ""
            var module = BuildTarget(
                name: name, isTest: productType.contains("unit-test") || productType.contains("ui-testing"))
            for phase in target["buildPhases"]?.array.compactMap(\.string) ?? [] {
                guard objects[phase]?["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFile in objects[phase]?["files"]?.array.compactMap(\.string) ?? [] {
                    guard let reference = objects[buildFile]?["fileRef"]?.string, let file = path(of: reference),
                        file.hasSuffix(".swift")
                    else { continue }
                    module.files.insert(CanonicalPath.of(file))
                }
            }
            for group in target["fileSystemSynchronizedGroups"]?.array.compactMap(\.string) ?? [] {
                if let folder = path(of: group) { module.folders.append(CanonicalPath.of(folder)) }
            }
            module.files.formUnion(added[id] ?? [])
            module.excludedFiles = removed[id] ?? []
            targets.append(module)
        }
        return targets
    }
}
