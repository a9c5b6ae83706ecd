import CIndexStore
import Foundation

/// A symbol's occurrence at a place in a source file, as the compiler recorded it.
struct IndexedOccurrence: Hashable, Sendable {
    /// 1-based line and UTF-8 column of the name.
    var line: Int
    var column: Int
    /// The symbol's unique identity (its USR).
    var usr: String
    /// Symbols this definition overrides or implements (a superclass method, a protocol requirement).
    var overrides: [String] = []
}

/// What the compiler recorded for one source file: its module, the functions it defines and the calls
/// it makes.
struct IndexedSourceFile: Sendable {
    var module: String
    var definitions: [IndexedOccurrence] = []
    var calls: [IndexedOccurrence] = []
    /// Where any symbol occurs (`line << 20 | column`): code the build compiled. A call the syntax sees
    /// elsewhere sits in an inactive `#if` branch.
    var positions: Set<Int> = []
}

/// Reads an index store (Xcode's DataStore, SwiftPM's `.build/debug/index/store`) for a set of files.
struct IndexStoreReader {
    let library: IndexStoreLibrary

    /// The newest unit's record of each of `paths` (absolute, symlinks resolved) that the store at
    /// `storePath` indexes. Throws when the store is missing, unreadable, indexes none of them, or
    /// indexed one of them before its last change.
    func read(storePath: String, paths: Set<String>) throws(IndexStoreError) -> StoreContents {
        try withStore(at: storePath) { store throws(IndexStoreError) in
            let all = units(in: store, recordsOf: paths)
            let newest = all.filter { paths.contains($0.key) }
            guard !newest.isEmpty else { throw .noUnits(path: storePath) }
            let stale = newest.values.filter { unit in
                let attributes = try? FileManager.default.attributesOfItem(atPath: unit.mainFile)
                guard let changed = attributes?[.modificationDate] as? Date else { return false }
                return changed.timeIntervalSince1970 > unit.modified
            }.map(\.mainFile).sorted()
            guard stale.isEmpty else { throw .stale(store: storePath, files: stale) }

            var files: [String: IndexedSourceFile] = [:]
            for unit in newest.values {
                var file = IndexedSourceFile(module: unit.module)
                for record in unit.records { read(record: record, in: store, into: &file) }
                files[unit.mainFile] = file
            }
            return StoreContents(files: files, modules: Set(all.values.map(\.module)))
        }
    }

    /// What `read` found: the files asked about, and every module the store indexes.
    struct StoreContents {
        var files: [String: IndexedSourceFile]
        var modules: Set<String>
    }

    /// Every source file the store indexes (absolute, symlinks resolved), with the module it was compiled in.
    func modules(storePath: String) throws(IndexStoreError) -> [String: String] {
        try withStore(at: storePath) { store in units(in: store, recordsOf: []).mapValues(\.module) }
    }

