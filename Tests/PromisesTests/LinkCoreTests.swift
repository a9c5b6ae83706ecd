import Dispatch
import Foundation
import PromiseTestSupport
import Testing

@testable import Promises

/// Counts its own deallocations, so tests can see when a link let go of the closure holding it.
private final class Captured: Sendable {
    let freed: Counter
    init(_ freed: Counter) { self.freed = freed }
    deinit { _ = freed.increment() }
}

/// A derived promise keeps its operator's closure in its own allocation (`LinkCore`): these check
/// that the closure is released exactly once, as soon as it can no longer run, on every path.
@Suite struct LinkCoreTests {
    @Test func aLinkIsOneAllocationThatReleasesItsClosureAfterRunning() {
        let freed = Counter()
        let (head, resolver) = Promise<Int>.pending()
        let mapped: Promise<Int>
        do {
            let captured = Captured(freed)
            mapped = head.map(on: .inline) { value in
                _ = captured
                return value + 1
            }
        }
        #expect(mapped.core is LinkCore<MapOperator<Int, Int>, InlineCallbackQueue>)
        #expect(freed.value == 0, "the pending link holds its closure")
        resolver.fulfill(1)
        #expect(mapped.currentResult?.value == 2)
        #expect(freed.value == 1, "run once, then released while the promise itself lives on")
    }

    @Test func cancellingAPendingLinkReleasesItsClosureAtOnce() {
        let freed = Counter()
        let (head, resolver) = Promise<Int>.pending()
        head.then(on: .inline) { _ in }  // keeps the head observed, so it is not cancelled too
        let mapped: Promise<Int>
        do {
            let captured = Captured(freed)
            mapped = head.map(on: .inline) {
                _ = captured; return $0
            }
        }
        mapped.cancel()
        #expect(freed.value == 1, "a cancelled link, still referenced, keeps no user closure alive")
        resolver.fulfill(1)
        #expect(freed.value == 1, "never released twice")
        #expect(mapped.currentResult?.isCancellation == true)
    }

    @Test func aLinkCancelledBecauseNobodyObservesItReleasesItsClosure() {
        let freed = Counter()
        let (head, resolver) = Promise<Int>.pending()
        let middle: Promise<Int>
        do {
            let captured = Captured(freed)
            middle = head.map(on: .inline) {
                _ = captured; return $0
            }
        }
        let tail = middle.catch(on: .inline) { _ in }
        tail.cancel()  // leaves `middle` unobserved, so it is cancelled in turn, then `head`
        #expect(middle.currentResult?.isCancellation == true)
        #expect(head.currentResult?.isCancellation == true)
        #expect(freed.value == 1)
        _ = resolver
    }

    @Test func aFlatMapThatMovedToItsInnerPromiseCancelsCleanly() {
        let freed = Counter()
        let (head, resolver) = Promise<Int>.pending()
        let (inner, innerResolver) = Promise<Int>.pending()
        let chained: Promise<Int>
        do {
            let captured = Captured(freed)
            chained = head.flatMap(on: .inline) { _ in
                _ = captured
                return inner
            }
        }
        resolver.fulfill(1)
        #expect(freed.value == 1, "the step ran and was released; the link now follows `inner`")
        chained.cancel()
        #expect(inner.currentResult?.isCancellation == true, "the cancellation reached the inner promise")
        #expect(freed.value == 1)
        _ = innerResolver
    }

    @Test func settleAndCancelRacingReleaseTheClosureExactlyOnce() async {
        let rounds = 2_000
        let freed = Counter()
        let ran = Counter()
        await onThread {
            let queue = DispatchQueue(label: "link.race", attributes: .concurrent)
            for _ in 0..<rounds {
                let (head, resolver) = Promise<Int>.pending()
                head.then(on: .inline) { _ in }
                let mapped: Promise<Int>
                do {
                    let captured = Captured(freed)
                    mapped = head.map(on: .inline) { value in
                        _ = captured
                        _ = ran.increment()
                        return value
                    }
                }
                let group = DispatchGroup()
                queue.async(group: group) { resolver.fulfill(1) }
                queue.async(group: group) { mapped.cancel() }
                group.wait()
            }
        }
        #expect(freed.value == rounds, "each closure released once, whichever side won")
        #expect(ran.value <= rounds)
    }
}

