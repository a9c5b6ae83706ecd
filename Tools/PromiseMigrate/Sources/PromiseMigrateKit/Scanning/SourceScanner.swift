import Foundation

/// A problem with one file or folder; the run goes on without it.
public struct FileDiagnostic: Error, Codable, Hashable, Sendable {
    /// What went wrong.
    public enum Kind: String, Codable, Sendable {
        /// The path given on the command line does not exist.
        case missingPath
        /// Opening or reading failed (permissions, I/O error).
        case unreadable
        /// NUL bytes: not source text.
        case binary
        /// Not valid UTF-8.
        case notUTF8
        /// A symbolic link that leads back into a folder being scanned, or that resolves to itself.
        case symlinkLoop
        /// A symbolic link to nothing.
        case brokenSymlink
        /// A FIFO, socket or device named `*.swift`.
        case notRegularFile
        /// The file parsed with errors; its counts may be incomplete.
        case syntaxErrors
        /// So many brackets open in a row that parsing would take exponential time (`BracketDepth`), or a
        /// syntax tree too deep to walk (`SyntaxDepth`).
        case nestedTooDeep
    }

    /// The path as reported.
    public var path: String
    /// What went wrong.
    public var kind: Kind
    /// A sentence for people.
    public var message: String
}

/// A Swift file found by the scanner.
public struct SourceFileRef: Hashable, Sendable {
    /// The path as reported: the root as given on the command line, then the path below it.
    public var path: String
    /// Its module: the target that compiles it (a SwiftPM target named in a `Package.swift`, an Xcode
    /// target in a `project.pbxproj`), else the folder it is in, or its first `moduleDepth` folders
    /// below the root.
    public var module: String
    /// Its module is a test target (or, without a build definition, a folder named like tests).
    public var isTest = false
}

/// Finds the `.swift` files under some roots without following a symlink loop forever.
public struct SourceScanner: Sendable {
    /// Folder names never entered (besides hidden ones, whose names start with a dot).
    public var excludedFolders: Set<String>

    /// Folders that hold other people's code or build products.
    public static let defaultExcludedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules"]

    /// How many folders below a root make a module where no `Package.swift` says; nil: the file's folder.
    public var moduleDepth: Int?

    /// A scanner skipping `excludedFolders`.
    public init(excludedFolders: Set<String> = SourceScanner.defaultExcludedFolders, moduleDepth: Int? = nil) {
        self.excludedFolders = excludedFolders
        self.moduleDepth = moduleDepth
    }

    /// Where modules come from while walking: a package's target folder, or folders below the root.
    private struct ModuleScope {
        /// The module every file below belongs to, once a target folder was entered.
        var module: String?
        /// The folder is a package's `Sources` or `Tests`: each folder in it is a target.
        var holdsTargets = false
        /// Folders below the root.
        var depth = 0
    }

    /// The Swift files under `roots` (each a folder or a file), in a stable order, and the problems met.
    public func scan(_ roots: [String]) -> (files: [SourceFileRef], diagnostics: [FileDiagnostic]) {
        let result = scanWithProjects(roots)
        return (result.files, result.diagnostics)
    }

    /// What a scan found: the Swift files, the problems, and the build definitions on the way.
    public struct ScanResult: Sendable {
        /// The Swift files, in a stable order.
        public var files: [SourceFileRef] = []
        /// Files and folders that could not be used.
        public var diagnostics: [FileDiagnostic] = []
        /// `Package.swift` files (paths as reported).
        public var manifests: [String] = []
        /// `.xcodeproj` folders (paths as reported).
        public var projects: [String] = []
    }

