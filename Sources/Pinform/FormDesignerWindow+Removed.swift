import Controls
import FormDefinitions
import Gtk
import Localization

extension FormDesignerWindow {
    /// Lists the fields removed from the saved form — their values are kept in the records —
    /// each with Restore, which puts it back at the end with its values.
    func showRemovedFields() {
        for child in removedBox.arrangedChildren { removedBox.remove(child) }
        let present = Set(editors.map { $0.definition.id })
        let removed = base.removed.filter { !present.contains($0.id) }
        removedBox.isVisible = !removed.isEmpty
        guard !removed.isEmpty else { return }
        // Translators: over the fields removed from a saved form, in the designer.
        let heading = Label(tr("Removed fields (their values are kept)"))
        heading.addCSSClass("heading")
        heading.xAlign = 0
        removedBox.append(heading)
        for field in removed {
            let row = Box(.horizontal, spacing: 12)
            let name = Label(field.label)
            name.xAlign = 0
            name.expandsHorizontally = true
            row.append(name)
            let restore = Button(label: tr("Restore"))
            restore.setAccessibleLabel(tr("Restore “{name}”", ["name": field.label]))
            restore.onClicked { [weak self] in self?.restore(field) }
            row.append(restore)
            removedBox.append(row)
        }
    }

    /// Puts a removed field back at the end; saving brings its kept values back.
    func restore(_ field: FieldDefinition) {
        let editor = FormDesignerFieldEditor(field, joined: false, width: 1, linkTargets: linkTargets)
        append(editor)
        changed()
        showRemovedFields()
        editor.focus()
        Announcer.of(window).announce(tr("Field restored: {name}", ["name": field.label]), .polite)
    }
}
