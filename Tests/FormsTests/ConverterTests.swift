import Foundation
import XCTest
@testable import Forms

final class ConverterTests: XCTestCase {
    private let german = NumberParsing(locale: Locale(identifier: "de_DE"))

    private func parsed<T: StringTwoWayConvertible>(_ text: String, as type: T.Type, using parsing: NumberParsing = .posix) -> T? {
        try? T.parse(text, using: parsing).get()
    }

    private func failure<T: StringTwoWayConvertible>(_ text: String, as type: T.Type, using parsing: NumberParsing = .posix) -> ConversionError? {
        if case .failure(let error) = T.parse(text, using: parsing) { return error }
        return nil
    }

    // MARK: String

    func testStringPassesThroughUnchanged() {
        XCTAssertEqual(parsed("  John ", as: String.self), "  John ")
        XCTAssertEqual(parsed("", as: String.self), "")
        XCTAssertEqual(String("x"), "x")
    }

    // MARK: Default purposes

    func testIntegersDefaultToDigits() {
        let purposes: [InputPurpose] = [
            Int.defaultPurpose, Int8.defaultPurpose, Int16.defaultPurpose, Int32.defaultPurpose, Int64.defaultPurpose,
            UInt.defaultPurpose, UInt8.defaultPurpose, UInt16.defaultPurpose, UInt32.defaultPurpose, UInt64.defaultPurpose,
        ]
        XCTAssertEqual(purposes, Array(repeating: .digits, count: 10))
    }

    func testFloatingPointDefaultsToNumber() {
        XCTAssertEqual([Double.defaultPurpose, Float.defaultPurpose, Decimal.defaultPurpose], [.number, .number, .number])
    }

    func testStringDefaultsToFreeForm() {
        XCTAssertEqual(String.defaultPurpose, .freeForm)
    }

    func testInputPurposeHasNineCasesWithDescriptions() {
        XCTAssertEqual(InputPurpose.allCases, [.freeForm, .digits, .number, .phone, .email, .url, .name, .pin, .date])
        XCTAssertEqual(InputPurpose.digits.description, "whole number")
    }

    // MARK: Integers

    func testIntegerParsesSignedDigits() {
        XCTAssertEqual(parsed("42", as: Int.self), 42)
        XCTAssertEqual(parsed("-42", as: Int.self), -42)
        XCTAssertEqual(parsed("+42", as: Int.self), 42)
        XCTAssertEqual(parsed("007", as: Int.self), 7)
    }

    func testIntegerReadsTheDigitsOfOtherScripts() {
        XCTAssertEqual(parsed("٣", as: Int.self), 3)
        XCTAssertEqual(parsed("-۴۲", as: Int.self), -42)
    }

    func testIntegerTrimsSurroundingWhitespace() {
        XCTAssertEqual(parsed("  26\t", as: Int.self), 26)
        XCTAssertEqual(parsed("\u{00A0}26\n", as: UInt.self), 26)
    }

    func testIntegerRejectsMalformedText() {
        for text in ["abc", "1 2", "1.0", "1,0", "-", "+", "12a", "0x10", "--1"] {
            XCTAssertEqual(failure(text, as: Int.self), ConversionError(.malformed, message: "Enter a whole number"), text)
        }
    }

    func testIntegerBlankTextIsBlank() {
        XCTAssertEqual(failure("   ", as: Int.self)?.kind, .blank)
        XCTAssertEqual(failure("", as: Int64.self)?.kind, .blank)
    }

    func testIntegerLimitsParse() {
        XCTAssertEqual(parsed("\(Int64.max)", as: Int64.self), .max)
        XCTAssertEqual(parsed("\(Int64.min)", as: Int64.self), .min)
        XCTAssertEqual(parsed("\(UInt64.max)", as: UInt64.self), .max)
        XCTAssertEqual(parsed("\(Int32.min)", as: Int32.self), .min)
    }

    func testIntegerTooLargeSaysSo() {
        XCTAssertEqual(failure("9223372036854775808", as: Int.self), ConversionError(.outOfRange, message: "Enter a whole number up to 9223372036854775807"))
        XCTAssertEqual(failure("18446744073709551616", as: UInt64.self)?.message, "Enter a whole number up to 18446744073709551615")
        XCTAssertEqual(failure("4294967296", as: UInt32.self)?.message, "Enter a whole number up to 4294967295")
    }

    func testIntegerTooSmallSaysSo() {
        XCTAssertEqual(failure("-9223372036854775809", as: Int.self), ConversionError(.outOfRange, message: "Enter a whole number of -9223372036854775808 or more"))
    }

    func testUnsignedRejectsNegativeNumbers() {
        XCTAssertEqual(failure("-5", as: UInt.self), ConversionError(.outOfRange, message: "Enter a whole number of 0 or more"))
        XCTAssertEqual(failure("-5", as: UInt32.self)?.message, "Enter a whole number of 0 or more")
    }

