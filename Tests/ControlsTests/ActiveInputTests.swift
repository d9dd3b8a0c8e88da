import ControlState
import Controls
import Forms
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

final class ActiveInputTests: XCTestCase {
    func testEntryIsLabelledByItsLabel() {
        GtkRuntime.test {
            let input = ActiveInput<String>(label: "First name")
            XCTAssertTrue(input.entry.isAccessiblyLabelled(by: input.label))
            XCTAssertEqual(input.label.text, "First name")
        }
    }

    func testOutputComesFromTheEntry() {
        GtkRuntime.test {
            let input = ActiveInput<UInt>(label: "Age")
            input.entry.text = "42"
            XCTAssertEqual(input.output, 42)
        }
    }

    func testTheIndicatorIsOffByDefaultSoThatTheFocusRingIsTheOnlyFocusIndicator() {
        GtkRuntime.test {
            let input = ActiveInput<String>(label: "Name")
            let window = FormTestWindow(input.container)
            defer { window.close() }
            window.focus(input.entry)
            XCTAssertFalse(input.showsIndicator)
            XCTAssertFalse(input.indicator.isVisible)
            XCTAssertEqual(input.indicator.height, 0)
        }
    }

    func testIndicatorShowsOnlyWhileTheEntryHasFocus() {
        GtkRuntime.test {
            let input = ActiveInput<String>(label: "Name")
            input.showsIndicator = true
            let window = FormTestWindow(input.container)
            defer { window.close() }
            window.leave()
            XCTAssertEqual(input.indicator.opacity, 0)
            window.focus(input.entry)
            XCTAssertEqual(input.indicator.opacity, 1)
            window.leave()
            XCTAssertEqual(input.indicator.opacity, 0)
        }
    }

    func testIndicatorIsThreePixelsThickByDefault() {
        GtkRuntime.test {
            let input = ActiveInput<String>(label: "Name")
            input.showsIndicator = true
            let window = FormTestWindow(input.container)
            defer { window.close() }
            XCTAssertEqual(input.indicatorWidth, 3)
            XCTAssertEqual(input.indicator.height, 3)
        }
    }

    func testIndicatorWidthCanBeChanged() {
        GtkRuntime.test {
            let input = ActiveInput<String>(label: "Name")
            input.showsIndicator = true
            input.indicatorWidth = 6
            let window = FormTestWindow(input.container)
            defer { window.close() }
            XCTAssertEqual(input.indicator.height, 6)
        }
    }

    func testActiveColorPaintsTheIndicator() throws {
        try GtkRuntime.test {
            let input = ActiveInput<String>(label: "Name")
            input.showsIndicator = true
            input.activeColor = "rgb(255,0,0)"
            let window = FormTestWindow(input.container)
            defer { window.close() }
            window.focus(input.entry)
            window.settle()
            let texture = try XCTUnwrap(input.indicator.renderTexture())
            let pixel = texture.pixel(x: texture.width / 2, y: texture.height / 2)
            XCTAssertEqual(pixel.red, 255)
            XCTAssertEqual(pixel.green, 0)
            XCTAssertEqual(pixel.blue, 0)
        }
    }

    func testForcedLabelWidthSizesTheLabel() {
        GtkRuntime.test {
            let input = ActiveInput<String>(label: "Name")
            input.forcedLabelWidth = 200
            input.label.horizontalAlignment = .start
            let window = FormTestWindow(input.container)
            defer { window.close() }
            XCTAssertEqual(input.label.width, 200)
        }
    }

    func testPlaceholderIsTheEntrysPlaceholder() {
        GtkRuntime.test {
            let input = ActiveInput<String>(label: "Name")
            input.placeholder = "Jane"
            XCTAssertEqual(input.entry.placeholder, "Jane")
        }
    }

    func testErrorLineIsHiddenWhileValid() {
        GtkRuntime.test {
            let input = ActiveInput<UInt>(label: "Age")
            XCTAssertFalse(input.errorLabel.isVisible)
            XCTAssertFalse(input.entry.hasCSSClass("error"))
            XCTAssertFalse(input.entry.isAccessibleInvalid)
        }
    }

    func testInvalidStateShowsTheErrorLineInTheErrorStyle() {
        GtkRuntime.test {
            let input = ActiveInput<UInt>(label: "Age")
            input.control.isInvalid = true
            XCTAssertTrue(input.errorLabel.isVisible)
            XCTAssertTrue(input.errorLabel.hasCSSClass("field-error"))
            XCTAssertTrue(input.entry.hasCSSClass("error"))
        }
    }

    func testInvalidStateDescribesTheEntryByItsMessageWithoutTheInvalidState() {
        GtkRuntime.test {
            let input = ActiveInput<UInt>(label: "Age")
            input.errorLabel.text = "Enter a whole number"
            input.control.isInvalid = true
            XCTAssertTrue(MainContext.spin(until: { input.entry.showsAccessibleDescription("Enter a whole number") }))
            // GTK 4.8 exposes its invalid state as AT-SPI "invalid": Orca 43 takes the field for dead.
            XCTAssertFalse(input.entry.isAccessibleInvalid)
            XCTAssertTrue(input.entry.hasAccessibleErrorMessage(input.errorLabel))
            // GTK 4.18 computes the description of an input described by a label from the label's
            // own description (none): the error would not be heard with the field.
            XCTAssertFalse(input.entry.isAccessiblyDescribed(by: input.errorLabel))
        }
    }

    func testBecomingValidAgainClearsTheError() {
        GtkRuntime.test {
            let input = ActiveInput<UInt>(label: "Age")
            input.control.isInvalid = true
            input.control.isInvalid = false
            XCTAssertFalse(input.errorLabel.isVisible)
            XCTAssertFalse(input.entry.hasCSSClass("error"))
            XCTAssertFalse(input.entry.isAccessibleInvalid)
            XCTAssertFalse(input.entry.hasAccessibleErrorMessage(input.errorLabel))
        }
    }
}
