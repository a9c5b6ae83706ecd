import Dispatch
import NIOCore
import NIOEmbedded
import NIOPosix
import OpenCombine
import PromiseAsync
import Promises

/// Shared fixtures: an event loop for NIO and a serial queue standing in for "another thread".
struct Fixtures: Sendable {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    var loop: any EventLoop { group.next() }
    let worker = DispatchQueue(label: "benchmark.worker")
}

@inline(never) func blackHole<T>(_ value: T) { _ = value }
@inline(never) func asyncOne() async -> Int { 1 }

/// A one-shot box for OpenCombine's `Future` promise, fulfilled after the chain is built.
// @unchecked: `fulfill` is written once, before anything that calls it is started (on another thread,
// through Dispatch, which orders the write before the call).
final class CombineTrigger: @unchecked Sendable {
    var fulfill: ((Result<Int, Never>) -> Void)?
}

func chainWorkloads(_ fixtures: Fixtures, links: Int) -> [Workload] {
    let loop = fixtures.loop
    let pending = Workload(
        name: "then-link-pending", iterations: 2_000, operationsPerIteration: links,
        contenders: [
            Contender(
                name: "Promises",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let (head, resolver) = Promise<Int>.pending()
                        var tail = head
                        for _ in 0..<links { tail = tail.map(on: .inline) { $0 &+ 1 } }
                        resolver.fulfill(0)
                        precondition(tail.currentResult != nil)
                    }
                }),
            Contender(
                name: "NIO",
                body: .blocking { iterations in
                    try loop.submit {
                        for _ in 0..<iterations {
                            let promise = loop.makePromise(of: Int.self)
                            var tail = promise.futureResult
                            for _ in 0..<links { tail = tail.map { $0 &+ 1 } }
                            promise.succeed(0)
                            blackHole(tail)
                        }
                    }.wait()
                }),
            Contender(
                name: "NIO-embedded",
                body: .blocking { iterations in
                    let embedded = EmbeddedEventLoop()
                    for _ in 0..<iterations {
                        let promise = embedded.makePromise(of: Int.self)
                        var tail = promise.futureResult
                        for _ in 0..<links { tail = tail.map { $0 &+ 1 } }
                        promise.succeed(0)
                        blackHole(tail)
                    }
                }),
            Contender(
                name: "OpenCombine",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let trigger = CombineTrigger()
                        var tail = Future<Int, Never> { trigger.fulfill = $0 }.eraseToAnyPublisher()
                        for _ in 0..<links { tail = tail.map { $0 &+ 1 }.eraseToAnyPublisher() }
                        var seen = 0
                        let subscription = tail.sink { seen = $0 }
                        trigger.fulfill?(.success(0))
                        precondition(seen == links)
                        subscription.cancel()
                    }
                }),
        ])
    let resolved = Workload(
        name: "then-link-resolved", iterations: 2_000, operationsPerIteration: links,
        contenders: [
            Contender(
                name: "Promises",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        var tail = Promise(0)
                        for _ in 0..<links { tail = tail.map(on: .inline) { $0 &+ 1 } }
                        precondition(tail.currentResult != nil)
                    }
                }),
            Contender(
                name: "NIO",
                body: .blocking { iterations in
                    try loop.submit {
                        for _ in 0..<iterations {
                            var tail = loop.makeSucceededFuture(0)
                            for _ in 0..<links { tail = tail.map { $0 &+ 1 } }
                            blackHole(tail)
                        }
                    }.wait()
                }),
            Contender(
                name: "NIO-embedded",
                body: .blocking { iterations in
                    let embedded = EmbeddedEventLoop()
                    for _ in 0..<iterations {
                        var tail = embedded.makeSucceededFuture(0)
                        for _ in 0..<links { tail = tail.map { $0 &+ 1 } }
                        blackHole(tail)
                    }
                }),
            Contender(
                name: "OpenCombine",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        var tail = Future<Int, Never> { $0(.success(0)) }.eraseToAnyPublisher()
                        for _ in 0..<links { tail = tail.map { $0 &+ 1 }.eraseToAnyPublisher() }
                        var seen = 0
                        let subscription = tail.sink { seen = $0 }
                        precondition(seen == links)
                        subscription.cancel()
                    }
                }),
        ])
    // A chain of side effects (`then`, which returns a promise that settles after its body): what
    // ordered side effects cost per link, next to a `map` link above. NIO's nearest is a `map` that
    // passes the value on.
    let sideEffects = Workload(
        name: "then-side-effect-pending", iterations: 2_000, operationsPerIteration: links,
        contenders: [
            Contender(
                name: "Promises",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let (head, resolver) = Promise<Int>.pending()
                        var tail = head
                        for _ in 0..<links { tail = tail.then(on: .inline) { blackHole($0) } }
                        resolver.fulfill(0)
                        precondition(tail.currentResult != nil)
                    }
                }),
            Contender(
                name: "NIO-embedded",
                body: .blocking { iterations in
                    let embedded = EmbeddedEventLoop()
                    for _ in 0..<iterations {
                        let promise = embedded.makePromise(of: Int.self)
                        var tail = promise.futureResult
                        for _ in 0..<links {
                            tail = tail.map {
                                blackHole($0)
                                return $0
                            }
                        }
                        promise.succeed(0)
                        blackHole(tail)
                    }
                }),
        ])
    return [pending, resolved, sideEffects]
}

