@_spi(Testing) import Gtk
import XCTest

final class ClipboardWriteTests: XCTestCase {
    /// A label in a window that has the keyboard focus, as the recovery key's is when its Copy
    /// is pressed: under Wayland only a focused client may set or clear the clipboard.
    @MainActor private static func focusedLabel() -> (Window, Label) {
        let window = Window()
        let label = Label("key")
        window.child = label
        window.present()
        XCTAssertTrue(MainContext.spin(until: { window.isActive }), "the window was never focused")
        return (window, label)
    }

    func testCopiedTextIsClearedAfterItsTime() {
        GtkRuntime.test {
            let (window, label) = Self.focusedLabel()
            defer { window.destroy() }
            label.copyToClipboard("12345-67890", clearingAfter: 1)
            XCTAssertTrue(label.ownsClipboard)
            XCTAssertTrue(MainContext.spin(until: { !label.ownsClipboard }, timeout: 3))
        }
    }

    func testSomethingCopiedSinceIsNotCleared() {
        GtkRuntime.test {
            let (window, label) = Self.focusedLabel()
            defer { window.destroy() }
            label.copyToClipboard("12345-67890", clearingAfter: 1)
            label.copyToClipboard("something else", clearingAfter: 30)
            var waited = false
            MainContext.timeout(milliseconds: 1500) { waited = true; return false }
            XCTAssertTrue(MainContext.spin(until: { waited }, timeout: 3))
            XCTAssertTrue(label.ownsClipboard, "the later copy was cleared by the earlier one's timer")
            var text: String??
            label.readClipboardText { text = .some($0) }
            XCTAssertTrue(MainContext.spin(until: { text != nil }, timeout: 3))
            XCTAssertEqual(text, .some("something else"))
        }
    }
}
