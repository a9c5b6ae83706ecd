import PromiseFoundation
import Testing

/// This file imports PromiseFoundation alone: `Promise` and its operators come with it (as they do
/// with PromiseAsync), so a file of URLSession or process code needs no second import.
@Suite struct PromiseFoundationExportsTests {
    @Test func promisesComeWithPromiseFoundation() {
        let doubled: Promise<Int> = Promise(21).map(on: .inline) { $0 * 2 }
        #expect(doubled.currentResult.flatMap { try? $0.get() } == 42)
    }
}