func createMapFulfillWait(_ fixtures: Fixtures) -> Workload {
    let loop = fixtures.loop
    let worker = fixtures.worker
    return Workload(
        name: "create-map-fulfill-wait", iterations: 20_000, operationsPerIteration: 1,
        contenders: [
            Contender(
                name: "Promises",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let (promise, resolver) = Promise<Int>.pending()
                        let mapped = promise.map(on: .inline) { $0 + 1 }
                        worker.async { resolver.fulfill(1) }
                        blackHole(try mapped.wait())
                    }
                }),
            Contender(
                name: "NIO",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let promise = loop.makePromise(of: Int.self)
                        let mapped = promise.futureResult.map { $0 + 1 }
                        loop.execute { promise.succeed(1) }
                        blackHole(try mapped.wait())
                    }
                }),
            // The worker is started after the chain is built, in the workload's order as for the others
            // (a `Future` that starts it in its initializer: create-map-fulfill-wait-parts).
            Contender(
                name: "OpenCombine",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let done = DispatchSemaphore(value: 0)
                        let trigger = CombineTrigger()
                        let future = Future<Int, Never> { trigger.fulfill = $0 }
                        let subscription = future.map { $0 + 1 }.sink { _ in done.signal() }
                        worker.async { trigger.fulfill?(.success(1)) }
                        done.wait()
                        subscription.cancel()
                    }
                }),
            Contender(
                name: "floor",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        let done = DispatchSemaphore(value: 0)
                        worker.async { done.signal() }
                        done.wait()
                    }
                }),
        ])
}

/// The `all` workloads `included` selects (their inputs are built up front, a million at most).
func allWorkloads(_ fixtures: Fixtures, including included: (String) -> Bool) -> [Workload] {
    let loop = fixtures.loop
    let sizes: [(Int, String)] = [(1_000, "all-1k"), (10_000, "all-10k"), (100_000, "all-100k"), (1_000_000, "all-1m")]
    return sizes.filter { included($0.1) }.map { count, name -> Workload in
        let promises = (0..<count).map { Promise($0) }
        let loopFutures = (0..<count).map { loop.makeSucceededFuture($0) }
        let publishers = (0..<count).map { Just($0) }
        var contenders = [
            Contender(
                name: "Promises",
                body: .blocking { iterations in
                    for _ in 0..<iterations {
                        precondition(Promise.all(promises).currentResult != nil)
                    }
                }),
            Contender(
                name: "NIO",
                body: .blocking { iterations in
                    try loop.submit {
                        for _ in 0..<iterations { blackHole(EventLoopFuture.whenAllSucceed(loopFutures, on: loop)) }
                    }.wait()
                }),
        ]
        if count <= 100_000 {
            contenders.append(
                Contender(
                    name: "OpenCombine",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            var values: [Int] = []
                            let subscription = publishers.publisher.flatMap { $0 }.collect().sink { values = $0 }
                            precondition(values.count == count)
                            subscription.cancel()
                        }
                    }))
        }
        return Workload(
            name: name, iterations: max(2, 2_000_000 / count), operationsPerIteration: count, contenders: contenders)
    }
}

