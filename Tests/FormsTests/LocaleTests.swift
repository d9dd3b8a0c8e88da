import Foundation
import Forms
import XCTest

final class LocaleTests: XCTestCase {
    func testLCAllComesFirstThenTheCategoryThenLang() {
        XCTAssertEqual(UserLocale.identifier(for: .numeric, in: ["LC_ALL": "de_DE.UTF-8", "LC_NUMERIC": "ru_RU.UTF-8", "LANG": "he_IL.UTF-8"]), "de_DE")
        XCTAssertEqual(UserLocale.identifier(for: .numeric, in: ["LC_NUMERIC": "ru_RU.UTF-8", "LANG": "he_IL.UTF-8"]), "ru_RU")
        XCTAssertEqual(UserLocale.identifier(for: .time, in: ["LC_NUMERIC": "ru_RU.UTF-8", "LANG": "he_IL.UTF-8"]), "he_IL")
        XCTAssertEqual(UserLocale.identifier(for: .time, in: ["LC_ALL": "", "LANG": "zh_CN.UTF-8"]), "zh_CN")
    }

    func testCAndPOSIXAndNothingMeanThePortableConventions() {
        XCTAssertEqual(UserLocale.identifier(for: .numeric, in: [:]), "en_US_POSIX")
        XCTAssertEqual(UserLocale.identifier(for: .numeric, in: ["LANG": "C.UTF-8"]), "en_US_POSIX")
        XCTAssertEqual(UserLocale.identifier(for: .numeric, in: ["LC_ALL": "POSIX"]), "en_US_POSIX")
        XCTAssertEqual(UserLocale.identifier(for: .numeric, in: ["LANG": "de_DE@euro"]), "de_DE")
    }

    func testGermanReadsADecimalComma() {
        let german = NumberParsing(locale: UserLocale.locale(for: .numeric, in: ["LANG": "de_DE.UTF-8"]))
        XCTAssertEqual(try Double.parse("1,80", using: german).get(), 1.8)
        XCTAssertEqual(try Decimal.parse("1,80", using: german).get(), Decimal(string: "1.8"))
        XCTAssertEqual(1.8.formatted(using: german), "1,8")
        XCTAssertEqual(Decimal(string: "12.5")!.formatted(using: german), "12,5")
    }

    func testArabicIndicDigitsAreReadWhereTheLocaleUsesThem() {
        let arabic = NumberParsing(locale: Locale(identifier: "ar_EG"))
        XCTAssertEqual(try Int.parse("١٢٣", using: arabic).get(), 123)
        XCTAssertEqual(try Double.parse("١٫٥", using: arabic).get(), 1.5)
        XCTAssertEqual(try Decimal.parse("٢٠٫٢٥", using: arabic).get(), Decimal(string: "20.25"))
    }

    func testWholeNumbersAreShownWithoutAFraction() {
        XCTAssertEqual(2.0.formatted(using: .posix), "2")
        XCTAssertEqual(1e20.formatted(using: .posix), "1e+20")
        XCTAssertEqual(try Double.parse(1e20.formatted(using: .posix), using: .posix).get(), 1e20)
    }

    /// Runs only where the locale is set (scripts/test sets none; CI's locale runs do).
    func testTheProcessLocaleIsReadFromTheEnvironmentNotFoundation() {
        let expected = NumberParsing(locale: UserLocale.locale(for: .numeric))
        XCTAssertEqual(NumberParsing.current.decimalSeparator, expected.decimalSeparator)
    }
}
