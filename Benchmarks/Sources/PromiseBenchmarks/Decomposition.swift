import Dispatch
import OpenCombine
import PromiseAsync
import Promises

/// Workloads that take a goal's gap apart: the same round trip with the library's parts added one at a
/// time. Run only when named with `--only`; they print a table of their own (each part ÷ `floor`).
func decompositionWorkloads(_ fixtures: Fixtures) -> [Workload] {
    let worker = fixtures.worker
    // The whole round trip and its floor are the contenders of the workloads being taken apart.
    let whole = waitAndAsyncWorkloads(fixtures)
    let mapWait = createMapFulfillWait(fixtures)
    func mapped(_ name: String, as part: String) -> Contender {
        Contender(name: part, body: mapWait.contenders.first { $0.name == name }!.body)
    }
    func contender(_ workload: String, _ name: String, as part: String) -> Contender {
        contender(whole.first { $0.name == workload }!, name, as: part)
    }
    func contender(_ workload: Workload, _ name: String, as part: String) -> Contender {
        let whole = workload.contenders.first { $0.name == name }!
        return Contender(name: part, body: whole.body, iterationScale: whole.iterationScale)
    }
    let links = 100
    func leastLinks(padded: Bool, as part: String) -> Contender {
        Contender(
            name: part,
            body: .blocking { iterations in
                for _ in 0..<iterations {
                    let head = BareLink.pending(padded: padded)
                    var tail = head
                    for _ in 0..<links { tail = tail.then { blackHole($0) } }
                    head.settle(.success(0))
                    precondition(tail.isSettled)
                }
            })
    }
    let sideEffects = chainWorkloads(fixtures, links: links).first { $0.name == "then-side-effect-pending" }!
    /// A semaphore signalled from `worker`, with `between` run before the wait.
    func semaphoreRoundTrip(_ between: @escaping @Sendable () -> Void) -> Body {
        .blocking { iterations in
            for _ in 0..<iterations {
                let done = DispatchSemaphore(value: 0)
                worker.async { done.signal() }
                between()
                done.wait()
            }
        }
    }
    /// `wait()` on a promise fulfilled on `worker` (wait-cross-thread settles on NIO's event loop).
    let waitOnWorker = Contender(
        name: "wait()",
        body: .blocking { iterations in
            for _ in 0..<iterations {
                let (promise, resolver) = Promise<Int>.pending()
                worker.async { resolver.fulfill(1) }
                blackHole(try promise.wait())
            }
        })
    return [
        Workload(
            name: "async-roundtrip-parts", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                contender("async-roundtrip", "Promises", as: "Promise { }.value"),
                Contender(
                    name: "pending() + Task + value",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = Promise<Int>.pending()
                            Task { resolver.fulfill(await asyncOne()) }
                            blackHole(try await promise.value)
                        }
                    }),
                // The same semantics with the least promise written by hand (`BarePromise`), the goal's
                // reference.
                Contender(
                    name: "bare promise + Task + value",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(try await BarePromise.running { await asyncOne() }.value)
                        }
                    }),
                // The same with its lock a cache line away from its state: what one more line that both threads
                // write costs (the library's promise is 132 bytes, `BarePromise` 68).
                Contender(
                    name: "bare promise + lock on a line of its own",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(try await BarePromise.running(lockIndex: 16) { await asyncOne() }.value)
                        }
                    }),
                // The same with the body inline in the Task: what taking it as a closure costs.
                Contender(
                    name: "bare promise with its body inline",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            let promise = BarePromise.make()
                            let task = Task { _ = promise.settle(.success(await asyncOne())) }
                            promise.attach(task)
                            blackHole(try await promise.value)
                        }
                    }),
                // What `value`'s semantics need of the runtime whatever the library does: a checked
                // continuation (the design card's), resumed by the Task that runs the body, and a
                // cancellation handler (a cancelled awaiter must stop waiting at once).
                Contender(
                    name: "continuation + Task + cancellation handler",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(
                                await withTaskCancellationHandler {
                                    await withCheckedContinuation { continuation in
                                        Task { continuation.resume(returning: await asyncOne()) }
                                    }
                                } onCancel: {
                                })
                        }
                    }),
                Contender(
                    name: "continuation resumed in a Task",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(
                                await withCheckedContinuation { continuation in
                                    Task { continuation.resume(returning: await asyncOne()) }
                                })
                        }
                    }),
                contender("async-roundtrip", "floor", as: "floor"),
            ]),
        Workload(
            name: "value-pending-parts", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                contender("value-pending", "Promises", as: "value"),
                Contender(
                    name: "bare promise value",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            let promise = BarePromise.make()
                            worker.async { promise.settle(.success(1)) }
                            blackHole(try await promise.value)
                        }
                    }),
                // With a resolver whose drop rejects, the least that `Promise.pending()`'s semantics need.
                Contender(
                    name: "bare promise + resolver value",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = BarePromise.pending()
                            worker.async { resolver.fulfill(1) }
                            blackHole(try await promise.value)
                        }
                    }),
                // The floor with the cancellation handler `value`'s semantics need (NIO's `get()` has
                // none: a cancelled Task keeps waiting for its future).
                Contender(
                    name: "continuation + cancellation handler",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            blackHole(
                                await withTaskCancellationHandler {
                                    await withCheckedContinuation { continuation in
                                        worker.async { continuation.resume(returning: 1) }
                                    }
                                } onCancel: {
                                })
                        }
                    }),
                contender("value-pending", "floor", as: "floor"),
            ]),
        Workload(
            name: "wait-cross-thread-parts", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                waitOnWorker,
                Contender(
                    name: "inline callback signals a semaphore",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = Promise<Int>.pending()
                            worker.async { resolver.fulfill(1) }
                            let done = DispatchSemaphore(value: 0)
                            promise.whenComplete(on: .inline) { _ in done.signal() }
                            done.wait()
                        }
                    }),
                Contender(
                    name: "floor + a promise made and dropped",
                    body: semaphoreRoundTrip { blackHole(Promise<Int>.pending()) }),
                // wait-cross-thread itself: the same waits with NIO's event loop as the other thread
                // (compare them with each other; the ratios printed are to the Dispatch floor below).
                contender("wait-cross-thread", "Promises", as: "wait() fulfilled on NIO's loop"),
                contender("wait-cross-thread", "NIO", as: "NIO's wait()"),
                contender("wait-cross-thread", "floor", as: "floor signalled on NIO's loop"),
                Contender(name: "floor", body: semaphoreRoundTrip {}),
            ]),
        // `then`'s side-effect links against the least links written by hand for the same semantics.
        Workload(
            name: "then-side-effect-pending-parts", iterations: 2_000, operationsPerIteration: links,
            contenders: [
                contender(sideEffects, "Promises", as: "then"),
                contender(sideEffects, "NIO-embedded", as: "NIO-embedded map"),
                leastLinks(padded: true, as: "least link padded to 136 bytes"),
                leastLinks(padded: false, as: "least link (BareLink) of 76 bytes"),
            ]),
        Workload(
            name: "create-map-fulfill-wait-parts", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                mapped("Promises", as: "wait()"),
                Contender(
                    name: "map; inline callback signals a semaphore",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = Promise<Int>.pending()
                            let mapped = promise.map(on: .inline) { $0 + 1 }
                            let done = DispatchSemaphore(value: 0)
                            mapped.whenComplete(on: .inline) { _ in done.signal() }
                            worker.async { resolver.fulfill(1) }
                            done.wait()
                        }
                    }),
                Contender(name: "no map: wait()", body: waitOnWorker.body),
                mapped("OpenCombine", as: "OpenCombine"),
                // OpenCombine's `Future` started the worker in its initializer, before the chain was built.
                Contender(
                    name: "OpenCombine + worker started first",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let done = DispatchSemaphore(value: 0)
                            let future = Future<Int, Never> { promise in worker.async { promise(.success(1)) } }
                            let subscription = future.map { $0 + 1 }.sink { _ in done.signal() }
                            done.wait()
                            subscription.cancel()
                        }
                    }),
                mapped("floor", as: "floor"),
            ]),
    ]
}

/// Prints each part's time and its ratio to the last part (`floor`, or the least implementation), in
/// the contenders' order.
func printDecomposition(_ workload: Workload, _ results: [String: Double]) {
    guard let last = workload.contenders.last, let floor = results[last.name] else { return }
    print("\n\(workload.name) (ns; ÷ \(last.name))")
    for contender in workload.contenders {
        guard let value = results[contender.name] else { continue }
        print(
            "  \(contender.name.padding(toLength: 40, withPad: " ", startingAt: 0)) "
                + String(format: "%8.0f  %.2f", value, value / floor))
    }
}
