@_spi(Testing) import Gtk
import XCTest

/// A message dialog's response may destroy the window it was over: libadwaita makes the dialog
/// destroy-with-parent, and GTK 4.8 then left the closed dialog pointing at its freed parent,
/// whose last unref logged "invalid (NULL) class pointer" criticals (Delete Form… did this).
final class MessageDialogParentTests: XCTestCase {
    func testAResponseFindsTheDialogAlreadyLetGoOfItsParent() {
        GtkRuntime.test {
            let parent = Window()
            parent.present()
            var handlerRan = false
            var parentInHandler: Window?
            var destroyed = false
            do {
                let dialog = MessageDialog(parent: parent, heading: "Delete?", body: "")
                dialog.addResponse("cancel", label: "Cancel")
                dialog.addResponse("delete", label: "Delete", appearance: .destructive)
                XCTAssertTrue(dialog.transientParent === parent, "the dialog is over its parent while open")
                dialog.onResponse { [weak dialog] _ in
                    handlerRan = true
                    parentInHandler = dialog?.transientParent
                    // What Delete Form… does: the designer under the dialog goes.
                    parent.destroy()
                    destroyed = true
                }
                dialog.present()
                _ = MainContext.spin(until: { dialog.isMapped })
                dialog.responseButton(labelled: "Delete")?.click()
            }
            XCTAssertTrue(destroyed, "the response was not emitted")
            XCTAssertTrue(handlerRan, "the response handler did not run")
            XCTAssertNil(parentInHandler, "the response handler found the dialog still transient for its parent")
            // The dialog's wrapper and the parent's are gone; the dialog's last reference goes on an idle.
            _ = MainContext.spin(until: { false }, timeout: 0.3)
        }
    }
}
