import CGtk
import Controls
import Gtk

/// What the form window needs of a page, whatever its model.
@MainActor
protocol FormWindowPage: AnyObject {
    /// The page's content.
    var widget: Widget { get }
    /// Submits the form: saves it, or shows what is wrong and focuses it.
    func save()
}

/// One model's form in a card, with its Save button and the last value saved.
@MainActor
final class FormPage<Model: FormModel>: FormWindowPage {
    let form: FormView<Model>
    let saveButton = Button(label: "Save")
    let lastSaved = Label()
    let widget: Widget
    /// Where a saved value goes (the records list); the page shows it either way.
    var onSave: (Model) -> Void = { _ in }

    init() {
        form = Model.makeForm()

        let card = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        card.addCSSClass("form-card")
        card.append(form.widget)

        saveButton.addCSSClass("suggested-action")
        saveButton.horizontalAlignment = GTK_ALIGN_END
        saveButton.tooltip = "Save (Ctrl+S)"
        saveButton.setMargins(top: 6, bottom: 0, start: 0, end: 6)
        card.append(saveButton)
        form.bindSensitivity(of: saveButton)

        lastSaved.addCSSClass("dim-label")
        lastSaved.xAlign = 0
        lastSaved.wraps = true
        lastSaved.isSelectable = true
        lastSaved.setMargins(top: 0, bottom: 12, start: 24, end: 24)
        lastSaved.text = "Nothing saved yet"

        let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        content.append(card)
        content.append(lastSaved)
        let scrolled = ScrolledWindow()
        scrolled.child = content
        scrolled.expandsVertically = true
        widget = scrolled

        saveButton.onClicked { [weak self] in self?.save() }
        // Enter in any entry saves, or shows what is missing.
        for field in form.form.layout.placedFields {
            (form.input(for: field)?.focusTarget as? Entry)?.onActivate { [weak self] in self?.save() }
        }
    }

    func save() {
        guard let model = form.submit(Model.blank) else { return }
        lastSaved.text = "Last saved: \(model.summary)"
        onSave(model)
        // Ready for the next record.
        form.reset()
    }
}
