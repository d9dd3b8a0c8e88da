@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// The relations a widget sets for assistive technologies reach GTK as GTK reads them: each is a
/// NULL-terminated list of widgets since GTK 4.16 (the error message was a single reference in
/// GTK 4.8, and a call made for that layout crashed GTK 4.18 on the first error shown).
final class AccessibleRelationTests: XCTestCase {
    func testAnErrorMessageLinksTheMessageAndIsReplacedAndRemoved() {
        GtkRuntime.test {
            let entry = Entry()
            let first = Label("Required")
            let second = Label("Not a number")

            entry.setAccessibleErrorMessage(first)
            XCTAssertTrue(entry.hasAccessibleErrorMessage(first))

            entry.setAccessibleErrorMessage(second)
            XCTAssertTrue(entry.hasAccessibleErrorMessage(second))
            XCTAssertFalse(entry.hasAccessibleErrorMessage(first), "the new message replaces the old one")

            entry.setAccessibleErrorMessage(nil)
            XCTAssertFalse(entry.hasAccessibleErrorMessage(second))
        }
    }

    func testLabelledByNamesExactlyTheWidgetGiven() {
        GtkRuntime.test {
            let entry = Entry()
            let label = Label("Name")
            let other = Label("As on the passport")

            entry.setAccessibleLabelledBy(label)
            XCTAssertTrue(entry.isAccessiblyLabelled(by: label))
            XCTAssertFalse(entry.isAccessiblyLabelled(by: other))
        }
    }
}
