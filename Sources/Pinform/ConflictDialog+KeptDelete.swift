import Gtk
import Localization

/// A delete kept while the shared database could not be reached that met another desk's edit
/// of the record when it was sent: asked, as a delete against an edit is (`presentDeleted`).
/// Keep It leaves the record with the other desk's edit, Delete Anyway deletes it; closing the
/// dialog decides later — the delete stays kept and is asked about again.
extension ConflictDialog {
    /// The dialog about a kept delete while it shows (for tests).
    static var shownKeptDelete: AlertDialog?

    /// Asks over `parent` about a kept delete of a record another desk edited meanwhile;
    /// `chosen` runs once: `.keepMine` deletes, `.keepTheirs` keeps the record, `.editAgain` decides later.
    static func presentKeptDelete(over parent: Window?, chosen: @escaping @MainActor (Choice) -> Void) {
        let dialog = AlertDialog(
            parent: parent, heading: tr("Edited at Another Desk"),
            // Translators: a delete made while the shared database could not be reached met another desk's edit when it was sent.
            body: tr("A record this desk deleted while the shared database could not be reached was edited at another desk meanwhile. Delete it anyway, or keep it with the other desk’s edit?"))
        dialog.addResponse(DialogResponse.later, label: tr("Decide Later"))
        dialog.addResponse(DialogResponse.delete, label: tr("Delete Anyway"), appearance: .destructive)
        dialog.addResponse(DialogResponse.keep, label: tr("Keep It"), appearance: .suggested)
        dialog.setResponses(default: .keep, close: .later)
        dialog.onResponse { (response: DialogResponse?) in
            shownKeptDelete = nil
            switch response {
            case .delete: chosen(.keepMine)
            case .keep: chosen(.keepTheirs)
            default: chosen(.editAgain)
            }
        }
        shownKeptDelete = dialog
        dialog.present()
    }
}
