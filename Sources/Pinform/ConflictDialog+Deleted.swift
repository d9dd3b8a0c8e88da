import Gtk
import Localization

/// A delete that meets an edit: another desk (or window) deleted the record while it was being
/// edited here. Asked, not refused: Keep My Edit adds what was typed as a record again, Let It
/// Go leaves the record deleted; closing the dialog opens the edit again, so nothing typed is
/// dropped unasked.
extension ConflictDialog {
    /// What the person chose about an edit of a deleted record.
    enum DeletedChoice {
        case keepEdit, letGo, editAgain
    }

    /// The dialog about a deleted record while it shows (for tests).
    static var shownDeletion: AlertDialog?

    /// Asks over `parent` what to do with an edit of a `model` record that `desk` (a role; nil
    /// when unknown) deleted meanwhile; `chosen` runs once with the choice.
    static func presentDeleted(over parent: Window?, model: String, by desk: String?,
                               chosen: @escaping @MainActor (DeletedChoice) -> Void) {
        let body = desk.map { tr("Desk {desk} deleted this {model} while you edited it.", ["desk": $0, "model": model]) }
            ?? tr("This {model} was deleted while you edited it.", ["model": model])
        let dialog = AlertDialog(
            parent: parent, heading: tr("Deleted at Another Desk"),
            body: body + " " + tr("Keep your edit as a record again, or let it go?"))
        dialog.addResponse(DialogResponse.edit, label: tr("Edit Again"))
        dialog.addResponse(DialogResponse.letGo, label: tr("Let It Go"), appearance: .destructive)
        dialog.addResponse(DialogResponse.keep, label: tr("Keep My Edit"), appearance: .suggested)
        dialog.setResponses(default: .keep, close: .edit)
        dialog.onResponse { (response: DialogResponse?) in
            shownDeletion = nil
            switch response {
            case .keep: chosen(.keepEdit)
            case .letGo: chosen(.letGo)
            default: chosen(.editAgain)
            }
        }
        shownDeletion = dialog
        dialog.present()
    }
}