    func testUnsignedAcceptsNegativeZero() {
        XCTAssertEqual(parsed("-0", as: UInt.self), 0)
    }

    func testSmallIntegersNameTheirRange() {
        XCTAssertEqual(failure("256", as: UInt8.self), ConversionError(.outOfRange, message: "Enter a whole number from 0 to 255"))
        XCTAssertEqual(failure("-1", as: UInt8.self)?.message, "Enter a whole number from 0 to 255")
        XCTAssertEqual(failure("x", as: UInt8.self), ConversionError(.malformed, message: "Enter a whole number from 0 to 255"))
        XCTAssertEqual(failure("128", as: Int8.self)?.message, "Enter a whole number from -128 to 127")
        XCTAssertEqual(failure("70000", as: Int16.self)?.message, "Enter a whole number from -32768 to 32767")
        XCTAssertEqual(failure("70000", as: UInt16.self)?.message, "Enter a whole number from 0 to 65535")
    }

    func testEveryIntegerTypeParses() {
        XCTAssertEqual(parsed("-8", as: Int8.self), -8)
        XCTAssertEqual(parsed("-16", as: Int16.self), -16)
        XCTAssertEqual(parsed("-32", as: Int32.self), -32)
        XCTAssertEqual(parsed("-64", as: Int64.self), -64)
        XCTAssertEqual(parsed("8", as: UInt8.self), 8)
        XCTAssertEqual(parsed("16", as: UInt16.self), 16)
        XCTAssertEqual(parsed("32", as: UInt32.self), 32)
        XCTAssertEqual(parsed("64", as: UInt64.self), 64)
        XCTAssertEqual(parsed("1", as: UInt.self), 1)
    }

    // MARK: Floating point

    func testDoubleParsesPointDecimals() {
        XCTAssertEqual(parsed("1.5", as: Double.self), 1.5)
        XCTAssertEqual(parsed("-0.25", as: Double.self), -0.25)
        XCTAssertEqual(parsed(".5", as: Double.self), 0.5)
        XCTAssertEqual(parsed("5.", as: Double.self), 5)
        XCTAssertEqual(parsed("1e3", as: Double.self), 1000)
        XCTAssertEqual(parsed("1.5E-2", as: Double.self), 0.015)
    }

    func testDoubleTrimsSurroundingWhitespace() {
        XCTAssertEqual(parsed(" 2.5 ", as: Double.self), 2.5)
    }

    func testDoubleAcceptsTheLocaleDecimalComma() {
        XCTAssertEqual(parsed("1,5", as: Double.self, using: german), 1.5)
        XCTAssertEqual(parsed(" -3,25 ", as: Float.self, using: german), -3.25)
    }

    func testDoubleAcceptsPointInACommaLocale() {
        XCTAssertEqual(parsed("1.5", as: Double.self, using: german), 1.5)
    }

    func testDoubleRejectsCommaWhereTheLocaleUsesPoint() {
        XCTAssertEqual(failure("1,5", as: Double.self)?.kind, .malformed)
    }

    func testGermanLocaleUsesDecimalComma() {
        XCTAssertEqual(german.decimalSeparator, ",")
        XCTAssertEqual(NumberParsing(locale: Locale(identifier: "en_US")).decimalSeparator, ".")
    }

    func testNumbersRejectGroupingGarbage() {
        for text in ["1,2,3", "1.234,5", "1.2.3", "1,,5", "1 000", ",", "."] {
            XCTAssertEqual(failure(text, as: Double.self, using: german), ConversionError(.malformed, message: "Enter a number"), text)
            XCTAssertNil(parsed(text, as: Decimal.self, using: german), text)
        }
    }

    func testDoubleRejectsNonFiniteText() {
        XCTAssertEqual(failure("nan", as: Double.self)?.message, "Enter a number")
        XCTAssertEqual(failure("inf", as: Double.self)?.message, "Enter a number")
        XCTAssertEqual(failure("1e400", as: Double.self), ConversionError(.outOfRange, message: "Number too large"))
        XCTAssertEqual(failure("1e39", as: Float.self)?.message, "Number too large")
    }

    func testDoubleBlankTextIsBlank() {
        XCTAssertEqual(failure(" ", as: Double.self)?.kind, .blank)
    }

    func testStrictInitReadsNonFiniteDescriptions() {
        XCTAssertEqual(Double(Double.infinity.description), .infinity)
        XCTAssertEqual(Float((-Float.infinity).description), -.infinity)
        XCTAssertTrue(Double(Double.nan.description)?.isNaN == true)
    }

    // MARK: Decimal

    func testDecimalParsesExactly() {
        XCTAssertEqual(parsed("0.1", as: Decimal.self), Decimal(sign: .plus, exponent: -1, significand: 1))
        XCTAssertEqual(parsed("-12.34", as: Decimal.self), Decimal(sign: .minus, exponent: -2, significand: 1234))
        XCTAssertEqual(parsed("1,5", as: Decimal.self, using: german), Decimal(sign: .plus, exponent: -1, significand: 15))
    }

