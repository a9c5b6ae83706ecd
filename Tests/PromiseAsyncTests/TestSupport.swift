import Foundation
import PromiseAsync
import PromiseTestSupport
import Promises
import Testing

/// Suspends until `promise` has `count` observers: a Task awaiting it has registered.
func waitUntilObserved<T>(_ promise: Promise<T>, count: Int = 1) async {
    while promise.observerCount < count { await Task.yield() }
}