    private func withStore<T>(
        at storePath: String, _ body: (indexstore_t) throws(IndexStoreError) -> T
    ) throws(IndexStoreError) -> T {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: storePath, isDirectory: &isFolder), isFolder.boolValue else {
            throw .storeMissing(path: storePath)
        }
        let api = library.functions
        var error: indexstore_error_t?
        guard let store = api.store_create(storePath, &error) else {
            throw .storeUnreadable(path: storePath, reason: library.message(error))
        }
        defer { api.store_dispose(store) }
        return try body(store)
    }

    /// The newest unit of each source file, with its records when the file is one of `wanted`.
    private func units(in store: indexstore_t, recordsOf wanted: Set<String>) -> [String: UnitSummary] {
        let names = Collector<String>()
        _ = library.functions.store_units_apply_f(store, 0, Unmanaged.passUnretained(names).toOpaque()) {
            context, name in
            Unmanaged<Collector<String>>.fromOpaque(context!).takeUnretainedValue().items.append(name.string)
            return true
        }
        var newest: [String: UnitSummary] = [:]
        for name in names.items {
            guard let unit = summary(ofUnit: name, in: store, recordsOf: wanted) else { continue }
            if let known = newest[unit.mainFile], known.modified >= unit.modified { continue }
            newest[unit.mainFile] = unit
        }
        return newest
    }

    private struct UnitSummary {
        var mainFile: String
        var module: String
        var modified: Double
        var records: [String]
    }

    private func summary(ofUnit name: String, in store: indexstore_t, recordsOf wanted: Set<String>) -> UnitSummary? {
        let api = library.functions
        var error: indexstore_error_t?
        guard let reader = api.unit_reader_create(store, name, &error) else {
            _ = library.message(error)
            return nil
        }
        defer { api.unit_reader_dispose(reader) }
        if api.unit_reader_is_system_unit(reader) { return nil }
        let mainFile = api.unit_reader_get_main_file(reader).string
        guard !mainFile.isEmpty else { return nil }
        let normalized = CanonicalPath.of(mainFile)
        var seconds: Int64 = 0
        var nanoseconds: Int64 = 0
        api.unit_reader_get_modification_time(reader, &seconds, &nanoseconds)
        let module = api.unit_reader_get_module_name(reader).string
        let modified = Double(seconds) + Double(nanoseconds) / 1e9
        // Records are read only for the files asked about: a store holds every file of every target.
        guard wanted.contains(normalized) else {
            return UnitSummary(mainFile: normalized, module: module, modified: modified, records: [])
        }
        let dependencies = DependencySink(functions: api)
        _ = api.unit_reader_dependencies_apply_f(reader, Unmanaged.passUnretained(dependencies).toOpaque()) {
            context, dependency in
            Unmanaged<DependencySink>.fromOpaque(context!).takeUnretainedValue().add(dependency!)
            return true
        }
        let own = dependencies.records.filter { CanonicalPath.of($0.path) == normalized }
        return UnitSummary(mainFile: normalized, module: module, modified: modified, records: own.map(\.name))
    }

    private func read(record name: String, in store: indexstore_t, into file: inout IndexedSourceFile) {
        let api = library.functions
        var error: indexstore_error_t?
        guard let reader = api.record_reader_create(store, name, &error) else {
            _ = library.message(error)
            return
        }
        defer { api.record_reader_dispose(reader) }
        let sink = OccurrenceSink(functions: api)
        _ = api.record_reader_occurrences_apply_f(reader, Unmanaged.passUnretained(sink).toOpaque()) {
            context, occurrence in
            Unmanaged<OccurrenceSink>.fromOpaque(context!).takeUnretainedValue().add(occurrence!)
            return true
        }
        file.definitions += sink.definitions
        file.calls += sink.calls
        file.positions.formUnion(sink.positions)
    }

}

/// Gathers what a C callback hands over; lives only for one synchronous apply call.
private final class Collector<Item> {
    var items: [Item] = []
}

/// Keeps a unit's record dependencies: the records of the files it compiled.
private final class DependencySink {
    let functions: cindexstore_functions_t
    var records: [(path: String, name: String)] = []

    init(functions: cindexstore_functions_t) {
        self.functions = functions
    }

    func add(_ dependency: indexstore_unit_dependency_t) {
        guard functions.unit_dependency_get_kind(dependency) == Int32(CINDEXSTORE_DEPENDENCY_RECORD) else { return }
        records.append(
            (
                functions.unit_dependency_get_filepath(dependency).string,
                functions.unit_dependency_get_name(dependency).string
            ))
    }
}

/// Keeps a record's definitions and calls.
private final class OccurrenceSink {
    let functions: cindexstore_functions_t
    var definitions: [IndexedOccurrence] = []
    var calls: [IndexedOccurrence] = []
    var positions: Set<Int> = []
    private var overrides: [String] = []

    init(functions: cindexstore_functions_t) {
        self.functions = functions
    }

    func add(_ occurrence: indexstore_occurrence_t) {
        let roles = functions.occurrence_get_roles(occurrence)
        var line: UInt32 = 0
        var column: UInt32 = 0
        functions.occurrence_get_line_col(occurrence, &line, &column)
        positions.insert(Int(line) << 20 | Int(column))
        let isDefinition = roles & UInt64(CINDEXSTORE_ROLE_DEFINITION | CINDEXSTORE_ROLE_DECLARATION) != 0
        let isCall = roles & UInt64(CINDEXSTORE_ROLE_CALL) != 0
        guard isDefinition || isCall, roles & UInt64(CINDEXSTORE_ROLE_IMPLICIT) == 0 else { return }
        let usr = functions.symbol_get_usr(functions.occurrence_get_symbol(occurrence)).string
        var entry = IndexedOccurrence(line: Int(line), column: Int(column), usr: usr)
        if isDefinition {
            overrides = []
            _ = functions.occurrence_relations_apply_f(occurrence, Unmanaged.passUnretained(self).toOpaque()) {
                context, relation in
                let sink = Unmanaged<OccurrenceSink>.fromOpaque(context!).takeUnretainedValue()
                if sink.functions.symbol_relation_get_roles(relation) & UInt64(CINDEXSTORE_ROLE_REL_OVERRIDEOF) != 0 {
                    sink.overrides.append(
                        sink.functions.symbol_get_usr(sink.functions.symbol_relation_get_symbol(relation)).string)
                }
                return true
            }
            entry.overrides = overrides
            definitions.append(entry)
        } else {
            calls.append(entry)
        }
    }
}
