import ControlState
import Forms
import Gtk
import Localization

/// The GTK view of a ``Form``: it lays out the form's rows with real widgets and shows each
/// field's error — GenericUI's `UIQuickFormView<Model>`, with its roadmap built: both ways
/// (`load`, `resolve`), live validation, dirty tracking, rules across fields and fields shown on
/// a condition.
///
/// Bindings, rows, rules and conditions are declared once, on the headless `Form`; the view
/// attaches to each bound input that is a ``FormFieldView`` and to each bound `Widget`.
/// Rows are laid out with widths proportional to their elements' sizes; a row narrower than
/// `foldWidth` stacks its fields, one a line. When a field's error shows is the form's rule
/// (``ErrorVisibility``: once the person changed it and left it, then as they type, or once
/// they tried to save); the error shows under the field, in the `error` style, and is the
/// input's accessible description (see `FieldErrorPresentation`). `control` is `.resolvable`
/// exactly while the form resolves and `.edited` while it is dirty, which is what a Save
/// button's sensitivity follows.
///
/// ```swift
/// let form = Form<Person>(prototype: Person())
/// let first = form.bind(ActiveInput<String>(label: "First name"), to: \.firstName)
/// let age = form.bind(ActiveInput<UInt>(label: "Age"), to: \.age, rules: [.atMost(120, message: "Too old")])
/// form.addRow([FormElement(first), FormElement(age)])
/// let view = FormView(form)
/// view.load(person)
/// view.bindSensitivity(of: saveButton)
/// saveButton.onClicked { if case .success(let edited) = view.resolve(person) { save(edited) } }
/// ```
@MainActor
public final class FormView<Model> {
    /// The headless form: bindings, rows, rules, resolving.
    public let form: Form<Model>
    /// The state engine of the whole form (`.resolvable`, `.edited`).
    public let control = FormViewControl()
    /// The rows, top to bottom: place it in a window.
    public let widget: Box

    /// Under this width (in pixels) a row stacks its fields one under another.
    public let foldWidth: Int32
    private var fields: [FieldID: Field] = [:]
    private var views: [FieldID: Widget] = [:]
    private var rows: [FoldingRow] = []
    private var rowFields: [[FieldID]] = []
    /// The model last loaded: what live validation resolves on, with `form.prototype` before.
    private var loaded: Model?
    /// Which fields show their errors: the form's rule, told what the person does here.
    private var visibility = ErrorVisibility()
    private var hidden: Set<FieldID> = []
    /// The editors of the list fields (`Form.bind(list:rows:)`), by field.
    var editors: [FieldID: any ListEditorView] = [:]
    /// Called when Enter is pressed in the last field: a row's view passes focus to the next row.
    var onEnterPastLastField: (() -> Void)?

    /// A bound input as the form shows it.
    private struct Field {
        let input: any FormFieldView
        /// Empties the input (for `reset()`).
        let clear: @MainActor () -> Void
        let errorLine: Label
        /// What the form places: the input's view, with the error line the form added.
        let cell: Widget
        /// The look of the error line the form added, which the engine writes (and holds weakly).
        var errorPresentation: FieldErrorPresentation? = nil
    }

