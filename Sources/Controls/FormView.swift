import ControlState
import Forms
import Gtk
import Localization

/// A form of GTK widgets that edits a typed model: GenericUI's `UIQuickFormView<Model>`, with
/// its roadmap built — both ways (`load`, `resolve`), live validation, dirty tracking, rules
/// across fields and fields shown on a condition.
///
/// Rows are laid out with widths proportional to their elements' sizes; a row narrower than
/// `foldWidth` stacks its fields, one a line. A field shows its error once the person changed it
/// and left it (then as they type), or once they tried to save; the error shows under it, in the
/// `error` style, and is the input's accessible description (see `FieldErrorPresentation`). `control` is `.resolvable` exactly
/// while the form resolves and `.edited` while it is dirty, which is what a Save button's
/// sensitivity follows.
///
/// ```swift
/// let form = FormView<Person>(prototype: Person())
/// let first = form.bind(ActiveInput<String>(label: "First name"), to: \.firstName)
/// let age = form.bind(ActiveInput<UInt>(label: "Age"), to: \.age, rules: [.atMost(120, message: "Too old")])
/// form.addRow([FormElement(first), FormElement(age)])
/// form.build()
/// form.load(person)
/// form.bindSensitivity(of: saveButton)
/// saveButton.onClicked { if case .success(let edited) = form.resolve(person) { save(edited) } }
/// ```
@MainActor
public final class FormView<Model> {
    /// The headless form: bindings, rows, resolving.
    public let form: Form<Model>
    /// The state engine of the whole form (`.resolvable`, `.edited`).
    public let control = FormViewControl()
    /// The rows, top to bottom: place it in a window.
    public let widget: Box

    /// Under this width (in pixels) a row stacks its fields one under another.
    public let foldWidth: Int32
    private let columnSpacing: Int32
    private var fields: [FieldID: Field] = [:]
    private var views: [FieldID: Widget] = [:]
    private var rows: [FoldingRow] = []
    private var rowFields: [[FieldID]] = []
    /// The model last loaded: what live validation resolves on, with `form.prototype` before.
    private var loaded: Model?
    /// Fields the person changed since the last load or reset.
    private var changed: Set<FieldID> = []
    /// Fields whose errors show: changed and left, or all after a save was tried.
    private var showing: Set<FieldID> = []
    private var hidden: Set<FieldID> = []
    private var isLoading = false

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

    /// An empty form.
    ///
    /// - Parameters:
    ///   - prototype: the model live validation resolves on until one is loaded, so that rules
    ///     across fields, fields shown on a condition and closure bindings work as people type.
    ///   - foldWidth: under this width a row stacks its fields.
    public init(prototype: Model? = nil, rowSpacing: Int32 = 12, columnSpacing: Int32 = 12, foldWidth: Int32 = 440) {
        form = Form(prototype: prototype)
        widget = Box(.vertical, spacing: rowSpacing)
        self.columnSpacing = columnSpacing
        self.foldWidth = foldWidth
    }

    // MARK: Binding

    /// Binds `input` to a property: its text is converted, checked by `rules`, and written.
    @discardableResult
    public func bind<Input: FormInput & FormFieldView>(
        _ input: Input, to keyPath: WritableKeyPath<Model, Input.Output>, rules: [Rule<Input.Output>] = []
    ) -> FieldID {
        register(input, as: form.bind(input, to: keyPath, rules: rules))
    }

    /// Binds `input` to an optional property: empty text writes nil.
    @discardableResult
    public func bind<Input: FormInput & FormFieldView>(
        _ input: Input, to keyPath: WritableKeyPath<Model, Input.Output?>, rules: [Rule<Input.Output>] = []
    ) -> FieldID {
        register(input, as: form.bind(input, to: keyPath, rules: rules))
    }

    /// Binds `input` with a closure that writes it into the model, as GenericUI does; `load`
    /// puts a model's value into it for ``load(_:)``.
    @discardableResult
    public func bind<Input: FormInput & FormFieldView>(
        input: Input, binding: @escaping (inout Model, Input) -> (Bool, (any Error)?),
        load: ((Model, Input) -> Void)? = nil
    ) -> FieldID {
        register(input, as: form.bind(input: input, binding: binding, load: load))
    }

    /// Binds a plain GTK entry to a text property.
    @discardableResult
    public func bind(_ entry: Entry, to keyPath: WritableKeyPath<Model, String>, rules: [Rule<String>] = []) -> FieldID {
        bind(InputField<String>(entry: entry), to: keyPath, rules: rules)
    }

