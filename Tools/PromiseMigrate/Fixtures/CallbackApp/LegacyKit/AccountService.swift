import Foundation

/// The Objective-C-era style: one closure for success, another for failure.
final class AccountService: Sendable {
    /// `success: (T)`, `failure: (Error)`.
    func signIn(
        user: String, success: @escaping @Sendable (String) -> Void,
        failure: @escaping @Sendable (any Error) -> Void
    ) {
        if user.isEmpty { failure(APIError.offline) } else { success("token-\(user)") }
    }

    /// `success: ()`, `failure: (NSError?)`, with the closures trailing.
    func signOut(everywhere: Bool, success: @escaping @Sendable () -> Void, failure: @escaping @Sendable (NSError?) -> Void) {
        if everywhere { success() } else { failure(nil) }
    }
}