    /// The view of `form`, laid out now: every row of `form` becomes a line of widgets.
    ///
    /// Each bound input must be a ``FormFieldView`` (every input of Controls is) and each bound
    /// view a `Widget`; an element of size n takes n shares of its row's width, and a row
    /// narrower than `foldWidth` stacks its elements.
    ///
    /// - Parameters:
    ///   - form: the bindings and rows; give it a `prototype`, so that rules across fields,
    ///     fields shown on a condition and closure bindings work as people type.
    ///   - rowSpacing: the gap between rows, in pixels.
    ///   - columnSpacing: the gap between the fields of a row, in pixels.
    ///   - foldWidth: under this width a row stacks its fields.
    /// - Precondition: `form` has its bindings and rows; they do not change afterwards.
    public init(_ form: Form<Model>, rowSpacing: Int32 = 12, columnSpacing: Int32 = 12, foldWidth: Int32 = 440) {
        self.form = form
        widget = Box(.vertical, spacing: rowSpacing)
        self.foldWidth = foldWidth
        for field in form.fields {
            let object = form.object(for: field)
            if let list = object as? any FormListEditing {
                let editor = list.makeEditor()
                editors[field] = editor
                attach(editor, clear: {}, as: field)
                editor.onEnterPastLastRow = { [weak self] in self?.focusField(after: field) }
            } else if form.isInput(field), let input = object as? any FormFieldView, let text = object as? any FormInput {
                attach(input, clear: { text.text = "" }, as: field)
            } else if let view = object as? Widget {
                views[field] = view
            } else {
                preconditionFailure("\(field) is neither a FormFieldView input nor a Widget")
            }
        }
        layOut(columnSpacing: columnSpacing)
        watchKeys()
    }

    private func attach(_ input: any FormFieldView, clear: @escaping @MainActor () -> Void, as field: FieldID) {
        let line: Label
        let cell: Widget
        var presentation: FieldErrorPresentation?
        if let own = input.errorLine {
            line = own
            cell = input.view
        } else {
            line = Label()
            line.addCSSClass("field-error")
            line.xAlign = 0
            line.wraps = true
            let box = Box(.vertical, spacing: 0)
            box.append(input.view)
            box.append(line)
            presentation = input.control.presentErrors(of: input.focusTarget, in: line)
            cell = box
        }
        fields[field] = Field(input: input, clear: clear, errorLine: line, cell: cell, errorPresentation: presentation)

        input.onEdited { [weak self] in self?.edited(field) }
        let focus = FocusController()
        focus.onLeave { [weak self] in self?.left(field) }
        input.focusTarget.add(focus)
    }

    /// The widget bound as `field`, the input's for an input.
    public func widget(for field: FieldID) -> Widget? {
        fields[field]?.input.view ?? views[field]
    }

    /// The input bound as `field`, if it is one.
    public func input(for field: FieldID) -> (any FormFieldView)? {
        fields[field]?.input
    }

    // MARK: Layout

    private func layOut(columnSpacing: Int32) {
        for row in form.layout.rows {
            let line = FoldingRow(foldWidth: foldWidth, spacing: columnSpacing)
            var placed: [FieldID] = []
            for element in row.elements {
                if let field = element.field {
                    let cell = fields[field]?.cell ?? views[field]!
                    cell.expandsHorizontally = true
                    line.append(cell, weight: element.size)
                    placed.append(field)
                } else {
                    line.appendSpacer(weight: element.size)
                }
            }
            widget.append(line)
            rows.append(line)
            rowFields.append(placed)
        }
        refresh()
    }

    /// Whether a row stacks its fields now (the form is narrower than `foldWidth`).
    public var isFolded: Bool { rows.contains { $0.isFolded } }

    // MARK: Loading and dirty tracking

    /// Fills every input from `model` (see `Form.load(_:)`), with no error showing; the form is
    /// clean afterwards and live validation resolves on `model`.
    public func load(_ model: Model) {
        visibility.isFilling = true
        form.load(model)
        visibility.isFilling = false
        loaded = model
        for field in visibility.startOver() { show([], for: field) }
        for editor in editors.values { editor.startOver() }
        refresh()
    }

    /// Puts a draft back exactly (`Form.restore(_:)`): what was typed, rows included, with no
    /// error showing until the fields are left or a save is tried. Load the model the draft was
    /// typed on first, for an edit.
    /// - Throws: `FormDraft.Mismatch`, changing nothing, when the draft does not fit the form.
    public func restore(_ draft: FormDraft) throws(FormDraft.Mismatch) {
        visibility.isFilling = true
        defer { visibility.isFilling = false }
        try form.restore(draft)
        visibility.isFilling = false
        for field in visibility.startOver() { show([], for: field) }
        for editor in editors.values { editor.startOver() }
        refresh()
    }

