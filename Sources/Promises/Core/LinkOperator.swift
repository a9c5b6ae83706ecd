/// Where a link's step is called: on its queue, or first on the settling thread, where it may settle
/// an outcome that needs no queue (`then` passes a rejection straight through) or decline.
@usableFromInline enum LinkCall: Sendable {
    case onQueue
    case beforeHop
}

/// How an operator settles a derived promise from its upstream's outcome (`map`'s `MapOperator`,
/// `then`'s `ThenOperator`, …). A static method, so a link stores only the operator's `Payload` (its
/// closures): a stored function, though it captured nothing, took 16 bytes of every link and a
/// release when it went (issue 37). `Sendable` (and so its metatype, SE-0470): the closures that
/// cross threads, the callback registered upstream and the job a queue runs, use the conformance.
/// The operators are caseless enums, with nothing to share.
@usableFromInline protocol LinkOperator: Sendable {
    associatedtype Input: Sendable
    associatedtype Output: Sendable
    associatedtype Payload: Sendable

    /// Settles `derived` for the outcome and returns true; or, called `.beforeHop`, may return false
    /// without doing anything, to be called again `.onQueue`.
    static func apply(
        _ payload: Payload, _ result: Result<Input, any Error>, _ derived: Promise<Output>, _ call: LinkCall
    ) -> Bool
}

extension Promise {
    /// For the error operators' steps: the error `result` holds, if the step handles it (a
    /// cancellation only `includingCancellation`); otherwise nil, once this promise has settled like
    /// `result`.
    @inlinable func handledError(in result: Result<Value, any Error>, includingCancellation: Bool) -> (any Error)? {
        guard case .failure(let error) = result, includingCancellation || !error.isCancellation else {
            settle(result)
            return nil
        }
        return error
    }
}
