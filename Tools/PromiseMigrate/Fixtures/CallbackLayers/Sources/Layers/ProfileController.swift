import Foundation

/// Layer 3: converts in round 3; it delivers on the main queue.
public final class ProfileController: Sendable {
    let users: UserService

    public init(users: UserService) {
        self.users = users
    }

    public func title(id: Int, completion: @escaping @Sendable (Result<String, Error>) -> Void) {
        users.user(id: id) { result in
            switch result {
            case .success(let user):
                let title = "Profile of \(user.displayName)"
                DispatchQueue.main.async {
                    completion(.success(title))
                }
            case .failure(let error):
                DispatchQueue.main.async {
                    completion(.failure(error))
                }
            }
        }
    }

    public func greeting(id: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {
        users.user(id: id) { result in
            do {
                let user = try result.get()
                completion("Hello, \(user.displayName)", nil)
            } catch {
                completion(nil, error)
            }
        }
    }
}
