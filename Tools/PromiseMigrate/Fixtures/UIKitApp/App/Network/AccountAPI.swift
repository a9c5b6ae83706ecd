import Foundation

/// The networking layer: success/failure pairs, and one completion handler.
final class AccountAPI {
    static let shared = AccountAPI()

    func signIn(user: String, success: @escaping (String) -> Void, failure: @escaping (Error) -> Void) {
        success(user)
    }

    func fetchProfile(id: Int, success: @escaping (Profile) -> Void, failure: @escaping (NSError?) -> Void) {
        success(Profile(id: id))
    }

    func start(completion: @escaping () -> Void) {
        completion()
    }
}

struct Profile {
    var id: Int
}

/// A synchronous `start()`, named like AccountAPI's callback API.
final class Analytics {
    static let shared = Analytics()
    func start() {}
}
