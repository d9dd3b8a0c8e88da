@_spi(Testing) import Gtk
import XCTest

/// A widget GTK made and has not placed yet is floating: looking it up makes a wrapper that
/// leaves GTK's floating reference alone. Since GTK 4.12 a column view binds a row before it
/// gives the row its parent; a wrapper that sank the row's reference freed it with itself, and
/// GTK then put a freed row in the table (critical warnings, then an abort in
/// gtk_list_factory_widget_teardown_factory).
final class FloatingWidgetLookupTests: XCTestCase {
    func testARowLookedUpWhileItIsBoundStaysInTheTable() {
        GtkRuntime.test {
            let letters = ["a", "b", "c"]
            let strings = StringList()
            strings.replaceAll(with: letters)
            let factory = ListItemFactory()
            factory.onSetup { item in item.setChild(Label()) }
            factory.onBind { item in
                guard let label = item.child as? Label else { return }
                label.text = item.string ?? ""
                // What a cell does to name its row for screen readers; the wrapper made here
                // goes at the end of the handler.
                _ = label.ancestor(withRole: .row)
                _ = label.parentWidget?.parentWidget
            }
            let view = ColumnView(selection: MultiSelection(model: strings))
            view.append(ColumnViewColumn(title: "Letter", factory: factory))
            let window = Window()
            defer { window.destroy() }
            window.setDefaultSize(width: 200, height: 300)
            window.child = view
            window.present()

            let shown: () -> [String] = {
                view.descendants.compactMap { $0 as? Label }.filter { $0.ancestor(withRole: .row) != nil }.map(\.text)
            }
            XCTAssertTrue(MainContext.spin(until: { Set(letters).isSubset(of: Set(shown())) }),
                          "every row is in the table: \(shown())")
            // Rebinding (the rows' wrappers made again and dropped) keeps them there too.
            strings.replaceAll(with: letters.reversed())
            XCTAssertTrue(MainContext.spin(until: { Set(letters).isSubset(of: Set(shown())) }),
                          "every row is in the table after a reload: \(shown())")
        }
    }
}
