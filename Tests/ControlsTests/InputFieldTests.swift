import ControlState
import Controls
import Forms
@_spi(Testing) import Gtk
import XCTest

final class InputFieldTests: XCTestCase {
    func testTypingDigitsGivesTheTypedOutput() {
        GtkRuntime.test {
            let age = InputField<UInt>()
            age.entry.text = "26"
            XCTAssertEqual(age.output, 26)
        }
    }

    func testTextThatDoesNotConvertGivesNoOutput() {
        GtkRuntime.test {
            let age = InputField<UInt>()
            age.entry.text = "abc"
            XCTAssertNil(age.output)
        }
    }

    func testStringOutputPassesEmptyTextThrough() {
        GtkRuntime.test {
            let name = InputField<String>()
            XCTAssertEqual(name.output, "")
            name.entry.text = " John "
            XCTAssertEqual(name.output, " John ")
        }
    }

    func testSettingTheOutputWritesItsDescription() {
        GtkRuntime.test {
            let height = InputField<Double>(numberParsing: .posix)
            height.output = 1.8
            XCTAssertEqual(height.entry.text, "1.8")
        }
    }

    func testNumbersAreReadInTheGivenLocale() {
        GtkRuntime.test {
            let height = InputField<Double>(numberParsing: NumberParsing(decimalSeparator: ","))
            height.entry.text = "1,80"
            XCTAssertEqual(height.output, 1.8)
            height.entry.text = "1.80"
            XCTAssertEqual(height.output, 1.8)
        }
    }

    func testWholeNumbersGetTheDigitsPurpose() {
        GtkRuntime.test {
            XCTAssertEqual(InputField<UInt>().entry.inputPurpose, .digits)
            XCTAssertEqual(InputField<Double>().entry.inputPurpose, .number)
            XCTAssertEqual(InputField<String>().entry.inputPurpose, .freeForm)
        }
    }

    func testNamePurposeCapitalizesWords() {
        GtkRuntime.test {
            let name = InputField<String>(purpose: .name)
            XCTAssertEqual(name.entry.inputPurpose, .name)
            XCTAssertEqual(name.entry.inputHints, .uppercaseWords)
        }
    }

    func testChangingThePurposeUpdatesTheEntry() {
        GtkRuntime.test {
            let email = InputField<String>()
            email.purpose = .email
            XCTAssertEqual(email.entry.inputPurpose, .email)
            XCTAssertEqual(email.entry.inputHints, .noSpellcheck)
        }
    }

    func testFocusSetsTheFocusedState() {
        GtkRuntime.test {
            let field = InputField<String>()
            let window = FormTestWindow(field.entry)
            defer { window.close() }
            window.focus(field.entry)
            XCTAssertTrue(field.control.state.contains(.focused))
            window.leave()
            XCTAssertFalse(field.control.state.contains(.focused))
        }
    }

    func testInsensitiveEntrySetsTheDisabledState() {
        GtkRuntime.test {
            let field = InputField<String>()
            field.entry.isSensitive = false
            XCTAssertTrue(field.control.state.contains(.disabled))
        }
    }
}
