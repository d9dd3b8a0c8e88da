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

    // Issue 24: was asserted on `standard`; 7890 and 0987 are now keypad lines there (789 then 0,
    // 0 then 987), so the run rule's no-wrap-around is asserted on the run rule itself.
    func testRunsDoNotWrapAround() {
        for candidate in ["8901", "7890", "1098", "0987", "890123", "210987"] {
            XCTAssertNil(original(candidate), candidate)
            XCTAssertNil(WeakPinRules.sequence.rejection(for: candidate), candidate)
        }
        XCTAssertNil(standard("8901"))
        XCTAssertEqual(standard("890123"), .tooCommon, "on the paper's 6-digit list")
        XCTAssertEqual(standard("7890"), .keypadPattern)
        XCTAssertEqual(standard("0987"), .keypadPattern)
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

    // Issue 24: was asserted on `standard`; 1235 and 9875 start with a keypad line, 1112 is a
    // digit three times (a pair rule since the rules' second revision; it was a date, 11
    // December, before), and 123457 is on the paper's 6-digit list, so the almost-runs pass the
    // run rule, and the standard rules name what they are instead.
    func testAlmostRunsPass() {
        for candidate in ["1235", "1243", "1112", "9875", "123457"] {
            XCTAssertNil(original(candidate), candidate)
        }
        XCTAssertNil(standard("1243"))
        XCTAssertEqual(standard("1235"), .keypadPattern)
        XCTAssertEqual(standard("9875"), .keypadPattern)
        XCTAssertEqual(standard("1112"), .pair)
        XCTAssertEqual(WeakPinRules.date.rejection(for: "1112"), .date)
        XCTAssertEqual(standard("123457"), .tooCommon)
    }

    // Issue 24: 2468 and 1357 were allowed on purpose; they are the 14th and 65th most common
    // PINs of the paper's list, so the standard rules now refuse them (the keys around 5; the
    // diagonal 3-5-7). The original rules still allow them, and so do the standard rules
    // PINs with no pattern.
    func test2468And1357PassTheOriginalRulesButAreKeypadShapes() {
        XCTAssertNil(original("2468"))
        XCTAssertNil(original("1357"))
        XCTAssertEqual(standard("2468"), .keypadPattern)
        // Since the rules' second revision the diagonal 3-5-7 takes a fourth key only beside its
        // end; 1357 is refused as a listed common PIN instead (still refused, by another rule).
        XCTAssertEqual(standard("1357"), .tooCommon)
        XCTAssertEqual(PinCode().validate("2468"), .keypadPattern)
        for candidate in ["5978", "4093", "3972", "8416", "604172"] {
            XCTAssertNil(standard(candidate), candidate)
            XCTAssertNil(PinCode().validate(candidate), candidate)
        }
    }

    // Issue 24: 1212 was `.tooCommon`; it is now named for what it is, a pair repeated.
    func test1212PassesTheOriginalRulesButIsAPair() {
        XCTAssertNil(original("1212"))
        XCTAssertEqual(standard("1212"), .pair)
    }

    // Issue 24: these were `.tooCommon`; they are now named as keypad lines and shapes.
    func testKeypadPatternsAreRefusedAsKeypadPatterns() {
        for candidate in ["2580", "0852", "1470", "0741", "3690", "0963", "1397", "7931", "1590", "1245", "147258"] {
            XCTAssertEqual(standard(candidate), .keypadPattern, candidate)
        }
    }

    // Issue 24: these were all `.tooCommon`; the pairs and the keypad lines are now named so.
    func testCommonSixDigitPINsAreRefused() {
        for candidate in ["123123", "121212", "112233", "696969", "123321", "111222"] {
            XCTAssertEqual(standard(candidate), .pair, candidate)
        }
        for candidate in ["159753", "147258", "258369"] {
            XCTAssertEqual(standard(candidate), .keypadPattern, candidate)
        }
        XCTAssertEqual(standard("520520"), .pair)
        XCTAssertEqual(standard("246810"), .tooCommon)
    }

    // The rules' second revision: the years are iOS's, 1956 to 2015 (they were 1930 to 2029;
    // the paper's data ranks the years outside far lower, and their space went to keypad walks
    // and mirrored pairs, which `pinform-bench pins` measures as worth more).
    func testYearsAreRefusedFrom1956To2015() {
        for candidate in ["1956", "1987", "1999", "2007", "2015"] {
            XCTAssertEqual(standard(candidate), .year, candidate)
        }
        XCTAssertNotEqual(standard("1955"), .year)
        XCTAssertNotEqual(standard("2016"), .year)
        XCTAssertNil(standard("1930"), "1930 is no longer refused")
        XCTAssertNil(WeakPinRules.year.rejection(for: "201990"), "years are 4 digits")
    }

    func testDatesAreRefusedAsMonthDayOrDayMonthYear() {
        XCTAssertEqual(standard("1225"), .date)
        XCTAssertEqual(standard("0229"), .date)
        XCTAssertNil(WeakPinRules.date.rejection(for: "0230"), "30 February is no date")
        XCTAssertNil(WeakPinRules.date.rejection(for: "2512"), "4 digits are month then day")
        XCTAssertEqual(standard("251290"), .date)
        XCTAssertEqual(standard("122590"), .date)
        XCTAssertNil(WeakPinRules.date.rejection(for: "901225"), "6 digits end with the year")
    }

    func testEachKindIsItsOwnRule() {
        XCTAssertEqual(WeakPinRules.pair.rejection(for: "4747"), .pair)
        // Since the rules' second revision a mirrored pair (4774) is a pair too; 4784 is not.
        XCTAssertEqual(WeakPinRules.pair.rejection(for: "4774"), .pair)
        XCTAssertNil(WeakPinRules.pair.rejection(for: "4784"))
        XCTAssertEqual(WeakPinRules.keypad.rejection(for: "8520"), .keypadPattern)
        XCTAssertNil(WeakPinRules.keypad.rejection(for: "8502"))
        XCTAssertNil(WeakPinRules.patterns.rejection(for: "5683"), "on the list, not a pattern")
        XCTAssertEqual(standard("5683"), .tooCommon)
    }

    func testEveryIOSPINIsRefused() {
        // The shipped list must hold iOS's lists (with the patterns); a dropped list fails here.
        for pin in iOSFourDigitSample + iOSSixDigitSample {
            XCTAssertNotNil(standard(pin), pin)
        }
        XCTAssertEqual(standard("5683"), .tooCommon)
        XCTAssertEqual(standard("7465"), .tooCommon)
        XCTAssertEqual(standard("0011"), .pair, "two doubled digits are a pair since the second revision")
        XCTAssertEqual(standard("000001"), .tooCommon)
    }

    func testTheShippedListHasItsSize() {
        let pins = WeakPinRules.commonPINs
        // The rules' second revision: the patterns refuse 1,146 4-digit PINs, the list the rest
        // of iOS's (5683, 7465) and the two most common PINs nothing else refuses.
        XCTAssertEqual(pins.filter { $0.count == 4 }.count, 4)
        XCTAssertEqual(pins.filter { $0.count == 6 }.count, 4_082)
    }

    func testTheRulesRefuseAbout11PercentOfFourDigitPINs() {
        let refused = (0..<10_000).filter { standard(padded($0, 4)) != nil }.count
        XCTAssertEqual(refused, 1_150)
        let patterns = (0..<10_000).filter { WeakPinRules.patterns.rejection(for: padded($0, 4)) != nil }.count
        XCTAssertEqual(patterns, 1_146)
    }

    func testBlocklistOnlyHoldsFourAndSixDigitPINs() {
        for pin in WeakPinRules.commonPINs {
            XCTAssertTrue(pin.count == 4 || pin.count == 6, pin)
            XCTAssertTrue(pin.utf8.allSatisfy { (48...57).contains($0) }, pin)
        }
        XCTAssertEqual(Set(WeakPinRules.commonPINs).count, WeakPinRules.commonPINs.count)
    }

    // The list holds only what no pattern refuses: 2468 is a keypad shape; 1357 is listed
    // since the rules' second revision (no pattern refuses it there).
    func testBlocklistDoesNotHold2468ButHolds1357() {
        XCTAssertFalse(WeakPinRules.commonPINs.contains("2468"))
        XCTAssertTrue(WeakPinRules.commonPINs.contains("1357"))
        for pin in WeakPinRules.commonPINs where pin.count == 4 {
            XCTAssertNil(WeakPinRules.patterns.rejection(for: pin), pin)
        }
    }

    func testTheSecondRevisionsPatterns() {
        for candidate in ["1256", "2569", "7896", "1233", "1478", "2583", "1593"] {
            XCTAssertEqual(WeakPinRules.keypad.rejection(for: candidate), .keypadPattern, candidate)
        }
        for candidate in ["3697", "4561", "5803"] {
            XCTAssertNil(WeakPinRules.keypad.rejection(for: candidate), candidate)
        }
        for candidate in ["1221", "1122", "0001", "9990"] {
            XCTAssertEqual(WeakPinRules.pair.rejection(for: candidate), .pair, candidate)
        }
        XCTAssertNil(WeakPinRules.pair.rejection(for: "1000"), "three digits last are left to the list")
    }

    // Issue 24: 2580 was the listed example; it is a keypad line now, so 5683 (listed) is.
    func testCommonRuleAloneIgnoresRepeatsAndRuns() {
        XCTAssertNil(WeakPinRules.common.rejection(for: "1111"))
        XCTAssertNil(WeakPinRules.common.rejection(for: "1234"))
        XCTAssertEqual(WeakPinRules.common.rejection(for: "5683"), .tooCommon)
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

    func testEachKindSaysWhatItIsWithoutDigits() {
        let kinds: [PinRejection] = [.year, .date, .keypadPattern, .pair]
        for kind in kinds {
            XCTAssertFalse(kind.message.contains { $0.isNumber }, "\(kind) shows no digits, so never the PIN typed")
        }
        let all = kinds + [.repeatedDigits, .sequence, .tooCommon]
        XCTAssertEqual(Set(all.map(\.message)).count, all.count, "every kind reads differently")
        XCTAssertEqual(PinRejection.year.message, "That is a year, one of the first things tried — choose digits that mean nothing")
        XCTAssertEqual(PinRejection.keypadPattern.message, "That is a line or shape on the keypad — choose keys scattered over it")
    }

    func testRejectionMessagesGoThroughTheTranslator() {
        Localization.translator = Upper()
        defer { Localization.translator = nil }
        XCTAssertEqual(PinRejection.sequence.message, "AVOID RUNS LIKE 1234 — CHOOSE DIGITS THAT DON’T FOLLOW EACH OTHER")
        XCTAssertEqual(PasteRejection.tooLong(room: 2).message, "ONLY 2 MORE DIGITS FIT")
        XCTAssertEqual(PasteRejection.tooLong(room: 1).message, "ONLY 1 MORE DIGIT FITS")
        XCTAssertEqual(standard("12a4"), .custom("USE DIGITS ONLY"))
        XCTAssertEqual(PinRejection.date.message, "THAT READS AS A DATE, LIKE A BIRTHDAY — CHOOSE DIGITS THAT ARE NOT A DATE")
    }

    func testPinDigitsGivesDigitValues() {
        let values = PinDigits.withDigits(of: "2580") { Array($0) }
        XCTAssertEqual(values, [2, 5, 8, 0])
    }

    func testPinDigitsRefusesNonDigitBytes() {
        XCTAssertNil(PinDigits.withDigits(of: "25 0") { _ in true })
    }
}

private func padded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: width - text.count) + text
}

