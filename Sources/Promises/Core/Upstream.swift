import Dispatch

/// A promise that another one waits on, with its value type erased, so cancellation and `wait()` can
/// walk a chain whose links have different value types.
@usableFromInline package protocol UpstreamPromise: AnyObject {
    /// Removes callback `id`. If `cancellingIfUnobserved` and that leaves this pending promise with no
    /// observer, cancels it and hands back its own upstream links, for the caller to release in turn.
    @inlinable func detach(_ id: CallbackID, cancellingIfUnobserved: Bool) -> Detachment

    /// Callback `id`, which this promise registered upstream, was taken back before it ran.
    @inlinable func upstreamDetached()

    /// The queue this pending promise needs in order to settle, and the promises it waits on;
    /// nil once settled.
    @inlinable func dependencies() -> (queue: DispatchQueue?, upstream: UpstreamLinks)?

    /// False when `dependencies()` would be nil or empty for certain: settled, or never given a queue or
    /// an upstream. Without the lock.
    @inlinable var mayDependOnOthers: Bool { get }
}

/// One edge of the dependency graph: the upstream promise and the callback we registered on it.
// @unchecked: `promise` is a `PromiseCore`, whose state is only touched under its own lock.
@usableFromInline package struct UpstreamLink: @unchecked Sendable {
    @usableFromInline package let promise: any UpstreamPromise
    @usableFromInline package let id: CallbackID

    @inlinable package init(_ promise: any UpstreamPromise, _ id: CallbackID) {
        self.promise = promise
        self.id = id
    }

    /// Whether `target` is among the pending promises `start` waits on, transitively. The walk stops
    /// after `limit` promises: a cycle longer than that goes undetected.
    @usableFromInline package static func dependencies(
        of start: some UpstreamPromise, reach target: some UpstreamPromise, limit: Int = 1_000
    ) -> Bool {
        guard let first = start.dependencies(), first.upstream.count > 0 else { return false }
        let goal = ObjectIdentifier(target)
        var pending = first.upstream.array
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        while let link = pending.popLast(), visited.count < limit {
            let promise = ObjectIdentifier(link.promise)
            if promise == goal { return true }
            guard visited.insert(promise).inserted, let next = link.promise.dependencies() else { continue }
            pending.append(contentsOf: next.upstream)
        }
        return false
    }

    /// Detaches every link of `holder` (nil: links no promise holds) and cancels each upstream promise
    /// no one else observes, transitively; each holder learns which of its callbacks were taken back.
    /// Iterative, so cancelling the end of a very long chain does not grow the stack.
    @inlinable package static func release(_ links: [UpstreamLink], heldBy holder: (any UpstreamPromise)?) {
        var work = links.map { (holder: holder, link: $0) }
        while let (holder, link) = work.popLast() {
            let detachment = link.promise.detach(link.id, cancellingIfUnobserved: true)
            if detachment.removed { holder?.upstreamDetached() }
            for next in detachment.upstream { work.append((link.promise, next)) }
        }
    }
}

/// What `UpstreamPromise.detach` did: whether the callback was still registered (so it will never
/// run), and the upstream links of the promise if detaching cancelled it.
@usableFromInline package struct Detachment {
    @usableFromInline let removed: Bool
    @usableFromInline let upstream: [UpstreamLink]

    @inlinable init(removed: Bool, upstream: [UpstreamLink] = []) {
        self.removed = removed
        self.upstream = upstream
    }
}

/// Zero, one or many upstream links, without an array allocation for the common single link.
@usableFromInline package enum UpstreamLinks: Sequence {
    case none
    case one(UpstreamLink)
    case many([UpstreamLink])

    /// How many links there are.
    @inlinable package var count: Int {
        switch self {
        case .none: return 0
        case .one: return 1
        case .many(let links): return links.count
        }
    }

    @inlinable package func makeIterator() -> Iterator { Iterator(links: self) }

    /// The links in order, read without making an array.
    @usableFromInline package struct Iterator: IteratorProtocol {
        @usableFromInline let links: UpstreamLinks
        @usableFromInline var index = 0

        @inlinable init(links: UpstreamLinks) { self.links = links }

        @inlinable package mutating func next() -> UpstreamLink? {
            defer { index += 1 }
            switch links {
            case .none: return nil
            case .one(let link): return index == 0 ? link : nil
            case .many(let all): return index < all.count ? all[index] : nil
            }
        }
    }

    @inlinable var array: [UpstreamLink] {
        switch self {
        case .none: return []
        case .one(let link): return [link]
        case .many(let links): return links
        }
    }

    /// Removes a link to `promise`, handing it back to be dropped after unlocking.
    @inlinable mutating func remove(_ promise: ObjectIdentifier) -> UpstreamLink? {
        switch self {
        case .none:
            return nil
        case .one(let link):
            guard ObjectIdentifier(link.promise) == promise else { return nil }
            self = .none
            return link
        case .many(var links):
            guard let index = links.firstIndex(where: { ObjectIdentifier($0.promise) == promise }) else { return nil }
            self = .none
            let link = links.remove(at: index)
            self = .many(links)
            return link
        }
    }

    @inlinable mutating func append(_ link: UpstreamLink) {
        switch self {
        case .none: self = .one(link)
        case .one(let first): self = .many([first, link])
        case .many(var links):
            self = .none
            links.append(link)
            self = .many(links)
        }
    }
}
