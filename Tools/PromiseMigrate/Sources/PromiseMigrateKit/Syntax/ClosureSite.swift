import SwiftSyntax

/// The call a closure is passed to, which decides how its body runs.
struct ClosureSite {
    /// `Task { … }`, `Task.detached { … }`, `group.addTask { … }`, SwiftUI's `.task { … }`: the body is async.
    var startsTask = false
    /// `Promise { resolver in … }`, `withCheckedContinuation { … }`: the body
    /// runs at once, in the caller's context.
    var runsAtOnce = false
    /// The body of a promise: the callback calls in it are being wrapped, not written anew.
    var isPromiseBody = false

    private static let taskStarters: Set<String> = [
        "Task", "detached", "addTask", "addTaskUnlessCancelled", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "task",
    ]

    private static let continuationMakers: Set<String> = [
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
        "withUnsafeThrowingContinuation",
    ]

    init(_ closure: ClosureExprSyntax) {
        var call: FunctionCallExprSyntax?
        if let direct = closure.parent?.as(FunctionCallExprSyntax.self) {
            call = direct  // the trailing closure
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self) {
            call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        guard let call else { return }
        let callee = Callee(call.calledExpression)
        if let name = callee.name, Self.taskStarters.contains(name) {
            startsTask = true
        }
        isPromiseBody = callee.isPromiseType && (callee.name == "Promise" || callee.name == "wrapping")
            || callee.isImplicitMember && callee.name == "wrapping"
        runsAtOnce = isPromiseBody || callee.name.map(Self.continuationMakers.contains) == true
    }
}
