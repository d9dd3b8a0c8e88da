@testable import Controls
import Foundation
import Forms
@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
@testable import PinformModels
import PinformCore
import TestFolders

/// A save on a narrow window (the records and the form one at a time) slides back to the
/// records with the new record selected and focused — the form's reset for the next record took
/// the focus into the form as it slid away, and it ended on the view switcher.
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
            XCTAssertTrue(MainContext.spin(until: { made.widget.isMapped && made.leaflet.isFolded }), "the window did not fold")
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
}