    /// Whether an input's text differs from what the last `load`, `reset` or `markClean` left.
    public var isDirty: Bool { form.isDirty }

    /// Takes the inputs as they are now as clean (after saving them, say).
    public func markClean() {
        form.markClean()
        control.isEdited = false
    }

    // MARK: Validation

    /// Whether the form resolves now.
    public var isResolvable: Bool { control.isResolvable }

    /// Resolves what people typed into a copy of `model`: the way to save a form.
    ///
    /// Every error shows, each under its field, and focus moves to the first field in error;
    /// on success the filled-in model (see `Form.resolve(_:)`).
    public func resolve(_ model: Model) -> Result<Model, FormErrors> {
        let result = form.resolve(model)
        visibility.saveAttempted(on: form.layout.placedFields.filter { fields[$0] != nil && !hidden.contains($0) })
        let errors = (try? result.get()).map { _ in FormErrors([]) } ?? result.failureValue
        for field in visibility.showing { show(errors?[field] ?? [], for: field) }
        for editor in editors.values { editor.revealErrors() }
        let invalid = errors?.fields.filter { fields[$0] != nil } ?? []
        if let first = invalid.first, let entry = fields[first] {
            if let editor = editors[first] { editor.focusFirstError() } else { entry.input.focusTarget.grabFocus() }
            // Assertive: the save was refused, and why comes before the field the focus went to.
            Announcer.of(windowContaining: widget)?.announce(
                FormView.attentionSummary(count: invalid.count, first: entry.input.focusTarget.mnemonicLabelText,
                                          message: entry.errorLine.text), .assertive)
        }
        control.isResolvable = (try? result.get()) != nil
        return result
    }

    /// Shows every field's error, as a save attempt does, without moving focus: a row of a list
    /// whose form was saved.
    func revealErrors() {
        visibility.saveAttempted(on: form.layout.placedFields.filter { fields[$0] != nil && !hidden.contains($0) })
        for editor in editors.values { editor.revealErrors() }
        refresh()
    }

    /// Hides every error, as after a load.
    func hideErrors() {
        for field in visibility.startOver() { show([], for: field) }
        for editor in editors.values { editor.startOver() }
    }

    /// Moves focus to the first field in error, if any.
    func focusFirstError() {
        let invalid = form.layout.placedFields.filter { form.fieldsInError.contains($0) && fields[$0] != nil }
        guard let first = invalid.first else { return }
        if let editor = editors[first] { editor.focusFirstError() } else { fields[first]?.input.focusTarget.grabFocus() }
    }

    /// Validates `field` on its own now and shows or hides its error; returns its errors.
    @discardableResult
    public func validate(field: FieldID) -> [FormFieldError] {
        let errors = form.validate(field: field)
        show(errors, for: field)
        return errors
    }

    /// "2 fields need attention. Age: Enter a whole number": what a screen reader says when a
    /// save finds errors.
    nonisolated static func attentionSummary(count: Int, first name: String?, message: String) -> String {
        let head = trn("%d field needs attention", "%d fields need attention", count)
        // Translators: what a screen reader says when a save finds errors, with no field name:
        // "2 fields need attention. Enter a whole number".
        guard let name else { return tr("{summary}. {message}", ["summary": head, "message": message]) }
        // Translators: what a screen reader says when a save finds errors: "2 fields need
        // attention. Age: Enter a whole number".
        return tr("{summary}. {field}: {message}", ["summary": head, "field": name, "message": message])
    }

    /// Makes `widget` (a Save button) sensitive exactly while the form is `.resolvable`.
    public func bindSensitivity(of widget: Widget) {
        widget.isSensitive = false
        control.setValue(true, for: widget, \.isSensitive, for: .intersected(.resolvable))
    }

