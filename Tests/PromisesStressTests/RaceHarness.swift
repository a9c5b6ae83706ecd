import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import PromiseAsync
@testable import Promises

/// Rounds per race (see `TestScale`).
let stressRounds = TestScale.size(quick: 10_000, full: 100_000, minimum: 500)

/// What a racing thread does to one promise.
enum RaceOperation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case settle, observe, cancel, timeout, awaitValue, cancelTask, dropResolver

    var testDescription: String { rawValue }
}

/// Every unordered pair of operations, each racing against itself too.
let racePairs: [(RaceOperation, RaceOperation)] = {
    let all = RaceOperation.allCases
    return all.indices.flatMap { first in all[first...].map { (all[first], $0) } }
}()

/// One promise under test and the counters that prove exactly-once delivery.
final class RaceSubject: Sendable {
    let promise: Promise<Int>
    let resolver: LockedBox<Resolver<Int>?>
    /// Settle calls that won, by any path (fulfil, cancel, broken resolver).
    let settleWins = Counter()
    let observerRuns = Counter()
    let timeoutRuns = Counter()
    let cancelHandlerRuns = Counter()
    let awaitResumes = Counter()
    let tasks = LockedBox<[Task<Void, Never>]>([])

    init() {
        let (promise, resolver) = Promise<Int>.pending()
        self.promise = promise
        self.resolver = LockedBox(resolver)
        resolver.onCancel { [cancelHandlerRuns] in cancelHandlerRuns.increment() }
    }

    func startAwaiting() {
        let task = Task { [promise, awaitResumes] in
            _ = await promise.result
            awaitResumes.increment()
        }
        tasks.withLock { $0.append(task) }
    }

    func perform(_ operation: RaceOperation, index: Int) {
        switch operation {
        case .settle:
            if let resolver = resolver.withLock({ $0 }), resolver.settle(.success(index)) { settleWins.increment() }
        case .observe:
            promise.whenComplete(on: .inline) { [observerRuns] _ in observerRuns.increment() }
        case .cancel:
            if promise.core.cancel() { settleWins.increment() }
        case .timeout:
            promise.timeout(.microseconds(50)).whenComplete(on: .inline) { [timeoutRuns] _ in timeoutRuns.increment() }
        case .awaitValue:
            startAwaiting()
        case .cancelTask:
            for task in tasks.withLock({ $0 }) { task.cancel() }
        case .dropResolver:
            resolver.withLock { $0 = nil }
        }
    }
}
