import Dispatch
import PromiseAsync
import Promises

/// Workloads that take a goal's gap apart: the same round trip with the library's parts added one at a
/// time. Run only when named with `--only`; they print a table of their own (each part ÷ `floor`).
func decompositionWorkloads(_ fixtures: Fixtures) -> [Workload] {
    let worker = fixtures.worker
    return [
        Workload(
            name: "async-roundtrip-parts", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                Contender(
                    name: "Promise { }.value",
                    body: .async { iterations in
                        for _ in 0..<iterations { blackHole(try await Promise { await asyncOne() }.value) }
                    }),
                Contender(
                    name: "pending(), Task, value",
                    body: .async { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = Promise<Int>.pending()
                            Task { resolver.fulfill(await asyncOne()) }
                            blackHole(try await promise.value)
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
                Contender(
                    name: "floor",
                    body: .async { iterations in
                        for _ in 0..<iterations { blackHole(await Task { await asyncOne() }.value) }
                    }),
            ]),
        Workload(
            name: "wait-cross-thread-parts", iterations: 20_000, operationsPerIteration: 1,
            contenders: [
                Contender(
                    name: "wait()",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let (promise, resolver) = Promise<Int>.pending()
                            worker.async { resolver.fulfill(1) }
                            blackHole(try promise.wait())
                        }
                    }),
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
                    name: "floor, one promise made before waiting",
                    body: .blocking { iterations in
                        for _ in 0..<iterations {
                            let done = DispatchSemaphore(value: 0)
                            worker.async { done.signal() }
                            blackHole(Promise<Int>.pending())
                            done.wait()
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
            ]),
    ]
}

/// Prints each part's time and its ratio to `floor`, in the contenders' order.
func printDecomposition(_ workload: Workload, _ results: [String: Double]) {
    guard let floor = results["floor"] else { return }
    print("\n\(workload.name) (ns; ÷ floor)")
    for contender in workload.contenders {
        guard let value = results[contender.name] else { continue }
        print(
            "  \(contender.name.padding(toLength: 40, withPad: " ", startingAt: 0)) "
                + String(format: "%8.0f  %.2f", value, value / floor))
    }
}
