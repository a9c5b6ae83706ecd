/// What a file contains of each style, and the state that follows.
struct FileStyles {
    /// Completion-handler functions declared or called.
    var callbacks = 0
    /// Promise-returning functions declared, promises made, promise APIs called from synchronous code,
    /// blocking waits.
    var promises = 0
    /// Promise APIs called from async code (`try await api().value`).
    var promisesAwaited = 0
    /// Async functions declared or called, `await`s.
    var async = 0
    /// `import Promises` or `import PromiseAsync`.
    var importsPromiseLibrary = false

    /// No callback, promise or async code: models, helpers.
    var isPlain: Bool { callbacks == 0 && promises == 0 && promisesAwaited == 0 && async == 0 }

    /// The state, by the guide's order: callbacks, then promises, then async code over promises, then
    /// neither callbacks nor promises (a file is done when it no longer imports the library).
    var state: FileState {
        let usesPromises = importsPromiseLibrary || promises > 0 || promisesAwaited > 0
        switch (callbacks > 0, promises > 0, async > 0) {
        case (false, _, _) where !usesPromises: return .done
        case (true, false, false): return .callback
        case (false, _, false): return .promise
        case (false, false, true): return .async
        default: return .mixed
        }
    }
}
