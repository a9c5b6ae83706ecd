import CPromiseAtomics
import Dispatch

/// What settles a derived promise: the operator's closures (`payload`), the queue they run on, and
/// the operator that applies them. Building a step allocates nothing.
@usableFromInline struct LinkStep<Operator: LinkOperator, Queue: CallbackQueue>: Sendable {
    @usableFromInline let queue: Queue
    @usableFromInline let payload: Operator.Payload

    @inlinable init(queue: Queue, payload: Operator.Payload) {
        self.queue = queue
        self.payload = payload
    }

    /// Runs the step for `result`: inline, or on `queue` unless `derived` was cancelled meanwhile.
    @inlinable func run(_ result: Result<Operator.Input, any Error>, settling derived: Promise<Operator.Output>) {
        if Queue.self == InlineCallbackQueue.self {
            _ = Operator.apply(payload, result, derived, .onQueue)
        } else if !Operator.apply(payload, result, derived, .beforeHop) {
            let job = QueuedStep(self, result, derived)
            queue.schedule { job.run() }
        }
    }
}

/// A derived promise that is also its upstream's observer: its step lives in the same allocation,
/// after the lock, and the callback registered upstream captures only this object, so a link of a
/// chain costs one allocation (a closure context would be a second).
///
/// Who owns the step is settled by the upstream's lock: the upstream's settle hands the callback to
/// exactly one delivery, which takes the step and runs it; or a cancellation detaches the callback
/// first, and then drops the step (`upstreamDetached`). So taking it needs no lock of its own
/// (see `stepHeld`). The step is released as soon as either happens, so a cancelled link keeps no
/// user closure alive.
@usableFromInline
final class LinkCore<Operator: LinkOperator, Queue: CallbackQueue>: PromiseCore<Operator.Output> {
    @usableFromInline typealias Step = LinkStep<Operator, Queue>
    @usableFromInline typealias Input = Operator.Input

    @inlinable static func make(_ step: Step, neededQueue: DispatchQueue?) -> LinkCore {
        let core = makeStorage(extraBytes: stepRoomBytes) {
            PromiseState<Operator.Output>(neededQueue: neededQueue, linkStepHeld: true, linked: true)
        }
        // (`LinkCoreLayoutTests` checks `stepHeldAtFixedOffset` and `stepFitsItsRoom`; an assert here
        // built a key path per link, a third of a debug build's link, issue 37.)
        core.stepRoom.bindMemory(to: Step.self, capacity: 1).initialize(to: step)
        return core  // (recorded by `derive` once linked: `PromiseRegistry.track(_:isLink:)`)
    }

    deinit {
        // A link is released with its step still held only when its upstream was freed unsettled with
        // its callbacks: release the step then. The deinit has the object to itself, so it reads the
        // flag without the lock, at its fixed offset; going through the generic header would look up
        // type metadata on every link's deinit.
        let object = unsafeBitCast(self, to: UnsafeRawPointer.self)
        let stepHeldOffset = Self.stepHeldOffset
        if object.load(fromByteOffset: stepHeldOffset, as: Bool.self) { releaseHeldStep() }
        #if !DEBUG
            // A tracked link frees its registry slot (`PromiseState.registryList`, two bytes further;
            // in debug builds `PromiseCore`'s deinit does).
            if object.load(fromByteOffset: stepHeldOffset + 2, as: UInt16.self) != 0 { leaveRegistryIfTracked() }
        #endif
    }

    /// Out of line, so the deinit's common path needs no metadata of the step's type.
    @inline(never) @usableFromInline final func releaseHeldStep() {
        _ = takeStep()
    }

    /// Where `PromiseState.linkStepHeld`, right after the header's first field (`nextID`), lies in the
    /// object: from `headerOffset`, which a generic deinit knows without a metadata lookup.
    @inlinable static var stepHeldOffset: Int { headerOffset + MemoryLayout<UInt64>.size }

    /// Whether `linkStepHeld` is where the deinit reads it (`LinkCoreLayoutTests`, for several value
    /// types; an assert per link cost a debug build a third of the link).
    @inlinable var stepHeldAtFixedOffset: Bool {
        let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return withUnsafeMutablePointerToHeader { UnsafeRawPointer($0) == object + Self.headerOffset }
            && MemoryLayout<PromiseState<Operator.Output>>.offset(of: \.linkStepHeld) == MemoryLayout<UInt64>.size
    }

