import Foundation

/// A protocol with completion-handler requirements.
protocol KeyValueStore: AnyObject {
    func value(forKey key: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void)
    func save(_ value: String, forKey key: String, completion: @escaping @Sendable ((any Error)?) -> Void)
}

/// An in-memory store.
final class MemoryStore: KeyValueStore, @unchecked Sendable {  // `values` is only touched under `lock`
    private let lock = NSLock()
    private var values: [String: String] = [:]

    func value(forKey key: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void) {
        lock.lock()
        let value = values[key]
        lock.unlock()
        completion(.success(value))
    }

    func save(_ value: String, forKey key: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        lock.lock()
        values[key] = value
        lock.unlock()
        completion(nil)
    }
}

/// Settings, isolated to the main actor as UI code is; its handler is `@MainActor` too.
@MainActor
final class SettingsStore {
    private var flags: [String: Bool] = [:]

    func flag(_ name: String, completion: @escaping @MainActor (Bool) -> Void) {
        completion(flags[name] ?? false)
    }
}

/// An actor with a completion-handler method.
actor Counter {
    private var count = 0

    func increment(by amount: Int, completion: @escaping @Sendable (Int) -> Void) {
        count += amount
        completion(count)
    }
}

/// A generic cache, with a method in a constrained extension.
final class Cache<Key: Hashable, Value>: @unchecked Sendable {  // `storage` is only touched under `lock`
    private let lock = NSLock()
    private var storage: [Key: Value] = [:]

    func value(for key: Key, completion: @escaping (Value?, (any Error)?) -> Void) {
        lock.lock()
        let value = storage[key]
        lock.unlock()
        completion(value, nil)
    }
}

extension Cache where Key == String {
    func value(named name: String, completion: @escaping (Value?, (any Error)?) -> Void) {
        value(for: name, completion: completion)
    }
}