/// Every 10th PIN of iOS's 4-digit list and every 25th of its 6-digit list, with the last of each
/// (../shared/data/pins: iOS-4-digit.txt, iOS-6-digit.txt).
private let iOSFourDigitSample = [
    "0000", "0101", "0606", "1110", "1188", "1414", "1960", "1970", "1980", "1990",
    "2000", "2010", "2222", "2424", "3300", "3434", "4343", "4499", "5454", "5599",
    "6464", "6688", "7474", "7766", "8484", "8866", "9595", "9966", "9999",
]
private let iOSSixDigitSample = [
    "000000", "008800", "016016", "024024", "031130", "040407", "050503", "060060", "068068", "076076",
    "084084", "092092", "101016", "111111", "119911", "126621", "134431", "142241", "151516", "161611",
    "170071", "178178", "186186", "194194", "202029", "212125", "222221", "231132", "238832", "246642",
    "254452", "262629", "272725", "282821", "291192", "299299", "307307", "315315", "323238", "333334",
    "343430", "351153", "359359", "367367", "375375", "383838", "393934", "403403", "411411", "419914",
    "427724", "435534", "444448", "454544", "464464", "472274", "480084", "488488", "496496", "505057",
    "515153", "524425", "532235", "540045", "547745", "556556", "565656", "575752", "584584", "592592",
    "600600", "608806", "616616", "626266", "636362", "645546", "653356", "660660", "669669", "677677",
    "686866", "696962", "705705", "713713", "721721", "729927", "737737", "747476", "757572", "765765",
    "773773", "782287", "789987", "797979", "808084", "818180", "826628", "834438", "842248", "850058",
    "858589", "868685", "878780", "886688", "894894", "902902", "910910", "919198", "929294", "939390",
    "947749", "955559", "963369", "971179", "979799", "989894", "999990", "999999",
]

/// A translator that shouts, so a test sees that a message went through it.
private struct Upper: Translator {
    func translate(_ message: String) -> String? { message.uppercased() }
    func translate(_ singular: String, _ plural: String, count: Int) -> String? {
        (count == 1 ? singular : plural).uppercased().replacing("%D", with: "%d")
    }
}
