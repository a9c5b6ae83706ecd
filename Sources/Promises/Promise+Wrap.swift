extension Promise {
    /// Wraps a callback API whose completion handler takes `(Value?, Error?)`.
    ///
    /// An error wins, then a value; a call with neither rejects with `PromiseError.missingValueAndError`.
    /// Later calls are ignored. If the API drops the handler without calling it, the promise rejects
    /// with `PromiseError.brokenPromise`. A thrown error rejects.
    ///
    /// ```swift
    /// let data = Promise<Data>(wrapping: { legacyLoad(url, completion: $0) })
    /// ```
    @_disfavoredOverload  // `Promise { _ in … }` means the resolver form, not this one
    public init(
        file: StaticString = #fileID, line: UInt = #line,
        wrapping body: (@escaping @Sendable (Value?, (any Error)?) -> Void) throws -> Void
    ) {
        self.init(file: file, line: line) { resolver in try body { value, error in resolver.resolve(value, error) } }
    }

    /// Wraps a callback API whose completion handler takes a `Result`.
    ///
    /// ```swift
    /// let user = Promise<User>(wrapping: { api.fetchUser(id: 7, completion: $0) })
    /// ```
    public init<Failure: Error>(
        file: StaticString = #fileID, line: UInt = #line,
        wrapping body: (@escaping @Sendable (Result<Value, Failure>) -> Void) throws -> Void
    ) {
        self.init(file: file, line: line) { resolver in try body { result in resolver.resolve(result) } }
    }

    /// Wraps a callback API whose completion handler takes only the value (it cannot fail).
    ///
    /// ```swift
    /// let status = Promise<Int32>(wrapping: { process.onExit = $0 })
    /// ```
    @_disfavoredOverload  // `Promise { _ in … }` means the resolver form, not this one
    public init(
        file: StaticString = #fileID, line: UInt = #line,
        wrapping body: (@escaping @Sendable (Value) -> Void) throws -> Void
    ) {
        self.init(file: file, line: line) { resolver in try body { value in resolver.fulfill(value) } }
    }
}

extension Promise where Value == Void {
    /// Wraps a callback API whose completion handler takes only an optional error.
    ///
    /// ```swift
    /// let saved = Promise<Void>(wrapping: { store.save(record, completion: $0) })
    /// ```
    @_disfavoredOverload  // `Promise { _ in … }` means the resolver form, not this one
    public init(
        file: StaticString = #fileID, line: UInt = #line,
        wrapping body: (@escaping @Sendable ((any Error)?) -> Void) throws -> Void
    ) {
        self.init(file: file, line: line) { resolver in try body { error in resolver.resolve(error) } }
    }
}

extension Promise {
    /// Wraps a callback API whose completion handler takes two optional values and an optional error,
    /// as URLSession's `(Data?, URLResponse?, Error?)`: the error wins, then both values; a call
    /// missing either value rejects with `PromiseError.missingValueAndError`.
    ///
    /// ```swift
    /// let response = Promise<(Data, URLResponse)>(wrapping: {
    ///     session.dataTask(with: url, completionHandler: $0).resume()
    /// })
    /// ```
    /// To let cancelling the promise cancel the task, use the resolver form:
    /// ```swift
    /// let response = Promise<(Data, URLResponse)> { resolver in
    ///     let task = session.dataTask(with: url) { resolver.resolve($0, $1, $2) }
    ///     resolver.onCancel { task.cancel() }
    ///     task.resume()
    /// }
    /// ```
    @_disfavoredOverload  // `Promise { _ in … }` means the resolver form, not this one
    public init<First: Sendable, Second: Sendable>(
        file: StaticString = #fileID, line: UInt = #line,
        wrapping body: (@escaping @Sendable (First?, Second?, (any Error)?) -> Void) throws -> Void
    ) where Value == (First, Second) {
        self.init(file: file, line: line) { resolver in
            try body { first, second, error in resolver.resolve(first, second, error) }
        }
    }
}

extension Promise where Value == Void {
    /// Wraps a callback API whose completion handler takes nothing: it fulfills when called.
    ///
    /// ```swift
    /// let flushed = Promise<Void>(wrapping: { cache.flush(completion: $0) })
    /// ```
    @_disfavoredOverload  // `Promise { _ in … }` means the resolver form, not this one
    public init(
        file: StaticString = #fileID, line: UInt = #line,
        wrapping body: (@escaping @Sendable () -> Void) throws -> Void
    ) {
        self.init(file: file, line: line) { resolver in try body { resolver.fulfill() } }
    }
}
