import PromiseKit

// Awaits a PromiseKit promise or guarantee: the one piece of the shared scenarios that differs.

func settled<T>(_ promise: Promise<T>) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        promise.map(on: nil) { continuation.resume(returning: $0) }
            .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
    }
}

func settled<T>(_ guarantee: Guarantee<T>) async throws -> T {
    await withCheckedContinuation { continuation in
        _ = guarantee.done(on: nil) { continuation.resume(returning: $0) }
    }
}
