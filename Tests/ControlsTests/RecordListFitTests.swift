@_spi(Testing) @testable import Controls
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// A table with more columns than its pane holds (Person's seven beside the form at the default
/// 1000 px) fits the pane: the columns that do not fit are hidden, last first, their values in
/// the row's accessible name, and they come back as the pane widens. It scrolled sideways before.
final class RecordListFitTests: XCTestCase {
    func testColumnsThatDoNotFitThePaneAreHiddenAndComeBackWhenItWidens() {
        GtkRuntime.test {
            let source = PetSource([Pet(name: "Maximiliane", species: "Tennis Club Zürich-Nord", age: 41)])
            let list = RecordList(source: source, columns: [
                RecordColumn("Name", \.name, sortKey: "name"),
                RecordColumn("Species", \.species),
                RecordColumn("Age", \.age, sortKey: "age"),
                RecordColumn(title: "Email") { "\($0.name.lowercased())@example.com" },
                RecordColumn(title: "Phone") { _ in "+41 44 668 18 00" },
                RecordColumn(title: "Height") { _ in "1.72" },
                RecordColumn(title: "Birth date") { _ in "1985-01-01" },
            ])
            let window = Window()
            window.setDefaultSize(width: 400, height: 300)
            // The pane beside the form at 1000 px is about 440 px wide.
            list.widget.setSizeRequest(width: 440, height: 280)
            window.child = list.widget
            list.reload()
            window.present()
            let fits = { list.scroller.viewWidth > 0 && Double(list.table.minimumWidth) <= list.scroller.viewWidth }
            XCTAssertTrue(MainContext.spin(until: { list.boundIDs.contains(1) && fits() }),
                          "the table (\(list.table.minimumWidth) px) is wider than its pane (\(list.scroller.viewWidth) px)")
            let hidden = list.hiddenColumnTitles
            XCTAssertFalse(hidden.isEmpty)
            XCTAssertEqual(hidden, Array(["Name", "Species", "Age", "Email", "Phone", "Height", "Birth date"].suffix(hidden.count)),
                           "the last columns go first")

            list.widget.setSizeRequest(width: 1400, height: 280)
            XCTAssertTrue(MainContext.spin(until: { list.hiddenColumnTitles.isEmpty && fits() }),
                          "a wide pane still hides \(list.hiddenColumnTitles)")
            window.destroy()
        }
    }

    func testARightToLeftTableWhoseFirstColumnIsWiderThanThePaneOpensOnIt() {
        GtkRuntime.test {
            let previous = Widget.defaultTextDirection
            Widget.defaultTextDirection = .rtl
            defer { Widget.defaultTextDirection = previous }
            let address = "praesidium.vorstand@tennisclub-zuerich-nord.example"
            let list = RecordList(source: PetSource([Pet(name: address, species: "cat", age: 3)]), columns: [
                RecordColumn("Name", \.name, sortKey: "name"),
                RecordColumn("Species", \.species),
            ])
            let window = Window()
            window.setDefaultSize(width: 200, height: 300)
            list.widget.setSizeRequest(width: 200, height: 280)
            window.child = list.widget
            list.reload()
            window.present()
            // Only the first column shows, and it is still wider than the pane: it scrolls.
            XCTAssertTrue(MainContext.spin(until: {
                let scroll = list.scroller.horizontalScroll
                return list.hiddenColumnTitles == ["Species"] && scroll.page > 0 && scroll.upper > scroll.page + 20
            }), "the first column does not overflow: \(list.scroller.horizontalScroll), hidden \(list.hiddenColumnTitles)")
            // Its start, at the right, is in view.
            XCTAssertTrue(MainContext.spin(until: {
                let scroll = list.scroller.horizontalScroll
                return scroll.value >= scroll.upper - scroll.page - 1
            }), "the table opened on its end: \(list.scroller.horizontalScroll)")
            window.destroy()
        }
    }
}
