import Controls
import Gtk
import Localization
import PinformModels

/// What the form window needs of a page, whatever its model.
@MainActor
protocol FormWindowPage: AnyObject {
    /// The form, scrolled when it is taller than the room it gets.
    var widget: Widget { get }
    /// The Save button and the last value saved: always in view under the form.
    var actionBar: Widget { get }
    /// Whether the form holds typed changes that were not saved.
    var isDirty: Bool { get }
    /// Submits the form: saves it, or shows what is wrong and focuses it.
    func save()
}

/// One model's form in a card, with its Save button and the last value saved.
@MainActor
final class FormPage<Model: FormModel>: FormWindowPage {
    let form: FormView<Model>
    let saveButton = Button(label: tr("Save"))
    let lastSaved = Label()
    let widget: Widget
    let actionBar: Widget
    /// Keeps what is typed as an encrypted draft, offered back after a crash, a kill or Lock.
    let drafts: DraftKeeper<Model>
    /// Where a saved value goes (the records list); the page shows it either way.
    var onSave: (Model) -> Void = { _ in }

    init(context: ModelContext) {
        form = Model.makeForm(context)
        drafts = DraftKeeper(form: form, context: context)

        let card = Box(.vertical, spacing: 12)
        card.addCSSClass("card")
        card.addCSSClass("form-card")
        card.append(form.widget)
        let scrolled = ScrolledWindow()
        scrolled.child = card
        scrolled.propagatesNaturalHeight = true
        widget = scrolled

        saveButton.addCSSClass("suggested-action")
        saveButton.verticalAlignment = .center
        saveButton.tooltip = tr("Save (Ctrl+S)")
        form.bindSensitivity(of: saveButton)

        lastSaved.addCSSClass("dim-label")
        lastSaved.xAlign = 0
        lastSaved.wraps = true
        lastSaved.isSelectable = true
        lastSaved.expandsHorizontally = true
        // Empty until a record is saved: the list below says when there are none.
        lastSaved.text = ""

        let bar = Box(.horizontal, spacing: 12)
        bar.addCSSClass("form-actions")
        bar.setMargins(top: 6, bottom: 6, start: 24, end: 24)
        bar.append(lastSaved)
        bar.append(saveButton)
        actionBar = bar

        saveButton.onClicked { [weak self] in self?.save() }
        // Enter in any entry saves, or shows what is missing.
        for field in form.form.layout.placedFields {
            (form.input(for: field)?.focusTarget as? Entry)?.onActivate { [weak self] in self?.save() }
        }
        drafts.offerBack { [weak self] in self?.widget.rootWindow }
    }

    var isDirty: Bool { form.isDirty }

    func save() {
        guard case .success(let model) = form.resolve(Model.blank) else { return }
        // Translators: {record} is a short summary of the record, “Ada Lovelace, 36”.
        lastSaved.text = tr("Last saved: {record}", ["record": model.summary])
        onSave(model)
        drafts.discard()
        // Ready for the next record.
        form.reset()
    }
}
