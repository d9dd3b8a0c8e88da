import Controls
import ControlState
import Forms
import Gtk
import Localization
import PinformModels

/// What the form window needs of a page, whatever its model.
@MainActor
protocol FormWindowPage: AnyObject {
    /// The form, clamped to a readable width and scrolled when it is taller than its room.
    var widget: Widget { get }
    /// The Save button and the last value saved: always in view under the form.
    var actionBar: Widget { get }
    /// Whether the form holds typed changes that were not saved.
    var isDirty: Bool { get }
    /// Submits the form: saves it, or shows what is wrong and focuses it.
    func save()
    /// Moves the focus to the form's first field (New, Ctrl+N).
    func focusFirstField()
}

/// One model's form in a card, with a summary of what needs attention over it, and its Save
/// button and the last value saved under it.
@MainActor
final class FormPage<Model: FormModel>: FormWindowPage {
    /// The widest the form gets: fields as wide as they need, not as the window.
    static var readableWidth: Int32 { 640 }

    let form: FormView<Model>
    let saveButton = Button(label: tr("Save"))
    let lastSaved = Label()
    /// "2 fields need attention", over the form after a save that found errors, until the form
    /// resolves.
    let attention = Label()
    let widget: Widget
    let actionBar: Widget
    /// Keeps what is typed as an encrypted draft, offered back after a crash, a kill or Lock.
    let drafts: DraftKeeper<Model>
    /// Where a saved value goes (the records list); the page shows it either way.
    var onSave: (Model) -> Void = { _ in }

    private var resolves: Subscription?
    private var saveTried = false

    init(context: ModelContext) {
        form = Model.makeForm(context)
        drafts = DraftKeeper(form: form, context: context)

        attention.addCSSClass("error-summary")
        attention.xAlign = 0
        attention.wraps = true
        attention.isVisible = false

        let card = Box(.vertical, spacing: 12)
        card.addCSSClass("card")
        card.addCSSClass("form-card")
        card.append(attention)
        card.append(form.widget)
        // As tall as the form, not as the window.
        card.verticalAlignment = .start
        let scrolled = ScrolledWindow()
        scrolled.child = Clamp(maximumSize: Self.readableWidth, child: card)
        scrolled.propagatesNaturalHeight = true
        widget = scrolled

        saveButton.addCSSClass("suggested-action")
        saveButton.verticalAlignment = .center
        form.bindSensitivity(of: saveButton)
        // Insensitive, it says why: "To save, fill in or correct: First name, Email".
        form.explainsInsensitivity(of: saveButton, tooltip: tr("Save (Ctrl+S)"))

        lastSaved.addCSSClass("dim-label")
        lastSaved.xAlign = 0
        lastSaved.wraps = true
        // Inside a word too ("ada@example.com,"): its longest word made the narrowest window
        // 388 pixels wide instead of 360 in German at 1.5× text once a record was saved.
        lastSaved.maximumLines = -1
        // Not selectable: a selectable label is a Tab stop, empty or not, and Tab selects its
        // text.
        lastSaved.isSelectable = false
        lastSaved.expandsHorizontally = true
        // Hidden until a record is saved (an empty label is named "GtkLabel" for screen
        // readers): the list beside says when there are none.
        lastSaved.text = ""
        lastSaved.isVisible = false
        saveButton.expandsHorizontally = true

        let bar = Box(.horizontal, spacing: 12)
        bar.addCSSClass("form-actions")
        bar.setMargins(top: 6, bottom: 6, start: 24, end: 24)
        bar.append(lastSaved)
        // At the end, also while there is no "Last saved" line beside it.
        saveButton.horizontalAlignment = .end
        bar.append(saveButton)
        actionBar = Clamp(maximumSize: Self.readableWidth, child: bar)

        saveButton.onClicked { [weak self] in self?.save() }
        // Enter in any entry saves, or shows what is missing.
        for field in form.form.layout.placedFields {
            let input = form.input(for: field)
            (input?.focusTarget as? Entry)?.onActivate { [weak self] in self?.save() }
            // After a save that found errors, the count follows the corrections.
            input?.onEdited { [weak self] in self?.updateAttention() }
        }
        resolves = form.control.subscribe(on: .intersected(.resolvable)) { [weak self] in
            self?.attention.isVisible = false
        }
        drafts.offerBack { [weak self] in self?.widget.rootWindow }
    }

    var isDirty: Bool { form.isDirty }

    func save() {
        switch form.resolve(Model.blank) {
        case .success(let model):
            saveTried = false
            attention.isVisible = false
            // Translators: {record} is a short summary of the record, “Ada Lovelace, 36”.
            lastSaved.text = tr("Last saved: {record}", ["record": model.summary])
            lastSaved.isVisible = true
            saveButton.expandsHorizontally = false
            drafts.discard()
            // Ready for the next record (its first field focused) before the records have the
            // saved one: on a narrow window they slide back and focus its row, which the reset
            // took away into the form as it slid out.
            form.reset()
            onSave(model)
        case .failure(let errors):
            saveTried = true
            // What was saved before is not what the form shows now.
            lastSaved.text = ""
            lastSaved.isVisible = false
            saveButton.expandsHorizontally = true
            showAttention(count: errors.fields.count)
        }
    }

    func focusFirstField() {
        guard let first = form.form.layout.placedFields.first(where: { form.input(for: $0) != nil }) else { return }
        _ = form.input(for: first)?.focusTarget.grabFocus()
    }

    private func updateAttention() {
        guard saveTried, attention.isVisible else { return }
        let count = form.form.fieldsInError.count
        if count > 0 { showAttention(count: count) }
    }

    private func showAttention(count: Int) {
        attention.text = trn("%d field needs attention", "%d fields need attention", count)
        attention.isVisible = count > 0
    }
}
