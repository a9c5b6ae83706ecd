import PromiseAsync

// Awaits a promise: the one piece of the shared scenarios that differs.

func settled<T>(_ promise: Promise<T>) async throws -> T {
    try await promise.value
}