func waitAndAsyncWorkloads(_ fixtures: Fixtures) -> [Workload] {
    let loop = fixtures.loop
    let worker = fixtures.worker
    let settledPromise = Promise(1)
    let settledFuture = loop.makeSucceededFuture(1)
    return [
        Workload(
            name: "wait-cross-thread", iterations: 20_000, operationsPerIteration: 1,
            // Every contender is settled by NIO's event-loop thread, where NIO settles its promise
            // anyway (succeeding it elsewhere hops there): which thread settles moves this round trip
            // more than which library waits. On a Dispatch worker: wait-cross-thread-parts.
            contenders: [
                Contender(
                    name: "Promises",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = Promise<Int>.pending()
                            loop.execute { resolver.fulfill(1) }
                            blackHole(try promise.wait())
                        }
                    }),
                Contender(
                    name: "NIO",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let promise = loop.makePromise(of: Int.self)
                            loop.execute { promise.succeed(1) }
                            blackHole(try promise.futureResult.wait())
                        }
                    },
                    iterationScale: 0.2),
                Contender(
                    name: "floor",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let done = DispatchSemaphore(value: 0)
                            loop.execute { done.signal() }
                            done.wait()
                        }
                    }),
            ]),
        Workload(
            name: "value-settled", iterations: 1_000_000, operationsPerIteration: 1,
            contenders: [
                Contender(
                    name: "Promises",
                    body: .async { iterations in
                        for _ in 0..<iterations { blackHole(try await settledPromise.value) }
                    }),
                Contender(
                    name: "NIO",
                    body: .async { iterations in
                        for _ in 0..<iterations { blackHole(try await settledFuture.get()) }
                    },
                    iterationScale: 0.01),
                Contender(
                    name: "floor",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(try await withCheckedThrowingContinuation { $0.resume(returning: 1) })
                        }
                    }),
            ]),
        Workload(
            name: "value-pending", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                Contender(
                    name: "Promises",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = Promise<Int>.pending()
                            worker.async { resolver.fulfill(1) }
                            blackHole(try await promise.value)
                        }
                    }),
                Contender(
                    name: "NIO",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            let promise = loop.makePromise(of: Int.self)
                            loop.execute { promise.succeed(1) }
                            blackHole(try await promise.futureResult.get())
                        }
                    },
                    iterationScale: 0.2),
                Contender(
                    name: "floor",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(
                                try await withCheckedThrowingContinuation { continuation in
                                    worker.async { continuation.resume(returning: 1) }
                                })
                        }
                    }),
            ]),
        Workload(
            name: "async-roundtrip", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                Contender(
                    name: "Promises",
                    body: .async { iterations in
                        for _ in 0..<iterations { blackHole(try await Promise { await asyncOne() }.value) }
                    }),
                Contender(
                    name: "NIO",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(try await loop.makeFutureWithTask { await asyncOne() }.get())
                        }
                    },
                    iterationScale: 0.2),
                Contender(
                    name: "floor",
                    body: .async { iterations in
                        for _ in 0..<iterations { blackHole(await Task { await asyncOne() }.value) }
                    }),
            ]),
    ]
}
