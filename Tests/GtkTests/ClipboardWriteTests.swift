@_spi(Testing) import Gtk
import XCTest

final class ClipboardWriteTests: XCTestCase {
    func testCopiedTextIsClearedAfterItsTime() {
        GtkRuntime.test {
            let label = Label("key")
            label.copyToClipboard("12345-67890", clearingAfter: 1)
            XCTAssertTrue(label.ownsClipboard)
            XCTAssertTrue(MainContext.spin(until: { !label.ownsClipboard }, timeout: 3))
        }
    }

    func testSomethingCopiedSinceIsNotCleared() {
        GtkRuntime.test {
            let label = Label("key")
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
