import CIndexStore
import Foundation

/// Why an index store could not be used. Each message says what to do.
public enum IndexStoreError: Error, Equatable, CustomStringConvertible {
    /// No libIndexStore where the toolchain keeps it.
    case libraryNotFound(searched: [String])
    /// The library is there but does not load, or lacks a function.
    case libraryUnusable(path: String, reason: String)
    /// No store at the path.
    case storeMissing(path: String)
    /// libIndexStore refused the store.
    case storeUnreadable(path: String, reason: String)
    /// The store indexes none of the files asked about.
    case noUnits(path: String)
    /// Sources changed after the store indexed them.
    case stale(store: String, files: [String])

    /// The message, with what to do.
    public var description: String {
        switch self {
        case .libraryNotFound(let searched):
            return "no libIndexStore found (looked at \(searched.joined(separator: ", "))); "
                + "set PROMISE_MIGRATE_LIBINDEXSTORE to the library in your toolchain's usr/lib"
        case .libraryUnusable(let path, let reason):
            return "libIndexStore at \(path) cannot be used: \(reason)"
        case .storeMissing(let path):
            return "no index store at \(path): build first (swift build writes .build/debug/index/store; "
                + "Xcode writes DerivedData/<project>/Index.noindex/DataStore)"
        case .storeUnreadable(let path, let reason):
            return "the index store at \(path) cannot be read: \(reason)"
        case .noUnits(let path):
            return "the index store at \(path) indexes none of these files: build the targets that compile them"
        case .stale(let store, let files):
            let shown =
                files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
            return "the index store at \(store) is stale: \(shown) changed after it was indexed; build again"
        }
    }
}

/// libIndexStore, loaded at run time from the toolchain.
final class IndexStoreLibrary: Sendable {
    let functions: cindexstore_functions_t
    let path: String

    /// Loads the library at `path`, or the toolchain's: `PROMISE_MIGRATE_LIBINDEXSTORE`, then beside the
    /// `swift` on `PATH`, then Xcode's default toolchain.
    static func load(path: String? = nil) throws(IndexStoreError) -> IndexStoreLibrary {
        let candidates = path.map { [$0] } ?? defaultCandidates()
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .libraryNotFound(searched: candidates)
        }
        var functions = cindexstore_functions_t()
        if let failure = cindexstore_load(found, &functions) {
            throw .libraryUnusable(path: found, reason: String(cString: failure))
        }
        return IndexStoreLibrary(functions: functions, path: found)
    }

    private init(functions: cindexstore_functions_t, path: String) {
        self.functions = functions
        self.path = path
    }

    #if os(macOS)
        private static let fileName = "libIndexStore.dylib"
    #else
        private static let fileName = "libIndexStore.so"
    #endif

    static func defaultCandidates() -> [String] {
        var candidates: [String] = []
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["PROMISE_MIGRATE_LIBINDEXSTORE"], !explicit.isEmpty { return [explicit] }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let lib = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib").appendingPathComponent(fileName)
            candidates.append(lib.path)
            break
        }
        #if os(macOS)
            candidates.append(
                "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/" + fileName)
        #endif
        return candidates
    }

    /// The message of `error`, which is disposed.
    func message(_ error: indexstore_error_t?) -> String {
        guard let error else { return "unknown error" }
        defer { functions.error_dispose(error) }
        return functions.error_get_description(error).map { String(cString: $0) } ?? "unknown error"
    }
}

extension indexstore_string_ref_t {
    var string: String {
        guard let data, length > 0 else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
