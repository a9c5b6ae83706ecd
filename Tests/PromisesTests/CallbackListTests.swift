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

    @Test func attachDetachCyclesKeepTheListSmall() {
        var list = CallbackList<Int>()
        list.append({ _ in }, id: 1)
        for id in UInt64(2)..<200_000 {
            list.append({ _ in }, id: id)
            let removed = list.remove(id: id) != nil
            #expect(removed)
        }
        #expect(list.count == 1)
    }
}
