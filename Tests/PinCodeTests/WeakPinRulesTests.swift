import XCTest
import PinCode
import Localization

final class WeakPinRulesTests: XCTestCase {
    private func original(_ candidate: String) -> PinRejection? {
        WeakPinRules.original.rejection(for: candidate)
    }

    private func standard(_ candidate: String) -> PinRejection? {
        WeakPinRules.standard.rejection(for: candidate)
    }

    func testRepeatedDigitsAreRejectedAtFourAndSixDigits() {
        for candidate in ["1111", "0000", "7777", "999999", "000000"] {
            XCTAssertEqual(original(candidate), .repeatedDigits, candidate)
        }
    }

    func testAscendingRunsAreRejectedAtFourAndSixDigits() {
        for candidate in ["1234", "0123", "6789", "123456", "012345", "456789"] {
            XCTAssertEqual(original(candidate), .sequence, candidate)
        }
    }

    func testDescendingRunsAreRejectedAtFourAndSixDigits() {
        for candidate in ["9876", "4321", "3210", "987654", "543210"] {
            XCTAssertEqual(original(candidate), .sequence, candidate)
        }
    }

    func testRunsDoNotWrapAround() {
        for candidate in ["8901", "7890", "1098", "0987", "890123", "210987"] {
            XCTAssertNil(standard(candidate), candidate)
        }
    }

    func testRunsOfOtherLengthsAreRejected() {
        XCTAssertEqual(original("12"), .sequence)
        XCTAssertEqual(original("12345678"), .sequence)
        XCTAssertEqual(original("33333"), .repeatedDigits)
    }

    func testASingleDigitFormsNeitherRepeatNorRun() {
        XCTAssertNil(original("5"))
        XCTAssertNil(original(""))
    }

    func testAlmostRunsPass() {
        for candidate in ["1235", "1243", "1112", "9875", "123457"] {
            XCTAssertNil(standard(candidate), candidate)
        }
    }

    func test2468And1357AreAllowed() {
        XCTAssertNil(standard("2468"))
        XCTAssertNil(standard("1357"))
        XCTAssertNil(PinCode().validate("2468"))
        XCTAssertNil(PinCode().validate("1357"))
    }

    func test1212PassesTheOriginalRulesButIsTooCommon() {
        XCTAssertNil(original("1212"))
        XCTAssertEqual(standard("1212"), .tooCommon)
    }

    func testKeypadPatternsAreTooCommon() {
        for candidate in ["2580", "0852", "1470", "0741", "3690", "0963", "1397", "7931"] {
            XCTAssertEqual(standard(candidate), .tooCommon, candidate)
        }
    }

    func testCommonSixDigitPINsAreTooCommon() {
        for candidate in ["123123", "121212", "112233", "159753", "147258", "258369", "696969"] {
            XCTAssertEqual(standard(candidate), .tooCommon, candidate)
        }
    }

    func testBlocklistOnlyHoldsFourAndSixDigitPINs() {
        for pin in WeakPinRules.commonPINs {
            XCTAssertTrue(pin.count == 4 || pin.count == 6, pin)
            XCTAssertTrue(pin.utf8.allSatisfy { (48...57).contains($0) }, pin)
        }
        XCTAssertEqual(Set(WeakPinRules.commonPINs).count, WeakPinRules.commonPINs.count)
    }

    func testBlocklistDoesNotHold2468Or1357() {
        XCTAssertFalse(WeakPinRules.commonPINs.contains("2468"))
        XCTAssertFalse(WeakPinRules.commonPINs.contains("1357"))
    }

    func testCommonRuleAloneIgnoresRepeatsAndRuns() {
        XCTAssertNil(WeakPinRules.common.rejection(for: "1111"))
        XCTAssertNil(WeakPinRules.common.rejection(for: "1234"))
        XCTAssertEqual(WeakPinRules.common.rejection(for: "2580"), .tooCommon)
    }

    func testRepeatIsReportedBeforeSequence() {
        XCTAssertEqual(WeakPinRules.standard.rejection(for: "2222"), .repeatedDigits)
    }

    func testCandidateWithNonDigitsIsRefused() {
        XCTAssertEqual(standard("12a4"), .custom("Use digits only"))
    }

    func testEmptySetAcceptsEverything() {
        XCTAssertNil(WeakPinRules().rejection(for: "1111"))
    }

    func testRejectionsSayWhatToAvoidAndWhatToDoInstead() {
        XCTAssertEqual(PinRejection.repeatedDigits.message, "Avoid repeating one digit like 1111 — choose different digits")
        XCTAssertEqual(PinRejection.sequence.message, "Avoid runs like 1234 — choose digits that don’t follow each other")
        XCTAssertEqual(PinRejection.tooCommon.message, "Avoid common PINs like 2580 — choose one that is hard to guess")
        XCTAssertEqual(PinRejection.custom("Not your birthday").message, "Not your birthday")
    }

    func testRejectionMessagesGoThroughTheTranslator() {
        Localization.translator = Upper()
        defer { Localization.translator = nil }
        XCTAssertEqual(PinRejection.sequence.message, "AVOID RUNS LIKE 1234 — CHOOSE DIGITS THAT DON’T FOLLOW EACH OTHER")
        XCTAssertEqual(PasteRejection.tooLong(room: 2).message, "ONLY 2 MORE DIGITS FIT")
        XCTAssertEqual(PasteRejection.tooLong(room: 1).message, "ONLY 1 MORE DIGIT FITS")
        XCTAssertEqual(standard("12a4"), .custom("USE DIGITS ONLY"))
    }

    func testPinDigitsGivesDigitValues() {
        let values = PinDigits.withDigits(of: "2580") { Array($0) }
        XCTAssertEqual(values, [2, 5, 8, 0])
    }

    func testPinDigitsRefusesNonDigitBytes() {
        XCTAssertNil(PinDigits.withDigits(of: "25 0") { _ in true })
    }
}

/// A translator that shouts, so a test sees that a message went through it.
private struct Upper: Translator {
    func translate(_ message: String) -> String? { message.uppercased() }
    func translate(_ singular: String, _ plural: String, count: Int) -> String? {
        (count == 1 ? singular : plural).uppercased().replacing("%D", with: "%d")
    }
}