/// `LinkCore`'s deinit reads `PromiseState.linkStepHeld` at an offset computed without `Value`'s
/// metadata, and a link asks for exactly the room its step takes.
@Suite struct LinkCoreLayoutTests {
    private typealias Link<Value: Sendable> = LinkCore<MapOperator<Value, Value>, InlineCallbackQueue>

    private func check<Value: Sendable>(_ value: Value) -> Link<Value>? {
        let (head, resolver) = Promise<Value>.pending()
        let mapped = head.map(on: .inline) { $0 }
        defer { resolver.fulfill(value) }
        return mapped.core as? Link<Value>
    }

    /// A link of `value` whose step carries `payload`.
    private func link<Value: Sendable, Payload: Sendable>(
        _ value: Value, carrying payload: Payload
    ) -> LinkCore<CarryingOperator<Value, Payload>, InlineCallbackQueue>? {
        let (head, resolver) = Promise<Value>.pending()
        let mapped = head.derive(on: .inline, with: payload, by: CarryingOperator<Value, Payload>.self)
        defer { resolver.fulfill(value) }
        return mapped.core as? LinkCore<CarryingOperator<Value, Payload>, InlineCallbackQueue>
    }

    @Test func theStepFlagIsWhereTheDeinitReadsIt() {
        #expect(check(1)?.stepHeldAtFixedOffset == true)
        #expect(check(UInt8(1))?.stepHeldAtFixedOffset == true)
        #expect(check("text")?.stepHeldAtFixedOffset == true)
        #expect(check(SIMD4<Float>(1, 2, 3, 4))?.stepHeldAtFixedOffset == true, "a 16-byte-aligned value")
        #expect(check(SIMD16<Double>(repeating: 1))?.stepHeldAtFixedOffset == true)
        #expect(check(())?.stepHeldAtFixedOffset == true)
    }

    @Test func theStepFillsTheRoomItAskedFor() {
        #expect(check(1)?.stepFitsItsRoom == true)
        #expect(check(UInt8(1))?.stepFitsItsRoom == true)
        #expect(check("text")?.stepFitsItsRoom == true)
        #expect(check(SIMD4<Float>(1, 2, 3, 4))?.stepFitsItsRoom == true)
        #expect(check(())?.stepFitsItsRoom == true)
        let vector = SIMD4<Double>(1, 2, 3, 4)
        #expect(MemoryLayout<SIMD4<Double>>.alignment == 16)
        #expect(link(SIMD4<Float>(1, 2, 3, 4), carrying: vector)?.stepFitsItsRoom == true, "16-aligned, exact")
        #expect(link(1, carrying: vector)?.stepFitsItsRoom == true, "aligned past the state: the worst case")
        #expect(link(1, carrying: UInt8(1))?.stepFitsItsRoom == true)
        #expect(link(1, carrying: ())?.stepFitsItsRoom == true, "an empty step")
        #expect(link("text", carrying: (1, "two"))?.stepFitsItsRoom == true)
    }

    @Test func aStepStoresOnlyItsOperatorsClosures() {
        let closure = MemoryLayout<@Sendable (Int) -> Void>.size  // a function and its context
        #expect(MemoryLayout<LinkCore<ThenOperator<Int>, InlineCallbackQueue>.Step>.size == closure, "the body alone")
        #expect(MemoryLayout<LinkCore<MapOperator<Int, String>, InlineCallbackQueue>.Step>.size == closure)
    }

    #if _pointerBitWidth(_64)
        @Test func aSideEffectLinkOfAnIntIs152Bytes() {
            typealias SideEffect = LinkCore<ThenOperator<Int>, InlineCallbackQueue>
            let lockEnd = (2 * 8 + MemoryLayout<PromiseState<Int>>.size + 3) / 4 * 4 + 4
            let padding = (8 - lockEnd % 8) % 8
            #expect(SideEffect.stepRoomBytes == padding + MemoryLayout<SideEffect.Step>.size)
            #if !DEBUG  // (a debug build's state also records its origin)
                #expect(lockEnd + SideEffect.stepRoomBytes == 152, "glibc's 160-byte chunk")
            #endif
        }
    #endif
}

