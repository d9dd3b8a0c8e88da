@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// An alert dialog's response may destroy the window it was over (Delete Form… does): GTK 4.8's
/// AdwMessageDialog left the closed dialog pointing at its freed parent ("invalid (NULL) class
/// pointer" criticals) until a repair let go of it; an AdwAlertDialog needs none.
final class AlertDialogParentTests: XCTestCase {
    func testAResponseMayDestroyTheWindowTheDialogWasOver() {
        GtkRuntime.test {
            var handlerRan = false
            let logged = GLibWarnings.collect {
                let parent = Window()
                parent.present()
                let dialog = AlertDialog(parent: parent, heading: "Delete?", body: "")
                dialog.addResponse("cancel", label: "Cancel")
                dialog.addResponse("delete", label: "Delete", appearance: .destructive)
                dialog.onResponse { _ in
                    handlerRan = true
                    // What Delete Form… does: the designer under the dialog goes.
                    parent.destroy()
                }
                dialog.present()
                XCTAssertTrue(MainContext.spin(until: { dialog.isMapped }), "the dialog was not shown")
                XCTAssertTrue(dialog.ownWindow?.transientParent === parent, "the dialog is over its parent while open")
                dialog.responseButton(labelled: "Delete")?.click()
                // The dialog's last reference goes on an idle.
                _ = MainContext.spin(until: { false }, timeout: 0.3)
            }
            XCTAssertTrue(handlerRan, "the response handler did not run")
            XCTAssertEqual(logged, [], "destroying the parent in a response logged warnings")
        }
    }

    func testAResponseMayCloseThePreferencesDialogItIsShownOver() {
        GtkRuntime.test {
            var handlerRan = false
            let logged = GLibWarnings.collect {
                guard let window = ApplicationWindowForTests.make() else { return XCTFail("no application window") }
                defer { window.destroy() }
                window.present()
                let preferences = AdwaitaPreferencesDialog()
                let page = PreferencesPage()
                preferences.add(page)
                // What Pinform does: Preferences inside the records' window, the question over a row.
                preferences.present(over: window)
                XCTAssertNil(preferences.ownWindow, "Preferences is not inside the window")
                let dialog = AlertDialog(parent: page, heading: "Replace the records?", body: "")
                dialog.addResponse("cancel", label: "Cancel")
                dialog.addResponse("restore", label: "Restore", appearance: .destructive)
                dialog.onResponse { _ in
                    handlerRan = true
                    // What a restored backup does: Preferences, which the question is over, closes.
                    page.enclosingDialog?.close()
                }
                dialog.present()
                XCTAssertTrue(MainContext.spin(until: { dialog.isMapped }), "the dialog was not shown")
                XCTAssertNil(dialog.ownWindow, "the question is not inside the window")
                dialog.responseButton(labelled: "Restore")?.click()
                XCTAssertTrue(MainContext.spin(until: { !page.isMapped }), "Preferences stayed open")
                _ = MainContext.spin(until: { false }, timeout: 0.5)
            }
            XCTAssertTrue(handlerRan, "the response handler did not run")
            XCTAssertEqual(logged, [], "closing Preferences in a response logged warnings")
        }
    }

    func testADialogShownInItsOwnWindowClosesWithItsParent() {
        GtkRuntime.test {
            let dialog = AlertDialog(parent: nil, heading: "Discard changes?", body: "")
            dialog.addResponse("cancel", label: "Cancel")
            do {
                let parent = Window()
                parent.present()
                dialog.present(over: parent)
                XCTAssertTrue(MainContext.spin(until: { dialog.isMapped }), "the dialog was not shown")
                XCTAssertNotNil(dialog.ownWindow, "over a plain GtkWindow, the dialog is in a window of its own")
                parent.destroy()
            }
            // The parent's wrapper has let it go: GTK finalizes it, and its dialog window goes with it.
            XCTAssertTrue(MainContext.spin(until: { !dialog.isMapped }), "the dialog stayed open over a destroyed window")
        }
    }
}
