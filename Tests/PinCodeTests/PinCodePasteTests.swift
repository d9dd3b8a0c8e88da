import XCTest
import PinCode

final class PinCodePasteTests: XCTestCase {
    func testPastingAFullCodeCompletesIt() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste("2468"), .success(PasteOutcome(insertedCount: 4, didComplete: true)))
        XCTAssertEqual(pin.code, "2468")
    }

    func testPastingFewerDigitsThanTheRoomDoesNotComplete() {
        let pin = PinCode(length: 6)
        XCTAssertEqual(pin.paste("135"), .success(PasteOutcome(insertedCount: 3, didComplete: false)))
        XCTAssertEqual(pin.code, "135")
    }

    func testPastingTheRestAfterTypedDigitsCompletes() {
        let pin = PinCode()
        pin.insert("2")
        XCTAssertEqual(pin.paste("468"), .success(PasteOutcome(insertedCount: 3, didComplete: true)))
        XCTAssertEqual(pin.code, "2468")
    }

    func testSurroundingWhitespaceIsTrimmed() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste(" \t2468\r\n"), .success(PasteOutcome(insertedCount: 4, didComplete: true)))
        XCTAssertEqual(pin.code, "2468")
    }

    func testPasteWithALetterInsertsNothing() {
        let pin = PinCode()
        pin.insert("1")
        XCTAssertEqual(pin.paste("24a6"), .failure(.nonDigit))
        XCTAssertEqual(pin.code, "1")
    }

    func testPasteWithAnInnerSpaceInsertsNothing() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste("24 68"), .failure(.nonDigit))
        XCTAssertTrue(pin.isEmpty)
    }

    func testPasteOfNonASCIIDigitsInsertsNothing() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste("٢٤٦٨"), .failure(.nonDigit))
        XCTAssertEqual(pin.paste("２４６８"), .failure(.nonDigit))
        XCTAssertEqual(pin.paste("1\u{301}234"), .failure(.nonDigit))
        XCTAssertTrue(pin.isEmpty)
    }

    func testPasteOfASignedNumberInsertsNothing() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste("-246"), .failure(.nonDigit))
        XCTAssertEqual(pin.paste("+246"), .failure(.nonDigit))
    }

    func testEmptyPasteIsRejected() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste(""), .failure(.empty))
    }

    func testWhitespaceOnlyPasteIsRejectedAsEmpty() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste(" \n\t "), .failure(.empty))
    }

    func testPasteLongerThanTheCodeInsertsNothing() {
        let pin = PinCode()
        XCTAssertEqual(pin.paste("246813"), .failure(.tooLong(room: 4)))
        XCTAssertTrue(pin.isEmpty)
    }

    func testPasteLongerThanTheRoomLeftInsertsNothing() {
        let pin = PinCode()
        "24".forEach { pin.insert($0) }
        XCTAssertEqual(pin.paste("681"), .failure(.tooLong(room: 2)))
        XCTAssertEqual(pin.code, "24")
    }

    func testPasteIntoAFullCodeIsRejected() {
        let pin = PinCode()
        "2468".forEach { pin.insert($0) }
        XCTAssertEqual(pin.paste("1"), .failure(.full))
        XCTAssertEqual(pin.code, "2468")
    }

    func testPasteRejectionsHaveMessages() {
        XCTAssertEqual(PasteRejection.empty.message, "Nothing to paste")
        XCTAssertEqual(PasteRejection.nonDigit.message, "Only digits can be pasted")
        XCTAssertEqual(PasteRejection.tooLong(room: 1).message, "Only 1 more digit fits")
        XCTAssertEqual(PasteRejection.tooLong(room: 3).message, "Only 3 more digits fit")
        XCTAssertEqual(PasteRejection.full.message, "The PIN is already complete")
    }
}
