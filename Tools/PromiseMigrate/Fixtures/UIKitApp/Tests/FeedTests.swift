import XCTest

final class FeedTests: XCTestCase {
    func testReload() {
        let expectation = expectation(description: "reloaded")
        FeedViewController().reload { expectation.fulfill() }
        waitForExpectations(timeout: 1)
    }
}
