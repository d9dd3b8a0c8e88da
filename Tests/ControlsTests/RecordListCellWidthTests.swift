@testable import Controls
import XCTest

/// How wide a records cell asks to be: an e-mail address is not broken mid-word.
final class RecordListCellWidthTests: XCTestCase {
    func testAnAddressOverTwentyCharactersIsKeptWhole() {
        let address = "katherine@example.com"
        XCTAssertGreaterThanOrEqual(RecordList<Int>.widthChars(of: address), Int32(address.count),
                                    "the address wraps mid-word")
        XCTAssertEqual(RecordList<Int>.widthChars(of: "Tennis Club Zürich-Nord"), 11, "words: the longest")
        XCTAssertEqual(RecordList<Int>.widthChars(of: "+44 20 7946 0958"), 16, "a phone number is one word")
        XCTAssertEqual(RecordList<Int>.widthChars(of: String(repeating: "a", count: 30)), 20)
    }
}
