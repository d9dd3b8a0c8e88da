import XCTest
import PinCode

final class PinCodeValidationTests: XCTestCase {
    private func filled(_ digits: String) -> PinCode {
        let pin = PinCode(length: digits.count)
        digits.forEach { pin.insert($0) }
        return pin
    }

    func testDefaultValidationIsOn() {
        XCTAssertTrue(PinCode().usesDefaultValidation)
    }

    // Issue 24: 2468 (the keys around 5) is refused now; 5978 has no pattern.
    func testGoodFilledCodeIsValid() {
        let pin = filled("5978")
        XCTAssertNil(pin.validate())
        XCTAssertTrue(pin.isValid)
    }

    func testWeakFilledCodeIsNotValid() {
        let pin = filled("1234")
        XCTAssertEqual(pin.validate(), .sequence)
        XCTAssertFalse(pin.isValid)
    }

    // Issue 24: 1212 was `.tooCommon`; it is now refused as what it is, a repeated pair.
    func testCommonFilledCodeIsNotValid() {
        XCTAssertEqual(filled("1212").validate(), .pair)
        XCTAssertEqual(filled("5683").validate(), .tooCommon)
    }

    func testIncompleteCodeIsNotValidEvenWhenItPasses() {
        let pin = PinCode()
        "24".forEach { pin.insert($0) }
        XCTAssertNil(pin.validate())
        XCTAssertFalse(pin.isValid)
    }

    // Issue 24: 123123 was `.tooCommon` (now `.pair`); 246813 is on the paper's 6-digit list now,
    // so 604172 is the valid 6-digit code.
    func testSixDigitCodeIsValidated() {
        XCTAssertEqual(filled("123123").validate(), .pair)
        XCTAssertEqual(filled("246813").validate(), .tooCommon)
        XCTAssertTrue(filled("604172").isValid)
    }

    func testCustomValidatorRefusesWithItsOwnReason() {
        let pin = filled("2975")
        pin.validator = { digits in digits.first == 2 ? .custom("Do not start with 2") : nil }
        XCTAssertEqual(pin.validate(), .custom("Do not start with 2"))
        XCTAssertFalse(pin.isValid)
    }

    func testCustomValidatorRunsAfterTheDefaultRules() {
        let pin = filled("1111")
        pin.validator = { _ in .custom("Custom") }
        XCTAssertEqual(pin.validate(), .repeatedDigits)
    }

    func testCustomValidatorSeesTheDigits() {
        let pin = filled("5978")
        var seen: [UInt8] = []
        pin.validator = { digits in
            seen = Array(digits)
            return nil
        }
        _ = pin.validate()
        XCTAssertEqual(seen, [5, 9, 7, 8])
    }

    func testTurningDefaultValidationOffAcceptsWeakCodes() {
        let pin = filled("1111")
        pin.usesDefaultValidation = false
        XCTAssertNil(pin.validate())
        XCTAssertTrue(pin.isValid)
    }

    func testCustomValidatorAloneRunsWithDefaultOff() {
        let pin = filled("1111")
        pin.usesDefaultValidation = false
        pin.validator = { _ in .custom("Custom") }
        XCTAssertEqual(pin.validate(), .custom("Custom"))
    }

    func testValidatingACandidateUsesTheCodesRules() {
        let pin = PinCode()
        pin.usesDefaultValidation = false
        pin.validator = { $0.count < 4 ? .custom("Too short") : nil }
        XCTAssertEqual(pin.validate("12"), .custom("Too short"))
        XCTAssertNil(pin.validate("1111"))
    }

    func testValidatingACandidateDoesNotChangeTheCode() {
        let pin = PinCode()
        pin.insert("2")
        _ = pin.validate("1234")
        XCTAssertEqual(pin.code, "2")
    }
}