    /// Binds a plain GTK entry with a closure that reads it, as GenericUI's native text fields.
    @discardableResult
    public func bind(entry: Entry, binding: @escaping (inout Model, Entry) -> (Bool, (any Error)?)) -> FieldID {
        bind(input: InputField<String>(entry: entry)) { model, field in binding(&model, field.entry) }
    }

    /// Registers any widget (a label, a picture) so it can be placed in a row.
    @discardableResult
    public func bind(view: Widget) -> FieldID {
        let field = form.bind(view: view)
        views[field] = view
        return field
    }

    private func register<Input: FormInput & FormFieldView>(_ input: Input, as field: FieldID) -> FieldID {
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
            presentation = input.control.presentErrors(of: input.focusTarget, in: line)
            let box = Box(.vertical, spacing: 0)
            box.append(input.view)
            box.append(line)
            cell = box
        }
        fields[field] = Field(input: input, clear: { input.text = "" }, errorLine: line, cell: cell,
                              errorPresentation: presentation)

        input.onEdited { [weak self] in self?.edited(field) }
        let focus = FocusController()
        focus.onLeave { [weak self] in self?.left(field) }
        input.focusTarget.add(focus)
        return field
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

    /// Appends a row of elements; each field may be placed once.
    public func addRow(_ elements: [FormElement]) {
        form.addRow(elements)
    }

    /// Adds a rule across fields (see `Form.addRule(on:message:_:)`); its message shows on
    /// `fields` as people type, once they changed one of them.
    public func addRule(on fields: [FieldID], message: String, _ check: @escaping (Model) -> Bool) {
        form.addRule(on: fields, message: message, check)
    }

    /// Shows `field` (with its label) only while `condition` holds on the model the other fields
    /// resolve to, re-evaluated as people type (see `Form.show(_:when:)`).
    public func show(_ field: FieldID, when condition: @escaping (Model) -> Bool) {
        form.show(field, when: condition)
    }

    /// Lays the rows out with real widgets: an element of size n takes n shares of its row's
    /// width; a row narrower than `foldWidth` stacks its elements.
    /// - Precondition: Called once, after the rows were added.
    public func build() {
        precondition(rows.isEmpty, "build() lays the form out once")
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
        isLoading = true
        form.load(model)
        isLoading = false
        loaded = model
        changed.removeAll()
        for field in showing { show([], for: field) }
        showing.removeAll()
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
        for field in form.layout.placedFields where fields[field] != nil && !hidden.contains(field) {
            showing.insert(field)
        }
        let errors = (try? result.get()).map { _ in FormErrors([]) } ?? result.failureValue
        for field in showing { show(errors?[field] ?? [], for: field) }
        let invalid = errors?.fields.filter { fields[$0] != nil } ?? []
        if let first = invalid.first, let entry = fields[first] {
            entry.input.focusTarget.grabFocus()
            Announcer.of(windowContaining: widget)?.announce(
                FormView.attentionSummary(count: invalid.count, first: entry.input.focusTarget.mnemonicLabelText,
                                          message: entry.errorLine.text))
        }
        control.isResolvable = (try? result.get()) != nil
        return result
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
        if !errors.isEmpty { entry.errorLine.text = errors.map(\.message).joined(separator: "\n") }
        entry.input.control.isInvalid = !errors.isEmpty
    }

    /// Empties every input for the next record: no errors show until a field is changed again,
    /// focus goes to the first field, and the empty form is clean.
    public func reset() {
        let placed = form.layout.placedFields.filter { fields[$0] != nil }
        if let first = placed.first { fields[first]?.input.focusTarget.grabFocus() }
        isLoading = true
        for field in placed { fields[field]?.clear() }
        isLoading = false
        changed.removeAll()
        for field in showing { show([], for: field) }
        showing.removeAll()
        form.markClean()
        refresh()
    }

    private func edited(_ field: FieldID) {
        guard !isLoading else { return }
        changed.insert(field)
        refresh()
    }

    private func left(_ field: FieldID) {
        guard changed.contains(field), !showing.contains(field) else { return }
        showing.insert(field)
        refresh()
    }

    /// Re-evaluates what shows: errors of the fields that show theirs, hidden fields, and the
    /// form's states.
    private func refresh() {
        let base = loaded ?? form.prototype
        if let base {
            let result = form.resolve(base)
            let errors = result.failureValue
            for field in showing { show(errors?[field] ?? [], for: field) }
            control.isResolvable = errors == nil
            updateHidden(form.hiddenFields(in: base))
        } else {
            for field in showing { validate(field: field) }
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
                if !shown, showing.remove(field) != nil { show([], for: field) }
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