    /// `scan(_:)`, with the `Package.swift` files and Xcode projects found under the roots.
    public func scanWithProjects(_ roots: [String]) -> ScanResult {
        var result = ScanResult()
        var files: [SourceFileRef] = []
        var diagnostics: [FileDiagnostic] = []
        var seenFiles: Set<FileIdentity> = []
        for root in roots {
            let shown = Self.normalize(root)
            var info = stat()
            guard stat(root, &info) == 0 else {
                let error = errno
                var linkInfo = stat()
                if lstat(root, &linkInfo) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK {
                    diagnostics.append(Self.linkProblem(path: shown, errno: error))
                } else {
                    diagnostics.append(
                        FileDiagnostic(path: shown, kind: .missingPath, message: "no such file or folder"))
                }
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                var ancestors: [FileIdentity] = [FileIdentity(info)]
                walk(
                    directory: root, shown: shown, scope: ModuleScope(), ancestors: &ancestors, seenFiles: &seenFiles,
                    files: &files, diagnostics: &diagnostics, projects: &result)
            } else {
                // A file given on its own and again inside a folder given too is read once.
                guard seenFiles.insert(FileIdentity(info)).inserted else { continue }
                let module = PathFolder.of(shown)
                files.append(SourceFileRef(path: shown, module: module.isEmpty ? "." : module))
            }
        }
        result.files = files
        result.diagnostics = diagnostics
        return result
    }

    private func walk(
        directory: String, shown: String, scope: ModuleScope, ancestors: inout [FileIdentity],
        seenFiles: inout Set<FileIdentity>, files: inout [SourceFileRef], diagnostics: inout [FileDiagnostic],
        projects: inout ScanResult
    ) {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            diagnostics.append(
                FileDiagnostic(path: shown, kind: .unreadable, message: "cannot list the folder: \(Self.reason(error))")
            )
            return
        }
        let isPackage = entries.contains("Package.swift")
        if isPackage { projects.manifests.append(shown == "." ? "Package.swift" : "\(shown)/Package.swift") }
        let folderModule = scope.module ?? shown
        for name in entries where !name.hasPrefix(".") {
            let path = "\(directory)/\(name)"
            let shownPath = shown == "." ? name : "\(shown)/\(name)"
            var linkInfo = stat()
            guard lstat(path, &linkInfo) == 0 else { continue }  // removed while we scan
            let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
            var info = stat()
            if stat(path, &info) != 0 {
                let error = errno
                if isLink && (name.hasSuffix(".swift") || error == ELOOP) {
                    diagnostics.append(Self.linkProblem(path: shownPath, errno: error))
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard !excludedFolders.contains(name) else { continue }
                if name.hasSuffix(".xcodeproj") {
                    projects.projects.append(shownPath)
                    continue  // no Swift inside
                }
                let identity = FileIdentity(info)
                if ancestors.contains(identity) {
                    diagnostics.append(
                        FileDiagnostic(
                            path: shownPath, kind: .symlinkLoop,
                            message: "symbolic link back to a folder above it; not followed"))
                    continue
                }
                // A folder reached twice (through links to it) is walked once: its files would be counted
                // once anyway, and a maze of links reaches a folder by exponentially many paths.
                guard seenFiles.insert(identity).inserted else { continue }
                ancestors.append(identity)
                var inner = ModuleScope(module: scope.module, depth: scope.depth + 1)
                if inner.module == nil, scope.holdsTargets { inner.module = shownPath }
                if inner.module == nil, let depth = moduleDepth, inner.depth >= depth { inner.module = shownPath }
                inner.holdsTargets = isPackage && inner.module == nil && (name == "Sources" || name == "Tests")
                walk(
                    directory: path, shown: shownPath, scope: inner, ancestors: &ancestors, seenFiles: &seenFiles,
                    files: &files, diagnostics: &diagnostics, projects: &projects)
                ancestors.removeLast()
            case S_IFREG:
                guard name.hasSuffix(".swift") else { continue }
                // A file reached twice (through a link to a sibling folder) is counted once.
                guard seenFiles.insert(FileIdentity(info)).inserted else { continue }
                files.append(SourceFileRef(path: shownPath, module: folderModule))
            default:
                if name.hasSuffix(".swift") {
                    diagnostics.append(
                        FileDiagnostic(
                            path: shownPath, kind: .notRegularFile,
                            message: "not a regular file (a FIFO, socket or device); not read"))
                }
            }
        }
    }

    private static func linkProblem(path: String, errno error: Int32) -> FileDiagnostic {
        if error == ELOOP {
            return FileDiagnostic(path: path, kind: .symlinkLoop, message: "symbolic link loop; not followed")
        }
        return FileDiagnostic(
            path: path, kind: .brokenSymlink, message: "symbolic link to nothing (\(String(cString: strerror(error))))")
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }

    /// `Sources/App` for `./Sources/App/`.
    static func normalize(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "." : path
    }
}

/// A file's identity on disk, to recognise a folder or file reached twice.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
