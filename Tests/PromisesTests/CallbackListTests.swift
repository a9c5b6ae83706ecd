import PromiseTestSupport
import Testing

@testable import Promises

@Suite struct CallbackListTests {
    @Test func removedCallbacksAreSkippedAndOrderIsKept() {
        var list = CallbackList<Int>()
        let seen = Recorder<UInt64>()
        for id in UInt64(1)...100 {
            list.append({ _ in seen.append(id) }, id: id)
        }
        for id in stride(from: UInt64(1), through: 100, by: 3) {
            let removed = list.remove(id: id) != nil
            #expect(removed)
        }
        let removedTwice = list.remove(id: 1) != nil
        #expect(!removedTwice, "removing twice reports false")
        let unknown = list.remove(id: 500) != nil
        #expect(!unknown)
        #expect(list.count == 66)
        list.forEachLive { _, callback in callback(.success(0)) }
        #expect(seen.elements == (UInt64(1)...100).filter { ($0 - 1) % 3 != 0 })
    }

    @Test func onlyALoneLiveWakeUpIsCalledDirectly() {
        var state = PromiseState<Int>()
        let wakeUp = state.register({ _ in }, wakingOnly: true)
        #expect(state.held.callbacks.soleWakeUp != nil)
        let other = state.register({ _ in })
        #expect(state.held.callbacks.soleWakeUp == nil, "two callbacks go through the trampoline")
        _ = state.held.callbacks.remove(id: wakeUp.raw)
        #expect(state.held.callbacks.soleWakeUp == nil, "the one left is not a wake-up")
        _ = state.held.callbacks.remove(id: other.raw)
        #expect(state.held.callbacks.soleWakeUp == nil, "none left")
        var plain = PromiseState<Int>()
        _ = plain.register({ _ in })
        #expect(plain.held.callbacks.soleWakeUp == nil, "a callback that may run user code never skips it")
    }

    @Test func wakeUpIdsKeepRegistrationOrder() {
        var state = PromiseState<Int>()
        let seen = Recorder<Int>()
        var ids: [UInt64] = []
        for index in 0..<6 {
            ids.append(state.register({ _ in seen.append(index) }, wakingOnly: index % 3 == 1).raw)
        }
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        _ = state.held.callbacks.remove(id: ids[1])
        state.held.callbacks.forEachLive { _, callback in callback(.success(0)) }
        #expect(seen.elements == [0, 2, 3, 4, 5])
    }

    @Test func attachDetachCyclesKeepTheListSmall() {
        var list = CallbackList<Int>()
        list.append({ _ in }, id: 1)
        for id in UInt64(2)..<UInt64(TestScale.size(quick: 20_000, full: 200_000)) {
            list.append({ _ in }, id: id)
            let removed = list.remove(id: id) != nil
            #expect(removed)
        }
        #expect(list.count == 1)
    }
}
