import Foundation

// Async code still calling the fixture's completion-handler APIs, as a team leaves it before
// `promise-migrate convert`. `.ci/migrate` converts this file in the wrap-check package (where `wrap`
// generated the async facades), builds it with warnings as errors, and reports before and after.

/// `(T?, Error?)` with `if let error … else if let user`: converted.
func showUser(_ client: UserClient) async {
    client.fetchUser(id: 1) { user, error in
        if let error {
            print("no user:", error)
        } else if let user {
            print("user", user.name)
        }
    }
}

/// `(Error?)` with `if let error … else`: converted.
func deleteAndReport(_ client: UserClient) async {
    client.deleteUser(id: 2) { error in
        if let error {
            print("not deleted:", error)
        } else {
            print("deleted")
        }
    }
}

/// `(T)` in a throwing function: converted.
func printCount(_ client: UserClient) async throws {
    client.userCount { count in
        print("users:", count)
    }
}

/// `()` in a throwing function: converted.
func logOutEverywhere(_ client: UserClient) async throws {
    client.logOut {
        print("logged out")
    }
}

/// `success:`/`failure:` closures: converted.
func signInAndSay(_ accounts: AccountService) async {
    accounts.signIn(user: "ada", success: { token in
        print("signed in:", token)
    }, failure: { error in
        print("not signed in:", error)
    })
}

/// Left alone: a typed failure (`APIError`) the async facade does not keep.
func printPage(_ client: UserClient) async {
    client.fetchUsers(page: 1) { result in
        switch result {
        case .success(let users): print(users.count)
        case .failure(let problem): print(problem)
        }
    }
}

/// Left alone: a statement after the call ran before its handler.
func deleteThenSay(_ client: UserClient) async {
    client.deleteUser(id: 3) { error in print(error as Any) }
    print("asked")
}
