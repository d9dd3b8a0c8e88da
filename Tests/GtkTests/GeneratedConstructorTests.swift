@_spi(Testing) import Gtk
import XCTest

/// The generated constructors own what the GIR says they return: a widget's floating reference
/// is sunk (one reference, the wrapper's), a controller's or a menu's full reference is adopted
/// (not sunk again, which would leak one), and a container or widget that takes an object over
/// holds a reference of its own beside the wrapper's.
final class GeneratedConstructorTests: XCTestCase {
    func testAWidgetsFloatingReferenceIsSunkOnce() {
        GtkRuntime.test {
            XCTAssertEqual(Button(label: "Press").referenceCount, 1)
            XCTAssertEqual(Label("Text").referenceCount, 1)
            XCTAssertEqual(Entry().referenceCount, 1)
            XCTAssertEqual(ActionRow(title: "Row").referenceCount, 1)
        }
    }

    func testAPlainObjectsFullReferenceIsAdoptedNotSunk() {
        GtkRuntime.test {
            XCTAssertEqual(KeyController().referenceCount, 1, "transfer full: the wrapper's reference")
            XCTAssertEqual(ClickGesture().referenceCount, 1)
            XCTAssertEqual(FocusController().referenceCount, 1)
            XCTAssertEqual(Menu().referenceCount, 1)
            XCTAssertEqual(ListItemFactory().referenceCount, 1)
        }
    }

    func testAControllerAddedToAWidgetIsOwnedByBoth() {
        GtkRuntime.test {
            let keys = KeyController()
            do {
                let entry = Entry()
                entry.add(keys)
                XCTAssertEqual(keys.referenceCount, 2, "the widget's and the wrapper's")
            }
            XCTAssertEqual(keys.referenceCount, 1, "the widget's went with the widget")
        }
    }

    func testAGeneratedSignalCallsItsTypedHandler() {
        GtkRuntime.test {
            let button = Button(label: "Press")
            var clicks = 0
            button.onClicked { clicks += 1 }
            button.click()
            button.click()
            XCTAssertEqual(clicks, 2)

            let entry = Entry()
            var changes = 0
            entry.onChanged { changes += 1 }
            entry.text = "a"
            XCTAssertEqual(changes, 1, "GtkEditable's changed, connected on the entry")
        }
    }
}
