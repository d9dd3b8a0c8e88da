import Foundation
import Gtk
import Localization
import Storage

/// Asks what to keep when another desk changed the same fields of a record meanwhile: each such
/// field with both values, and Keep Mine, Keep Theirs or Edit Again (the edit form comes back
/// with what this desk typed; closing the dialog does the same, so nothing typed is dropped).
@MainActor
enum ConflictDialog {
    /// What the person chose.
    enum Choice {
        case keepMine, keepTheirs, editAgain
    }

    private static var shown: MessageDialog?

    /// Shows the conflict over `parent`; `chosen` runs once with the choice.
    static func present(over parent: Window?, _ conflict: RecordConflict, chosen: @escaping @MainActor (Choice) -> Void) {
        let lines = conflict.fields.map { field in
            // Translators: one field two desks changed: “Customer: yours “Ada King”, the other desk's “Ada Lovelace””.
            tr("{field}: yours “{mine}”, the other desk’s “{theirs}”",
               ["field": field.name, "mine": text(ofJSON: field.mine), "theirs": text(ofJSON: field.theirs)])
        }
        let dialog = MessageDialog(
            parent: parent, heading: tr("Edited at Another Desk"),
            body: tr("Another desk saved this record while you edited it. Both changed:") + "\n\n" + lines.joined(separator: "\n"))
        dialog.addResponse("edit", label: tr("Edit Again"))
        dialog.addResponse("theirs", label: tr("Keep Theirs"))
        dialog.addResponse("mine", label: tr("Keep Mine"), appearance: .suggested)
        dialog.closeResponse = "edit"
        dialog.onResponse { response in
            shown = nil
            switch response {
            case "mine": chosen(.keepMine)
            case "theirs": chosen(.keepTheirs)
            default: chosen(.editAgain)
            }
        }
        shown = dialog
        dialog.present()
    }

    /// A JSON value as a person reads it: text without quotes, nothing as “(empty)”.
    static func text(ofJSON json: String) -> String {
        guard json != "null" else { return tr("(empty)") }
        if let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String {
            return value
        }
        return json
    }
}