    func testDecimalStrictInitReadsDescription() {
        let value = Decimal(sign: .minus, exponent: -5, significand: 1_234_567)
        XCTAssertEqual(Decimal(value.description), value)
        XCTAssertNil(Decimal("12abc"))
    }

    func testDecimalOutOfRangeSaysSo() {
        XCTAssertEqual(failure("1e200", as: Decimal.self), ConversionError(.outOfRange, message: "Number too large"))
        XCTAssertEqual(failure("1e-200", as: Decimal.self)?.message, "Too many decimal places")
    }

    func testADecimalOfMoreThan38SignificantDigitsIsRefusedNotRounded() {
        let fortyOneNines = String(repeating: "9", count: 41)
        XCTAssertEqual(failure(fortyOneNines, as: Decimal.self),
                       ConversionError(.outOfRange, message: "Enter at most 38 significant digits"))
        XCTAssertEqual(failure(fortyOneNines + ".00", as: Decimal.self)?.message, "Enter at most 38 significant digits")
        XCTAssertEqual(failure("4." + String(repeating: "0", count: 37) + "1", as: Decimal.self)?.message,
                       "Enter at most 38 significant digits")
        // 39 digits below 2¹²⁸ fit exactly, and are kept.
        let thirtyNineDigits = "1." + String(repeating: "0", count: 37) + "1"
        XCTAssertEqual(parsed(thirtyNineDigits, as: Decimal.self)?.description, thirtyNineDigits)
        let thirtyEightNines = String(repeating: "9", count: 38)
        XCTAssertEqual(parsed(thirtyEightNines, as: Decimal.self)?.description, thirtyEightNines)
        XCTAssertEqual(parsed("0.000" + thirtyEightNines, as: Decimal.self)?.description, "0.000" + thirtyEightNines)
        // Zeros that only place the digits do not count.
        XCTAssertEqual(parsed("1" + String(repeating: "0", count: 40), as: Decimal.self)?.description, "1" + String(repeating: "0", count: 40))
        XCTAssertEqual(parsed("000012.3400", as: Decimal.self), Decimal(sign: .plus, exponent: -2, significand: 1234))
    }

    func testADoubleThatWouldRoundIsRefusedWithItsLimit() {
        XCTAssertEqual(failure("9007199254740993", as: Double.self),
                       ConversionError(.outOfRange, message: "Enter at most 15 significant digits"))
        XCTAssertEqual(failure("1.0000000000000001", as: Double.self)?.message, "Enter at most 15 significant digits")
        XCTAssertEqual(failure("16777217", as: Float.self)?.message, "Enter at most 6 significant digits")
        XCTAssertEqual(failure("1e-400", as: Double.self), ConversionError(.outOfRange, message: "Too many decimal places"))
        XCTAssertEqual(failure("4.9e-324", as: Double.self)?.message, "Too many decimal places")
        // What the type holds exactly is read, however it is written.
        XCTAssertEqual(parsed("9007199254740992", as: Double.self), 9_007_199_254_740_992)
        XCTAssertEqual(parsed("0.30000000000000004", as: Double.self), 0.1 + 0.2)
        XCTAssertEqual(parsed("0.1", as: Double.self), 0.1)
        XCTAssertEqual(parsed("123456789012345", as: Double.self), 123_456_789_012_345)
        XCTAssertEqual(parsed("1,5e3", as: Double.self, using: german), 1500)
        XCTAssertEqual(parsed("-0", as: Double.self), 0)
        XCTAssertEqual(parsed("2.2250738585072014e-308", as: Double.self), .leastNormalMagnitude)
        XCTAssertEqual(parsed("\(Double.greatestFiniteMagnitude)", as: Double.self), .greatestFiniteMagnitude)
    }

    func testEveryDoubleReadsBackFromItsFormattedText() {
        for value in [0.1, 1 / 3, .pi, 1e300, 5e-300, -123.456, 9_007_199_254_740_992, Double(Float.pi)] {
            XCTAssertEqual(parsed(value.formatted(using: .posix), as: Double.self), value, "\(value)")
        }
        for value: Float in [0.1, 1 / 3, .pi, 3e38, 16_777_216] {
            XCTAssertEqual(parsed(value.formatted(using: .posix), as: Float.self), value, "\(value)")
        }
    }

    // MARK: Custom types

    private struct Email: StringTwoWayConvertible, Equatable {
        var address: String
        init?(_ text: String) {
            guard text.contains("@") else { return nil }
            address = text
        }
        var description: String { address }
        static var defaultPurpose: InputPurpose { .email }
    }

    func testCustomTypeUsesItsInitializer() {
        XCTAssertEqual(parsed("a@b.c", as: Email.self)?.address, "a@b.c")
        XCTAssertEqual(failure("nope", as: Email.self), ConversionError(.malformed, message: "Enter a valid value"))
        XCTAssertEqual(Email.defaultPurpose, .email)
    }
}
