import Foundation

// Usage: PromiseBenchmarks [--json FILE] [--quick] [--only WORKLOAD[,…]] [--contender NAME[,…]]
//                          [--threads N[,…]] [--repetitions N] [--operations] [--samples]
// Contender names hold no commas: --contender takes a comma-separated list.
// The *-parts workloads (Decomposition.swift) run only when named with --only.
// --operations prints, on standard error, the operations one measurement of each contender runs
// (Benchmarks/instructions.sh divides instruction counts by them).
// --samples prints, on standard error, each repetition's time and the contender that ran before it
// (Benchmarks/predecessors.py groups them).
// On Linux the program re-executes itself on glibc's malloc and counts allocations in a child
// process (Allocations.swift). Under a tool that does not follow a re-execution (valgrind), set
// PROMISE_BENCHMARKS_MALLOC=glibc LD_PRELOAD=libc.so.6 yourself, as instructions.sh does; perf
// follows the counting child too.
Allocations.useGlibcMalloc()

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let quick = arguments.contains("--quick")
let scale = quick ? 0.02 : 1.0
let repetitions = option("--repetitions").flatMap { Int($0) } ?? (quick ? 1 : 7)
let printingSamples = arguments.contains("--samples")
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }

let fixtures = Fixtures()
var workloads = [createMapFulfillWait(fixtures)] + chainWorkloads(fixtures, links: 100)
workloads += allWorkloads(fixtures) { only?.contains($0) ?? true } + waitAndAsyncWorkloads(fixtures)
for threads in threadCounts(option("--threads")) {
    workloads += [createAttachFulfill(threads: threads), fanIn(threads: threads, fixtures)]
}
var parts = decompositionWorkloads(fixtures).filter { only?.contains($0.name) ?? false }
if let only { workloads = workloads.filter { only.contains($0.name) } }
// --contender runs a subset, e.g. to count one contender's instructions with `perf stat`.
if let names = option("--contender").map({ Set($0.split(separator: ",").map(String.init)) }) {
    func narrowed(_ workload: Workload) -> Workload {
        Workload(
            name: workload.name, iterations: workload.iterations,
            operationsPerIteration: workload.operationsPerIteration,
            contenders: workload.contenders.filter { names.contains($0.name) })
    }
    workloads = workloads.map(narrowed)
    parts = parts.map(narrowed)
}

/// With --operations: the operations one measurement of each contender runs, on standard error.
func printOperations(_ workload: Workload) {
    guard arguments.contains("--operations") else { return }
    for contender in workload.contenders {
        let operations = workload.iterations(of: contender, scale: scale) * workload.operationsPerIteration
        FileHandle.standardError.write(
            "operations \(workload.name) \(contender.name) \(operations)\n".data(using: .utf8)!)
    }
}

if Allocations.isCountingProcess {
    try await Allocations.printCounts(workloads, scale: scale)
    exit(0)
}
var report: [(name: String, unit: String, results: [String: Double])] = []
for workload in workloads {
    let results = try await run(workload, repetitions: repetitions, scale: scale, printingSamples: printingSamples)
    report.append((workload.name, "ns", results))
    FileHandle.standardError.write("measured \(workload.name)\n".data(using: .utf8)!)
    printOperations(workload)
}
// Allocations per operation, from a child process with the interposer preloaded.
report += Allocations.countInChildProcess(for: workloads)

// The table: ours, each peer, and ours ÷ the best peer (below 1 means we are faster or leaner).
let columns = ["Promises", "NIO", "NIO-embedded", "OpenCombine", "floor"]
func cell(_ value: Double?) -> String {
    guard let value else { return "—" }
    return value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}
let header = ["workload", "unit"] + columns + ["ours ÷ best peer"]
var rows: [[String]] = [header]
for entry in report {
    let peers = entry.results.filter { $0.key != "Promises" && $0.key != "floor" }.map(\.value)
    let ratio = entry.results["Promises"].flatMap { ours in peers.min().map { ours / $0 } }
    rows.append(
        [entry.name, entry.unit] + columns.map { cell(entry.results[$0]) } + [
            ratio.map { String(format: "%.2f", $0) } ?? "—"
        ])
}
let widths = header.indices.map { column in rows.map { $0[column].count }.max()! }
for (index, row) in rows.enumerated() {
    print(
        "| "
            + row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
            .joined(separator: " | ") + " |")
    if index == 0 { print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|") }
}

for workload in parts {
    let results = try await run(workload, repetitions: repetitions, scale: scale, printingSamples: printingSamples)
    report.append((workload.name, "ns", results))
    printDecomposition(workload, results)
    printOperations(workload)
}

if let path = option("--json") {
    let json: [String: Any] = [
        "workloads": report.map { ["name": $0.name, "unit": $0.unit, "results": $0.results] }
    ]
    let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
}
exit(0)