/// A step that carries any payload and passes the outcome on.
private enum CarryingOperator<Value: Sendable, Payload: Sendable>: LinkOperator {
    static func apply(_ payload: Payload, _ result: Result<Value, any Error>, _ derived: Promise<Value>, _: LinkCall)
        -> Bool
    {
        _ = payload
        derived.settle(result)
        return true
    }
}

/// `LinkCore` reads and writes `PromiseState.linkStepHeld` without the lock, and `PromiseCore` the
/// flags atomically, so no locked transition may write those bytes: none writes the fields, and none
/// assigns the whole state.
@Suite struct LinkStepFlagInvariantTests {
    @Test func everyTransitionKeepsTheFlag() {
        for held in [true, false] {
            var state = PromiseState<Int>(linkStepHeld: held)
            let upstream = PromiseCore<Int>.pending()
            let id = state.register({ _ in })
            _ = state.register({ _ in }, wakingOnly: true)
            _ = state.addUpstream(UpstreamLink(upstream, CallbackID(raw: 2)))
            _ = state.replaceUpstream(with: UpstreamLink(upstream, CallbackID(raw: 4)))
            state.setUpstream(UpstreamLink(upstream, CallbackID(raw: 6)))
            _ = state.addCancelHandler {}
            _ = state.addCancelledTask(Task {})
            _ = state.takeLazyStart()
            _ = state.detach(id, cancellingIfUnobserved: false)
            #expect(state.linkStepHeld == held)
            var settled = PromiseState<Int>.Settled()
            var extras: PromiseAttachment?
            _ = state.cancel(handingOver: &settled, &extras)
            #expect(state.linkStepHeld == held)
            #expect(state.flags == 0, "only the core sets them, atomically")
            var other = PromiseState<Int>(linkStepHeld: held)
            var settledOther = PromiseState<Int>.Settled()
            _ = other.settle(.success(1), handingOver: &settledOther, &extras)
            #expect(other.linkStepHeld == held)
        }
    }

    /// Reads the sources: the flags' setters are file-private and only the initializers write them,
    /// and nothing assigns a whole state (`swap` included).
    @Test func noSourceWritesTheFlagOrAssignsAWholeState() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Promises")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        var flagWrites: [String] = []
        var publishedFlagWrites: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var declaration = ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if code.contains(" init(") || code.contains(" func ") { declaration = String(code) }
                if code.contains("linkStepHeld ="), !code.contains("var linkStepHeld") {
                    flagWrites.append("\(file):\(number + 1)")
                }
                let writesFlags = ["flags =", "flags |=", "flags &=", "flags ^="].contains { code.contains($0) }
                if writesFlags, !code.contains("var flags") {
                    publishedFlagWrites.append("\(file):\(number + 1) in \(declaration)")
                }
                if file.hasSuffix("PromiseState.swift") {
                    #expect(!code.contains("self ="), "\(file):\(number + 1) assigns the whole state")
                }
                #expect(!code.contains("pointee ="), "\(file):\(number + 1) assigns a whole header")
                let swaps = code.contains("swap(&state") || code.contains("swap(&$0")
                #expect(!swaps, "\(file):\(number + 1) swaps a whole state")
                #expect(!code.contains("linkStepHeld.toggle"), "\(file):\(number + 1) toggles the flag")
                #expect(!code.contains("$0 = PromiseState"), "\(file):\(number + 1) assigns a whole state")
            }
        }
        #expect(flagWrites.count == 1 && flagWrites[0].hasPrefix("Core/PromiseState.swift:"), "\(flagWrites)")
        #expect(publishedFlagWrites.count == 3, "\(publishedFlagWrites)")
        for write in publishedFlagWrites {
            #expect(write.hasPrefix("Core/PromiseState.swift:") && write.contains(" init("), "\(write)")
        }
    }
}
