@testable import Controls
import Foundation
import Forms
@_spi(Testing) import Gtk
import GtkTesting
import XCTest
@testable import Pinform
@testable import PinformModels
import PinformCore
import TestFolders

/// A save on a narrow window (the records and the form one at a time) slides back to the
/// records with the new record selected and focused — the form's reset for the next record took
/// the focus into the form as it slid away, and it ended on the view switcher. Going back from
/// the form does the same; a wide window shows the two side by side.
final class NarrowSaveFocusTests: TemporaryFolderTestCase {
    func testASaveOnANarrowWindowLeavesTheFocusOnTheNewRecord() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let window = Window()
            let page = FormPage<Person>(context: ModelContext(records: nil))
            let panel = RecordsPanel<Person>(records: records, window: window, toast: Toast())
            let made = RecordsPage(title: Person.title, page: page, panel: panel)
            var saved: ListedRecordID?
            page.onSave = { [unowned made] model in
                saved = panel.insert(model)
                made.saved()
            }
            window.child = made.widget
            window.setDefaultSize(width: 360, height: 700)
            window.present()
            XCTAssertTrue(MainContext.spin(until: { made.widget.isMapped && made.isCollapsed }), "the page did not collapse")
            made.showForm()
            for field in page.form.form.layout.placedFields {
                guard let input = page.form.input(for: field), let text = input as? any FormInput,
                      let name = input.focusTarget.mnemonicLabelText,
                      let value = ["First name": "Ada", "Last name": "Lovelace", "Email": "ada@example.com",
                                   "Height": "1.65"][name] else { continue }
                text.text = value
            }
            page.save()
            let id = try XCTUnwrap(saved)
            XCTAssertTrue(MainContext.spin(until: { panel.list.rowHasFocus(id) }), "the new record's row did not get the focus")
            // And keeps it once the records have slid in.
            _ = MainContext.spin(until: { false }, timeout: 1)
            XCTAssertTrue(panel.list.rowHasFocus(id), "the focus left the new record's row")
            XCTAssertEqual(panel.list.selectedIDs, [id])
            window.destroy()
        }
    }

    func testGoingBackFromTheFormOnANarrowWindowShowsTheRecordsWithTheFocusOnTheSelectedOne() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let window = Window()
            defer { window.destroy() }
            let page = FormPage<Person>(context: ModelContext(records: nil))
            let panel = RecordsPanel<Person>(records: records, window: window, toast: Toast())
            let made = RecordsPage(title: Person.title, page: page, panel: panel)
            let id = try XCTUnwrap(panel.insert(Self.ada))
            window.child = made.widget
            window.setDefaultSize(width: 360, height: 700)
            window.present()
            XCTAssertTrue(MainContext.spin(until: { made.widget.isMapped && made.isCollapsed }), "the page did not collapse")
            XCTAssertTrue(made.backButton.isVisible)
            made.showForm()
            XCTAssertTrue(MainContext.spin(until: { page.widget.isMapped }), "the form did not come in")
            XCTAssertTrue(made.showsForm)
            // What Escape, Alt+Left and the back mouse button run in a collapsed split view.
            XCTAssertTrue(page.widget.activateAction("navigation.pop"))
            XCTAssertFalse(made.showsForm)
            XCTAssertTrue(MainContext.spin(until: { panel.list.rowHasFocus(id) }), "the selected record did not get the focus")
            XCTAssertTrue(made.recordsHaveFocus)
        }
    }

    func testOnAWideWindowTheFormIsBesideTheRecordsWithNoBackButton() {
        let paths = self.paths
        GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let window = Window()
            defer { window.destroy() }
            let page = FormPage<Person>(context: ModelContext(records: nil))
            let panel = RecordsPanel<Person>(records: records, window: window, toast: Toast())
            let made = RecordsPage(title: Person.title, page: page, panel: panel)
            window.child = made.widget
            window.setDefaultSize(width: 1000, height: 700)
            window.present()
            XCTAssertTrue(MainContext.spin(until: { page.widget.width > 0 && panel.widget.width > 0 }),
                          "the records and the form are not side by side")
            XCTAssertFalse(made.isCollapsed)
            XCTAssertTrue(made.showsForm)
            XCTAssertFalse(made.backButton.isVisible)
        }
    }

    private static var ada: Person {
        Person(firstName: "Ada", lastName: "Lovelace", email: Email("ada@example.com")!, height: 1.65)
    }
}
