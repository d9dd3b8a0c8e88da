@_spi(Testing) import Gtk
import XCTest

/// The rows a drop-down and a combo row show their choices in.
final class ChoiceListTests: XCTestCase {
    func testADropDownAndAComboRowShowTheirChoices() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            let dropDown = DropDown(items: ["Euro (EUR)", "US dollar (USD)"])
            let row = ComboRow(title: "PIN length", choices: ["4 digits", "6 digits"])
            box.append(dropDown)
            box.append(row)
            window.child = box
            window.present()
            for _ in 0..<20 { _ = MainContext.iterate() }
            dropDown.selectedIndex = 1
            row.selected = 1
            for _ in 0..<20 { _ = MainContext.iterate() }
            let labels = window.descendants.compactMap { ($0 as? Label)?.text }
            XCTAssertTrue(labels.contains("US dollar (USD)"), "\(labels)")
            XCTAssertTrue(labels.contains("6 digits"), "\(labels)")
        }
    }
}
