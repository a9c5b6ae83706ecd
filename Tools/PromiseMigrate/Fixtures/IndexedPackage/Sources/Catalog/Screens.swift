/// Callers: every call's target needs a type the file does not spell out.
final class ItemScreen {
    let store: Store = CachedStore()
    let client = CatalogClient.shared

    func show(id: Int) {
        client.item(id: id) { _ in }
        CatalogClient.shared.start {}
        Indexer.shared.start()
        Indexer.shared.start()
        store.load(key: "a") { _ in }
        makeStore().load(key: "b") { _ in }
        client.items(ids: [1, 2]) { _ in }
    }

    func showAsync(id: Int) async throws {
        _ = try await client.item(id: id)
        _ = try await CatalogClient.shared.item(id: id + 1)
        client.item(id: id) { _ in }
    }

    private func makeStore() -> MemoryStore { CachedStore() }

    /// Same name as `MemoryStore`'s private method: not a call to it.
    private func refresh(completion: @escaping () -> Void) {
        completion()
    }

    func reload() {
        refresh {}
        let cached = CachedStore()
        cached.load(key: "c") { _ in }
    }
}
