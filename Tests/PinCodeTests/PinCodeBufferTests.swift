import XCTest
@testable import PinCode

final class PinCodeBufferTests: XCTestCase {
    func testNewCodeIsEmptyWithTheGivenLength() {
        let pin = PinCode(length: 6)
        XCTAssertEqual(pin.length, 6)
        XCTAssertEqual(pin.count, 0)
        XCTAssertTrue(pin.isEmpty)
        XCTAssertFalse(pin.isFilled)
    }

    func testDefaultLengthIsFour() {
        XCTAssertEqual(PinCode().length, 4)
    }

    func testInsertingADigitReportsInserted() {
        let pin = PinCode()
        XCTAssertEqual(pin.insert("2"), .inserted)
        XCTAssertEqual(pin.count, 1)
        XCTAssertEqual(pin.code, "2")
    }

    func testInsertingTheLastDigitReportsCompleted() {
        let pin = PinCode()
        let results = "2468".map { pin.insert($0) }
        XCTAssertEqual(results, [.inserted, .inserted, .inserted, .completed])
        XCTAssertTrue(pin.isFilled)
        XCTAssertEqual(pin.code, "2468")
    }

    func testInsertingIntoAFullCodeIsIgnored() {
        let pin = PinCode()
        "2468".forEach { pin.insert($0) }
        XCTAssertEqual(pin.insert("1"), .ignoredFull)
        XCTAssertEqual(pin.code, "2468")
    }

    func testNonDigitsAreRejected() {
        let pin = PinCode()
        for character: Character in ["a", " ", "-", "\n", "\r\n", "٣", "１", "1\u{301}", "😀", "\0"] {
            XCTAssertEqual(pin.insert(character), .rejectedNonDigit, "\(character.unicodeScalars)")
        }
        XCTAssertTrue(pin.isEmpty)
    }

    func testNonDigitIsRejectedEvenWhenFull() {
        let pin = PinCode()
        "2468".forEach { pin.insert($0) }
        XCTAssertEqual(pin.insert("x"), .rejectedNonDigit)
    }

    func testInsertResultSaysWhetherTheDigitWentIn() {
        XCTAssertTrue(InsertResult.inserted.didInsert)
        XCTAssertTrue(InsertResult.completed.didInsert)
        XCTAssertFalse(InsertResult.ignoredFull.didInsert)
        XCTAssertFalse(InsertResult.rejectedNonDigit.didInsert)
    }

    func testDeleteBackwardRemovesTheLastDigit() {
        let pin = PinCode()
        "246".forEach { pin.insert($0) }
        pin.deleteBackward()
        XCTAssertEqual(pin.code, "24")
        XCTAssertEqual(pin.count, 2)
    }

    func testDeleteBackwardOnAnEmptyCodeDoesNothing() {
        let pin = PinCode()
        pin.deleteBackward()
        XCTAssertTrue(pin.isEmpty)
    }

    func testDeleteFromAFullCodeMakesItUnfilled() {
        let pin = PinCode()
        "2468".forEach { pin.insert($0) }
        pin.deleteBackward()
        XCTAssertFalse(pin.isFilled)
        XCTAssertEqual(pin.insert("9"), .completed)
    }

    func testDeleteBackwardWipesTheDeletedByte() {
        let pin = PinCode()
        "2468".forEach { pin.insert($0) }
        pin.deleteBackward()
        XCTAssertEqual(pin._rawBytesForTesting, Array("246".utf8) + [0])
    }

    func testClearRemovesEveryDigit() {
        let pin = PinCode()
        "246".forEach { pin.insert($0) }
        pin.clear()
        XCTAssertTrue(pin.isEmpty)
        XCTAssertEqual(pin.code, "")
    }

    func testClearWipesTheWholeBuffer() {
        let pin = PinCode(length: 6)
        "135792".forEach { pin.insert($0) }
        pin.clear()
        XCTAssertEqual(pin._rawBytesForTesting, [0, 0, 0, 0, 0, 0])
    }

    func testUntypedBytesAreZero() {
        let pin = PinCode()
        pin.insert("7")
        XCTAssertEqual(pin._rawBytesForTesting, [UInt8(ascii: "7"), 0, 0, 0])
    }

    func testWithDigitsGivesTheASCIIDigits() {
        let pin = PinCode()
        "1357".forEach { pin.insert($0) }
        XCTAssertEqual(pin.withDigits { Array($0) }, Array("1357".utf8))
    }

    func testDescriptionDoesNotRevealTheDigits() {
        let pin = PinCode()
        "9753".forEach { pin.insert($0) }
        XCTAssertEqual(pin.description, "PinCode(4 of 4 digits)")
        XCTAssertFalse(pin.debugDescription.contains("9753"))
        XCTAssertFalse(String(describing: pin).contains("9753"))
        XCTAssertFalse(String(reflecting: pin).contains("9753"))
    }

    func testMirrorDoesNotRevealTheDigits() {
        let pin = PinCode()
        "9753".forEach { pin.insert($0) }
        var dumped = ""
        dump(pin, to: &dumped)
        XCTAssertFalse(dumped.contains("9753"))
        XCTAssertFalse(dumped.contains("57"))
        let labels = Mirror(reflecting: pin).children.compactMap(\.label)
        XCTAssertEqual(labels, ["length", "count"])
    }
}
