import PromiseAsync
import Testing

@Test func reexportsPromises() {
    #expect(Promise(1).isFulfilled)
}
