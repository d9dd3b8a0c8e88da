@testable import Controls
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// A computed value with none yet (an age without a birth date) shows "—", not a blank gap.
final class ComputedValueDashTests: XCTestCase {
    func testNoValueShowsADashAndIsNamedNone() {
        GtkRuntime.test {
            let age = ComputedValueInput<String>(label: "Age")
            XCTAssertEqual(age.valueLabel.text, "—", "a new record's age is a blank gap")
            age.text = "36"
            XCTAssertEqual(age.valueLabel.text, "36")
            XCTAssertEqual(age.text, "36")
            age.text = ""
            XCTAssertEqual(age.valueLabel.text, "—")
            XCTAssertEqual(age.text, "", "the form reads no value back, not the dash")
        }
    }
}
