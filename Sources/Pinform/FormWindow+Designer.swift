import FormDefinitions
import Localization
import PinformModels
import Storage

extension FormWindow {
    /// New Form… (`editing` false) or Edit Form…: the designer, over this window, on a new form
    /// or on the form shown. A Swift model shown cannot be edited here: a toast says so.
    func openFormDesigner(editing: Bool) {
        // On a shared database only its owner changes forms: a reader's or clerk's desk says so.
        if let refusal = DefinedForms.shared.changeRefusal { return showToast(refusal) }
        var definition: FormDefinition?
        if editing {
            definition = DefinedForms.shared.definitions.first { "form." + $0.id.rawValue == shownKey }
            guard definition != nil else {
                // Translators: Edit Form… while a form written in Swift (Person, Size, Invoice) is shown.
                return showToast(tr("Only forms made in the app can be edited. Choose one in the switcher, or make one with New Form…"))
            }
        } else if DefinedForms.shared.definitions.count >= DefinedForms.capacity {
            return showToast(tr("At most {count} forms can be made in the app", ["count": String(DefinedForms.capacity)]))
        }
        // A changed form's page is made again: what is typed in it is settled first.
        whenChangesAreSettled { [weak self] in
            guard let self else { return }
            let designer = FormDesignerWindow(editing: definition, parent: window, context: context) { [weak self] saved in
                guard let self else { return }
                show("form." + saved.id.rawValue)
                showToast(editing ? tr("Form “{name}” changed", ["name": saved.name]) : tr("Form “{name}” made", ["name": saved.name]))
            }
            designer.onDeleted = { [weak self] deleted in
                // Saving the definition again brings back the form and its records, kept in their table.
                self?.toast.show(tr("Form “{name}” deleted", ["name": deleted.name]), actionLabel: tr("Undo"), seconds: 10) { [weak self] in
                    do throws(StoreError) {
                        try DefinedForms.shared.save(deleted)
                        self?.show("form." + deleted.id.rawValue)
                    } catch {
                        self?.showToast(tr("Not restored: {reason}", ["reason": error.message]))
                    }
                }
            }
            designer.present()
        }
    }
}
