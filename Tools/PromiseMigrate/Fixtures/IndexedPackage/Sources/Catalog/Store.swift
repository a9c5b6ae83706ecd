/// A protocol requirement with a completion handler, one conformance, and a subclass override.
public protocol Store {
    func load(key: String, completion: @escaping (String?) -> Void)
}

open class MemoryStore: Store {
    public init() {}
    open func load(key: String, completion: @escaping (String?) -> Void) {
        completion(key)
    }

    /// Private: calls from other files of the same name are not calls to it.
    private func refresh(completion: @escaping () -> Void) {
        completion()
    }

    func refreshAll() {
        refresh {}
    }
}

public final class CachedStore: MemoryStore {
    override public func load(key: String, completion: @escaping (String?) -> Void) {
        super.load(key: key, completion: completion)
    }
}
