@testable import Controls
import Foundation
import Forms
@_spi(Testing) import Gtk
import PinformCore
@testable import PinformModels
import XCTest

/// The invoice form with lines fits a 360-pixel window (GNOME's narrowest phone width).
final class NarrowInvoiceTests: XCTestCase {
    func testAnInvoiceWithALineAndItsErrorsFitsThreeHundredSixtyPixels() throws {
        GtkRuntime.test {
            let view = Invoice.makeForm(ModelContext(records: nil))
            let window = Window()
            window.child = view.widget
            window.setDefaultSize(width: 100, height: -1)
            window.present()
            defer { window.destroy() }
            XCTAssertTrue(MainContext.spin(until: { view.widget.isMapped && view.widget.width > 0 }))
            var shown = false
            MainContext.idle(priority: 300) { shown = true }
            MainContext.spin(until: { shown })
            let withoutLines = window.width
            let editor = view.form.fields.compactMap { view.input(for: $0) as? LineItemsEditor<Invoice.Line> }[0]
            let row = editor.addRow()
            let rowView = editor.rowView(for: row)!
            let entries = rowView.form.fields.compactMap { rowView.input(for: $0)?.focusTarget as? Entry }
            for (entry, text) in zip(entries, ["Papier", "x", "3,50", "19"]) {
                _ = entry.grabFocus()
                entry.text = text
            }
            view.revealErrors()
            var drawn = false
            MainContext.idle(priority: 300) { drawn = true }
            MainContext.spin(until: { drawn })
            // Asked for 100 pixels, the window gets the form's minimum width: well under 360.
            XCTAssertLessThanOrEqual(window.width, 360, "a line with its errors makes the form wider than 360 pixels")
            // The form sits in a card with margins in the app (62 pixels at 360): a line must not
            // make it any wider than its other fields do.
            XCTAssertLessThanOrEqual(window.width, withoutLines, "a line makes the form wider than its other fields")
        }
    }
}

