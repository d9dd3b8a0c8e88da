import Gtk
import Localization

/// Asks before Lock loses unsaved input: "Lock and Discard Changes?" with Cancel (also Escape
/// and closing) and "Discard and Lock", shown as destructive. Neither is focused by default: a
/// stray Enter does not lose anything.
@MainActor
enum LockDiscardDialog {
    /// The heading, which also names the dialog for screen readers.
    static var heading: String { tr("Lock and Discard Changes?") }

    private static let cancel = "cancel"
    private static let lock = "lock"

    /// Shows the question over `parent`; `onLock` runs if the person chooses to lock.
    @discardableResult
    static func ask(over parent: Window, onLock: @escaping @MainActor () -> Void) -> AlertDialog {
        let dialog = AlertDialog(
            parent: parent, heading: heading,
            body: tr("Locking closes the records until the PIN is entered again. The changes you have not saved will be lost."))
        dialog.addResponse(cancel, label: tr("Cancel"))
        dialog.addResponse(lock, label: tr("Discard and Lock"), appearance: .destructive)
        dialog.defaultResponse = nil
        dialog.closeResponse = cancel
        dialog.onResponse { response in
            guard response == lock else { return }
            // After the dialog has closed itself: the lock destroys its parent.
            _ = MainContext.idle { onLock() }
        }
        dialog.present()
        _ = dialog.responseButton(labelled: tr("Cancel"))?.grabFocus()
        return dialog
    }
}
