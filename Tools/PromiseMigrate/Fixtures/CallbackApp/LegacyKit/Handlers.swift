/// Handler types as legacy code names them.
typealias UserHandler = @Sendable (User?, (any Error)?) -> Void

/// A generic one.
typealias ResultHandler<Success> = @Sendable (Result<Success, any Error>) -> Void
