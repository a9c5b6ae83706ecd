import AppServices
import Foundation
@preconcurrency import LegacyKit
import PromiseAsync

/// An old completion-handler caller, not migrated yet, served by the new code through `whenComplete`.
public final class LegacyScreen {
    private let service: ProfileService

    public init(service: ProfileService) {
        self.service = service
    }

    /// The signature the old callers use; the body is promise code now.
    public func loadTitle(userID: Int, completion: @escaping @MainActor @Sendable (Result<String, any Error>) -> Void) {
        service.user(id: userID).map(on: .inline) { $0.name }.whenComplete(on: .main, completion)
    }
}
