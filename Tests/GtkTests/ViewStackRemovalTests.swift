@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// A page removed just after another was shown: libadwaita 1.7's view stack keeps the page it
/// left (for its transition, which ends at the next frame even when transitions are off) and
/// does not forget it when that page is removed, so the end of the transition touched the freed
/// page: "gtk_widget_set_child_visible: assertion 'GTK_IS_WIDGET (widget)' failed", or a crash
/// when the memory was reused (Delete Form… did this: it shows the first page, then removes the
/// deleted form's).
final class ViewStackRemovalTests: XCTestCase {
    func testAPageRemovedRightAfterLeavingItIsForgottenBeforeTheNextFrame() {
        GtkRuntime.test {
            let stack = ViewStack()
            stack.add(Label("a"), name: "a", title: "First")
            let leaving = Label("b")
            stack.add(leaving, name: "b", title: "Second")
            let window = Window()
            defer { window.destroy() }
            window.child = stack
            window.present()
            stack.visibleChildName = "b"
            XCTAssertTrue(MainContext.spin(until: { leaving.isMapped }))

            let warnings = GLibWarnings.collect {
                stack.visibleChildName = "a"
                stack.remove(named: "b")
                // The transition ends at the next frame: a few frames are spun.
                _ = MainContext.spin(until: { !GLibWarnings.recordedSoFar.isEmpty }, timeout: 0.5)
            }
            XCTAssertEqual(warnings, [])
            XCTAssertEqual(stack.pageNames, ["a"])
            XCTAssertEqual(stack.visibleChildName, "a")
        }
    }

    func testRemovingTheShownPageShowsAnother() {
        GtkRuntime.test {
            let stack = ViewStack()
            let staying = Label("a")
            stack.add(staying, name: "a", title: "First")
            stack.add(Label("b"), name: "b", title: "Second")
            let window = Window()
            defer { window.destroy() }
            window.child = stack
            window.present()
            stack.visibleChildName = "b"
            XCTAssertTrue(MainContext.spin(until: { stack.isMapped }))

            let warnings = GLibWarnings.collect {
                stack.remove(named: "b")
                _ = MainContext.spin(until: { !GLibWarnings.recordedSoFar.isEmpty }, timeout: 0.5)
            }
            XCTAssertEqual(warnings, [])
            XCTAssertEqual(stack.pageNames, ["a"])
            XCTAssertEqual(stack.visibleChildName, "a")
            XCTAssertTrue(MainContext.spin(until: { staying.isMapped }), "no page is shown")
        }
    }
}