    /// Makes `widget` (an edit dialog's Save) sensitive exactly while the form resolves and
    /// differs from what was loaded.
    public func bindSensitivityToValidChange(of widget: Widget) {
        widget.isSensitive = false
        control.setValue(true, for: widget, \.isSensitive, for: .intersected([.resolvable, .edited]))
    }

    /// The message shown under `field`; nil while it shows none.
    public func errorMessage(for field: FieldID) -> String? {
        guard let entry = fields[field], entry.input.control.isInvalid else { return nil }
        return entry.errorLine.text
    }

    /// Whether `field` is shown (fields shown on a condition may be hidden).
    public func isShown(_ field: FieldID) -> Bool {
        !hidden.contains(field)
    }

    private func show(_ errors: [FormFieldError], for field: FieldID) {
        guard let entry = fields[field] else { return }
        if editors[field] != nil, !errors.isEmpty {
            // Each row shows its own errors; the list says how many rows need attention.
            let rows = Set(errors.compactMap(\.row)).count
            entry.errorLine.text = trn("%d line needs attention", "%d lines need attention", rows)
        } else if !errors.isEmpty {
            entry.errorLine.text = errors.map(\.message).joined(separator: "\n")
        }
        entry.input.control.isInvalid = !errors.isEmpty
    }

    /// Empties every input for the next record: no errors show until a field is changed again,
    /// focus goes to the first field, and the empty form is clean.
    ///
    /// Fields marked "repeat last value" (`Form.repeatLastValue(of:)`) start with the text they
    /// had when the last record was saved (`markSaved()`); lists start with no rows.
    public func reset() {
        let placed = form.layout.placedFields.filter { fields[$0] != nil }
        if let first = placed.first { fields[first]?.input.focusTarget.grabFocus() }
        visibility.isFilling = true
        form.startNewRecord()
        visibility.isFilling = false
        for field in visibility.startOver() { show([], for: field) }
        for editor in editors.values { editor.startOver() }
        refresh()
    }

    /// The record was saved as shown: the form is clean, and the fields that repeat their last
    /// value keep it for the next `reset()`.
    public func markSaved() {
        form.markSaved()
        control.isEdited = false
    }

    private func edited(_ field: FieldID) {
        form.edited(field)
        visibility.edited(field)
        // While filling, `load` and `reset` refresh once at the end.
        guard !visibility.isFilling else { return }
        refresh()
    }

    private func left(_ field: FieldID) {
        form.endEditing()
        guard visibility.left(field) else { return }
        refresh()
    }

    /// Re-evaluates what shows: errors of the fields that show theirs, hidden fields, and the
    /// form's states.
    func refresh() {
        let base = loaded ?? form.prototype
        if !form.needsWholeModelToResolve {
            // What each field holds is known field by field (and row by row): O(1) a keystroke,
            // however long the form's lists.
            for field in visibility.showing {
                show(base.map { form.validate(field: field, in: $0) } ?? form.validate(field: field), for: field)
            }
            control.isResolvable = form.fieldsInError.isEmpty
        } else if let base {
            let result = form.resolve(base)
            let errors = result.failureValue
            for field in visibility.showing { show(errors?[field] ?? [], for: field) }
            control.isResolvable = errors == nil
            updateHidden(form.hiddenFields(in: base))
        } else {
            for field in visibility.showing { validate(field: field) }
            control.isResolvable = form.isResolvable
        }
        control.isEdited = form.isDirty
    }

    private func updateHidden(_ now: Set<FieldID>) {
        guard now != hidden else { return }
        hidden = now
        for (index, row) in rows.enumerated() {
            var anyShown = false
            for field in rowFields[index] {
                let shown = !now.contains(field)
                (fields[field]?.cell ?? views[field])?.isVisible = shown
                if !shown, visibility.hide(field) { show([], for: field) }
                anyShown = anyShown || shown
            }
            row.isVisible = anyShown
        }
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
