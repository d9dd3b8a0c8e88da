import FormDefinitions
import Gtk
import Localization
import PinformModels

/// Delete Form…: refused while another form links to this one (naming it); else asked, saying
/// how many records go with it. The records stay in the records file, hidden: Undo on the
/// window's toast saves the form again and brings them back.
extension FormDesignerWindow {
    /// Delete Form…, for a saved form.
    func deleteForm() {
        guard !isNew, let saved = DefinedForms.shared.definition(base.id) else { return }
        if let linking = DefinedForms.shared.forms(linkingTo: saved.id).first {
            // Translators: Delete Form… refused; {name} is this form, {other} a form with a link field to it.
            showProblem(tr("“{name}” is not deleted: the form “{other}” links to it. Remove that link field first.",
                           ["name": saved.name, "other": linking.name]))
            return
        }
        let count = DefinedForms.shared.recordCount(of: saved.id)
        let dialog = AlertDialog(
            parent: window,
            heading: tr("Delete the form “{name}”?", ["name": saved.name]),
            body: count == 0
                ? tr("The form has no saved records. Undo, right after, brings it back.")
                : trn("Its %d saved record goes with it. Undo, right after, brings the form back with it.",
                      "Its %d saved records go with it. Undo, right after, brings the form back with them.", count))
        dialog.addResponse(DialogResponse.cancel, label: tr("Cancel"))
        dialog.addResponse(DialogResponse.delete, label: tr("Delete Form"), appearance: .destructive)
        dialog.setResponses(default: .cancel, close: .cancel)
        dialog.onResponse { [weak self] (response: DialogResponse?) in
            guard response == .delete else { return }
            self?.delete(saved)
        }
        dialog.present()
    }

    /// Deletes `saved` (after the question), then closes.
    func delete(_ saved: FormDefinition) {
        do {
            try DefinedForms.shared.delete(saved.id)
        } catch {
            // Translators: over the designer's fields when the form could not be deleted; {reason} is the store's message.
            showProblem(tr("Not deleted: {reason}", ["reason": error.message]))
            return
        }
        onDeleted?(saved)
        close()
    }
}
