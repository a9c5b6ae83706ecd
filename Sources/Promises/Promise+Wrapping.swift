extension Promise {
    /// Runs `body` now with the resolver of a new pending promise: `Promise { resolver in … }` under a
    /// name no other initializer shares, for wrapping a completion-handler API.
    ///
    /// With the initializer, a mistake in the body that the compiler cannot place (a handler of the
    /// wrong type, a typo inside a nested closure) is reported against the initializers whose closure
    /// takes no argument: "contextual closure type '() throws -> String' expects 0 arguments". Here
    /// nothing competes, so the error names the mistake: "cannot convert value of type
    /// '(String?, Error?) -> ()' to expected argument type '(Data?, Error?) -> Void'".
    ///
    /// ```swift
    /// func user(id: Int) -> Promise<User> {
    ///     .wrapping { resolver in store.fetchUser(id: id, completion: resolver.resolve) }
    /// }
    /// ```
    /// A thrown error rejects the promise; a resolver released unsettled rejects it with
    /// `PromiseError.brokenPromise`.
    @inlinable public static func wrapping(
        file: StaticString = #fileID, line: UInt = #line, _ body: (Resolver<Value>) throws -> Void
    ) -> Promise<Value> {
        Promise(file: file, line: line, resolving: body)
    }
}
