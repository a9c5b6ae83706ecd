import Foundation

/// A call of one of the codebase's APIs, as the compiler resolved it.
struct CompilerCall: Hashable, Sendable {
    /// 1-based line and UTF-8 column of the called name.
    var line: Int
    var column: Int
    /// The API it reaches.
    var target: FunctionKey
}

/// What an index store says about the codebase: which API each call reaches, each file's module, and
/// which functions override or implement a declaration from outside the codebase.
public struct CompilerReferences: Sendable {
    /// The store read.
    public var storePath: String
    /// Per covered file (index into `Codebase.files`): its calls of the codebase's APIs, in source order.
    var calls: [Int: [CompilerCall]]
    /// Per covered file: where the compiler recorded any symbol (`line << 20 | column`).
    var compiledPositions: [Int: Set<Int>]
    /// Per covered file: calls (`line << 20 | column`) of declarations the files read do not define,
    /// kept only when some files are not covered, whose APIs the syntax may resolve them to.
    var unmappedCalls: [Int: Set<Int>] = [:]
    /// Per covered file: the module the build compiled it in.
    public var modules: [Int: String]
    /// Functions that override or implement something the codebase does not declare (a framework
    /// class's method, a platform protocol's requirement).
    public var foreignOverrides: Set<FunctionKey>
    /// Files the store does not index (resolved by syntax instead).
    public var uncovered: [Int]

    /// Whether the store covers file `index`.
    public func covers(_ index: Int) -> Bool { calls[index] != nil }

    /// Reads the store at `storePath` for `codebase`'s files at `paths`, with the toolchain's libIndexStore
    /// (or the one at `libraryPath`).
    public static func read(
        storePath: String, paths: [String], codebase: Codebase, libraryPath: String? = nil
    ) throws(IndexStoreError) -> CompilerReferences {
        let library = try IndexStoreLibrary.load(path: libraryPath)
        let normalized = paths.map(CanonicalPath.of)
        let contents = try IndexStoreReader(library: library).read(storePath: storePath, paths: Set(normalized))
        let indexed = contents.files

        // The codebase's functions by the compiler's identity, from where each is defined.
        var keysByUSR: [String: FunctionKey] = [:]
        var foreignCandidates: [FunctionKey: [String]] = [:]
        for (fileIndex, path) in normalized.enumerated() {
            guard let file = indexed[path] else { continue }
            var keysByPosition: [Position: FunctionKey] = [:]
            for (index, function) in codebase.files[fileIndex].functions.enumerated() {
                keysByPosition[Position(line: function.line, column: function.column)] = FunctionKey(
                    file: fileIndex, index: index)
            }
            for definition in file.definitions {
                guard let key = keysByPosition[Position(line: definition.line, column: definition.column)] else {
                    continue
                }
                keysByUSR[definition.usr] = key
                if !definition.overrides.isEmpty { foreignCandidates[key] = definition.overrides }
            }
        }
        var calls: [Int: [CompilerCall]] = [:]
        var modules: [Int: String] = [:]
        var positions: [Int: Set<Int>] = [:]
        var unmapped: [Int: Set<Int>] = [:]
        var uncovered: [Int] = []
        let someUncovered = normalized.contains { indexed[$0] == nil }
        for (fileIndex, path) in normalized.enumerated() {
            guard let file = indexed[path] else {
                uncovered.append(fileIndex)
                continue
            }
            modules[fileIndex] = file.module
            positions[fileIndex] = file.positions
            calls[fileIndex] = file.calls.compactMap { call in
                guard let key = keysByUSR[call.usr] else {
                    // Perhaps an API of a file the store does not cover: the syntax may know it.
                    if someUncovered { unmapped[fileIndex, default: []].insert(call.line << 20 | call.column) }
                    return nil
                }
                guard codebase.kind(of: key) != nil else { return nil }
                return CompilerCall(line: call.line, column: call.column, target: key)
            }.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        // Foreign: declared in a module the store does not index (an SDK's), not merely outside the files read.
        let foreign = foreignCandidates.filter { _, overridden in
            overridden.contains { usr in
                guard keysByUSR[usr] == nil else { return false }
                guard let module = Self.module(ofUSR: usr) else { return true }
                return !contents.modules.contains(module)
            }
        }
        return CompilerReferences(
            storePath: storePath, calls: calls, compiledPositions: positions, unmappedCalls: unmapped, modules: modules,
            foreignOverrides: Set(foreign.keys),
            uncovered: uncovered)
    }

    /// The source files the store at `storePath` compiled in the same module as `path`; empty when it
    /// does not index `path`.
    public static func moduleFiles(
        of path: String, storePath: String, libraryPath: String? = nil
    ) throws(IndexStoreError) -> [String] {
        let library = try IndexStoreLibrary.load(path: libraryPath)
        let modules = try IndexStoreReader(library: library).modules(storePath: storePath)
        guard let module = modules[CanonicalPath.of(path)] else { return [] }
        return modules.filter { $0.value == module && FileManager.default.fileExists(atPath: $0.key) }.keys.sorted()
    }

    /// The module a USR's symbol is declared in: `Catalog` for `s:7Catalog5StoreP…` or
    /// `c:@M@Catalog@objc(cs)…`; nil for a C or Objective-C symbol of no Swift module (an SDK's).
    static func module(ofUSR usr: String) -> String? {
        if usr.hasPrefix("c:@M@") {
            return usr.dropFirst(5).split(separator: "@", maxSplits: 1).first.map(String.init)
        }
        guard usr.hasPrefix("s:") else { return nil }
        let rest = usr.dropFirst(2)
        let digits = rest.prefix { $0.isNumber }
        guard let length = Int(digits), length > 0 else { return nil }
        let name = rest.dropFirst(digits.count).prefix(length)
        return name.count == length ? String(name) : nil
    }

    private struct Position: Hashable {
        var line: Int
        var column: Int
    }
}