    /// Where the step lives: the room after the lock, aligned for it.
    @inlinable var stepRoom: UnsafeMutableRawPointer {
        extraRoom.alignedUp(for: Step.self)
    }

    /// The room to ask for after the lock: the padding that aligns the step, then the step. Exact
    /// where the object's alignment (at least the state's) covers the step's, as it does for every
    /// step but an over-aligned payload's, which takes the worst case. So a `then(on: .inline)` link
    /// of an `Int` is 152 bytes, not 156: glibc's 160-byte chunk instead of 176 (issue 37).
    @inlinable static var stepRoomBytes: Int {
        let stepAlignment = MemoryLayout<Step>.alignment
        guard stepAlignment <= MemoryLayout<PromiseState<Operator.Output>>.alignment else {
            return MemoryLayout<Step>.size + stepAlignment - 1
        }
        let lock = MemoryLayout<c_promise_lock_t>.self
        let stateEnd = headerOffset + MemoryLayout<PromiseState<Operator.Output>>.size
        let lockStart = (stateEnd + lock.alignment - 1) & ~(lock.alignment - 1)
        let roomStart = lockStart + lock.stride
        let stepStart = (roomStart + stepAlignment - 1) & ~(stepAlignment - 1)
        return stepStart - roomStart + MemoryLayout<Step>.size
    }

    /// Whether the step lies within the room asked for, exactly at its end where the room is exact
    /// (`LinkCoreLayoutTests`, for several value and payload types).
    @inlinable var stepFitsItsRoom: Bool {
        let stepEnd = stepRoom + MemoryLayout<Step>.size
        let roomEnd = extraRoom + Self.stepRoomBytes
        return MemoryLayout<Step>.alignment <= MemoryLayout<PromiseState<Operator.Output>>.alignment
            ? stepEnd == roomEnd : stepEnd <= roomEnd
    }

    /// `PromiseState.linkStepHeld`, read and written by the step's owner alone, without the lock (see
    /// the type's comment), through a raw pointer to its byte. Taking the lock instead cost about 230
    /// instructions per link (1,838 -> 2,065, callgrind), 12 %. Sound because no state transition
    /// writes that byte: none assigns the whole state or writes the field, so a locked transition on
    /// another thread never touches it. `LinkCoreTests` pins that invariant: every transition keeps
    /// the flag, and the state's source assigns neither.
    @inlinable var stepHeld: Bool {
        get { stepHeldFlag.load(as: Bool.self) }
        set { stepHeldFlag.storeBytes(of: newValue, as: Bool.self) }
    }

    @inlinable var stepHeldFlag: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque()) + Self.stepHeldOffset
    }

    /// Moves the step out; nil once taken. Only its owner calls this (see the type's comment).
    @inlinable func takeStep() -> Step? {
        guard stepHeld else { return nil }
        stepHeld = false
        return stepRoom.assumingMemoryBound(to: Step.self).move()
    }

    /// Runs the step with the upstream's outcome (the upstream's callback, delivered once).
    @inlinable func run(_ result: Result<Input, any Error>) {
        takeStep()?.run(result, settling: Promise(core: self))
    }

    /// The callback to register upstream: it runs the step. Out of line: inlined into `derive`, it let
    /// the optimizer add retains and releases of the link again; this one retain, the closure's, is
    /// all a link needs.
    @inlinable @inline(never) func upstreamCallback() -> @Sendable (Result<Input, any Error>) -> Void {
        let handle = LinkHandle(self)
        return { result in handle.core.run(result) }
    }

    /// The callback was taken back before it ran, so the step never will: release it now.
    @usableFromInline override func upstreamDetached() {
        _ = takeStep()
    }

    @usableFromInline override var isLink: Bool { true }
}

/// The callback a `LinkCore` registers upstream captures this one reference, which Swift uses as the
/// closure's context: no allocation.
// @unchecked: `core`'s state is only touched under its lock, and its step only by its owner.
@usableFromInline
struct LinkHandle<Operator: LinkOperator, Queue: CallbackQueue>: @unchecked Sendable {
    @usableFromInline let core: LinkCore<Operator, Queue>

    @inlinable init(_ core: LinkCore<Operator, Queue>) {
        self.core = core
    }
}
