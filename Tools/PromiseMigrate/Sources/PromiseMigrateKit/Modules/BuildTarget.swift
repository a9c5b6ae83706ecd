/// A module as a build defines it: a SwiftPM target or an Xcode target.
public struct BuildTarget: Hashable, Sendable {
    /// The target's name.
    public var name: String
    /// A test target (SwiftPM's `.testTarget`, an Xcode unit- or UI-test bundle).
    public var isTest: Bool
    /// Folders whose Swift files all belong to it (absolute, symlinks resolved): a SwiftPM target's path,
    /// an Xcode 16 synchronized folder.
    public var folders: [String] = []
    /// Files that belong to it (absolute, symlinks resolved): an Xcode target's Sources build phase.
    public var files: Set<String> = []
    /// Files of `folders` that do not belong to it (an Xcode synchronized folder's exceptions).
    public var excludedFiles: Set<String> = []
}
