import Dispatch
import Foundation
import NIOCore
import NIOEmbedded
import NIOPosix
import Promises

/// Thread counts for the multi-thread workloads: `--threads 1,2,16`, or 1, 2 and every core.
func threadCounts(_ option: String?) -> [Int] {
    if let option {
        return option.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return Array(Set([1, 2, cores])).sorted()
}

/// The promise lifecycle on `threads` threads at once, each on its own promises: create one, attach
/// one callback, fulfill it. ns per lifecycle of wall time, so N threads that scale perfectly show
/// 1/N of the one-thread figure. NIO's nearest is an `EmbeddedEventLoop` per thread (its promises
/// are not thread-safe, so it pays for no lock); NIO on a real loop would hop threads.
func createAttachFulfill(threads: Int) -> Workload {
    Workload(
        name: "create-attach-fulfill-\(threads)t", iterations: 400_000, operationsPerIteration: 1,
        contenders: [
            Contender(
                name: "Promises",
                body: .threaded(threads: threads) { _, iterations in
                    for _ in 0..<iterations {
                        let (promise, resolver) = Promise<Int>.pending()
                        promise.whenComplete(on: .inline) { blackHole($0) }
                        resolver.fulfill(1)
                    }
                }),
            Contender(
                name: "NIO-embedded",
                body: .threaded(threads: threads) { _, iterations in
                    let loop = EmbeddedEventLoop()
                    for _ in 0..<iterations {
                        let promise = loop.makePromise(of: Int.self)
                        promise.futureResult.whenComplete { blackHole($0) }
                        promise.succeed(1)
                    }
                }),
        ])
}

/// Fan-in: `threads` threads fulfill the 10,000 promises one `all` gathers. ns per element.
/// NIO gathers with `whenAllSucceed` on its event loop; fulfilling from other threads hops to it.
func fanIn(threads: Int, _ fixtures: Fixtures) -> Workload {
    let count = 10_000
    let loop = fixtures.loop
    return Workload(
        name: "fan-in-\(threads)t", iterations: 20, operationsPerIteration: count,
        contenders: [
            Contender(
                name: "Promises",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let pairs = (0..<count).map { _ in Promise<Int>.pending() }
                        let all = Promise.all(pairs.map(\.promise))
                        let resolvers = pairs.map(\.resolver)
                        ThreadGang.of(threads).run { thread in
                            for index in stride(from: thread, to: count, by: threads) {
                                resolvers[index].fulfill(index)
                            }
                        }
                        precondition((try? all.currentResult?.get().count) == count)
                    }
                }),
            Contender(
                name: "NIO",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let promises = try! loop.submit { (0..<count).map { _ in loop.makePromise(of: Int.self) } }
                            .wait()
                        let all = EventLoopFuture.whenAllSucceed(promises.map(\.futureResult), on: loop)
                        ThreadGang.of(threads).run { thread in
                            for index in stride(from: thread, to: count, by: threads) {
                                promises[index].succeed(index)
                            }
                        }
                        precondition((try? all.wait().count) == count)
                    }
                }),
        ])
}
