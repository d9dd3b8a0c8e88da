import Gtk
import Localization
import PinformCore
import Storage

/// Asks what to keep when another desk changed the same fields of a record meanwhile: each such
/// field by its title with both values as the form shows them (`SharedDatabaseConflict`), and Keep Mine, Keep Theirs or Edit Again (the edit form comes back
/// with what this desk typed; closing the dialog does the same, so nothing typed is dropped).
@MainActor
enum ConflictDialog {
    /// What the person chose.
    enum Choice {
        case keepMine, keepTheirs, editAgain
    }

    private static var shown: AlertDialog?

    /// Shows the conflict over `parent`, its fields read through `base` (the version both desks
    /// started from); `chosen` runs once with the choice.
    static func present<Model: RecordModel>(over parent: Window?, _ conflict: RecordConflict, base: Model,
                                            chosen: @escaping @MainActor (Choice) -> Void) {
        present(over: parent, SharedDatabaseConflict(conflict, base: base).lines, chosen: chosen)
    }

    /// Shows the fields both desks changed over `parent`; `chosen` runs once with the choice.
    /// - Parameters:
    ///   - body: what happened, above the fields; by default that another desk saved meanwhile.
    ///   - laterLabel: the third button's label, by default Edit Again.
    static func present(over parent: Window?, _ fields: [SharedDatabaseConflict.Line], body: String? = nil,
                        laterLabel: String? = nil, chosen: @escaping @MainActor (Choice) -> Void) {
        let lines = fields.map { line in
            // Translators: one field two desks changed: “Customer: yours “Ada King”, the other desk's “Ada Lovelace””.
            tr("{field}: yours “{mine}”, the other desk’s “{theirs}”",
               ["field": line.title, "mine": line.mine, "theirs": line.theirs])
        }
        let dialog = AlertDialog(
            parent: parent, heading: tr("Edited at Another Desk"),
            body: (body ?? tr("Another desk saved this record while you edited it. Both changed:")) + "\n\n" + lines.joined(separator: "\n"))
        dialog.addResponse(DialogResponse.edit, label: laterLabel ?? tr("Edit Again"))
        dialog.addResponse(DialogResponse.theirs, label: tr("Keep Theirs"))
        dialog.addResponse(DialogResponse.mine, label: tr("Keep Mine"), appearance: .suggested)
        dialog.setResponses(default: nil, close: .edit)
        dialog.onResponse { (response: DialogResponse?) in
            shown = nil
            switch response {
            case .mine: chosen(.keepMine)
            case .theirs: chosen(.keepTheirs)
            default: chosen(.editAgain)
            }
        }
        shown = dialog
        dialog.present()
    }
}
