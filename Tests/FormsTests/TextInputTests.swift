import Foundation
import XCTest
import Forms

final class TextInputTests: XCTestCase {
    func testOutputIsNilWithoutText() {
        XCTAssertNil(TextInput<Int>().output)
        XCTAssertNil(TextInput<String>().output)
    }

    func testStringOutputPassesEmptyTextThrough() {
        XCTAssertEqual(TextInput<String>(text: "").output, "")
    }

    func testOutputConvertsText() {
        XCTAssertEqual(TextInput<Int>(text: " 26 ").output, 26)
    }

    func testOutputIsNilWhenTextDoesNotConvert() {
        XCTAssertNil(TextInput<Int>(text: "twenty").output)
    }

    func testSettingOutputWritesDescription() {
        let input = TextInput<Double>()
        input.output = 2.5
        XCTAssertEqual(input.text, "2.5")
        input.output = nil
        XCTAssertNil(input.text)
    }

    func testOutputInitializerShowsDescription() {
        XCTAssertEqual(TextInput<UInt8>(output: 7).text, "7")
    }

    func testPurposeDefaultsToTheOutputType() {
        XCTAssertEqual(TextInput<UInt>().purpose, .digits)
        XCTAssertEqual(TextInput<Float>().purpose, .number)
        XCTAssertEqual(TextInput<String>().purpose, .freeForm)
        XCTAssertEqual(TextInput<String>(purpose: .email).purpose, .email)
    }

    func testInputReadsNumbersInItsLocale() {
        let input = TextInput<Double>(text: "1,5", numberParsing: NumberParsing(locale: Locale(identifier: "de_DE")))
        XCTAssertEqual(input.output, 1.5)
    }

    func testConversionExplainsFailure() {
        let input = TextInput<UInt>(text: "-5")
        XCTAssertEqual(input.conversion, .failure(ConversionError(.outOfRange, message: "Enter a whole number of 0 or more")))
        input.text = ""
        XCTAssertNil(input.conversion)
    }

    /// A conformer that provides only `text`, as a native widget would.
    private final class NativeField: FormInput {
        typealias Output = String
        var text: String?
    }

    func testMinimalConformerGetsDefaults() {
        let field = NativeField()
        field.output = "Smith"
        XCTAssertEqual(field.text, "Smith")
        XCTAssertEqual(field.purpose, .freeForm)
        XCTAssertEqual(field.numberParsing, .current)
    }
}
