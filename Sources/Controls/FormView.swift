import CGtk
import ControlState
import Forms
import Gtk

/// A form of GTK widgets that resolves into a typed model: GenericUI's `UIQuickFormView<Model>`,
/// with its roadmap built — live validation and key-path binding.
///
/// Rows are laid out with widths proportional to their elements' sizes. A field is validated
/// as people type once they have left it once; its error shows under it, in the `error` style,
/// and is the input's accessible description (see `FieldErrorPresentation`). `control` is `.resolvable` exactly while every
/// input validates, which is what a Save button's sensitivity follows.
///
/// ```swift
/// let form = FormView<Person>()
/// let first = form.bind(ActiveInput<String>(label: "First name"), to: \.firstName)
/// let age = form.bind(ActiveInput<UInt>(label: "Age"), to: \.age, rules: [.atMost(120, message: "Too old")])
/// form.addRow([FormElement(first), FormElement(age)])
/// form.build()
/// form.bindSensitivity(of: saveButton)
/// saveButton.onClicked { if let person = form.submit(Person()) { save(person) } }
/// ```
@MainActor
public final class FormView<Model> {
    /// The headless form: bindings, rows, resolving.
    public let form: Form<Model>
    /// The state engine of the whole form (`.resolvable`).
    public let control = FormViewControl()
    /// The rows, top to bottom: place it in a window.
    public let widget: Box

    private let columnSpacing: Int32
    private var fields: [FieldID: Field] = [:]
    private var views: [FieldID: Widget] = [:]
    private var rowGrids: [Grid] = []

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

    /// An empty form; `prototype` lets live validation try closure bindings.
    public init(prototype: Model? = nil, rowSpacing: Int32 = 12, columnSpacing: Int32 = 12) {
        form = Form(prototype: prototype)
        widget = Box(GTK_ORIENTATION_VERTICAL, spacing: rowSpacing)
        self.columnSpacing = columnSpacing
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

    /// Binds `input` with a closure that writes it into the model, as GenericUI does.
    @discardableResult
    public func bind<Input: FormInput & FormFieldView>(
        input: Input, binding: @escaping (inout Model, Input) -> (Bool, (any Error)?)
    ) -> FieldID {
        register(input, as: form.bind(input: input, binding: binding))
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
            let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 0)
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

    /// Lays the rows out with real widgets: an element of size n spans n of the row's equal
    /// columns (the sum of the row's sizes), so widths follow the sizes exactly.
    /// - Precondition: Called once, after the rows were added.
    public func build() {
        precondition(rowGrids.isEmpty, "build() lays the form out once")
        let half = columnSpacing / 2
        for row in form.layout.rows {
            let grid = Grid()
            grid.hasHomogeneousColumns = true
            var column: Int32 = 0
            for element in row.elements {
                let cell: Widget
                if let field = element.field {
                    cell = fields[field]?.cell ?? views[field]!
                } else {
                    cell = Box(GTK_ORIENTATION_HORIZONTAL)
                }
                // Equal margins on every cell keep every cell's share exact.
                cell.setMargins(top: 0, bottom: 0, start: half, end: columnSpacing - half)
                cell.expandsHorizontally = true
                grid.attach(cell, column: column, row: 0, width: Int32(element.size))
                column += Int32(element.size)
            }
            widget.append(grid)
            rowGrids.append(grid)
        }
        updateResolvable()
    }

    // MARK: Validation

    /// Whether every placed input validates now.
    public var isResolvable: Bool { form.isResolvable }

    /// Validates `field` now and shows or hides its error; returns its errors.
    @discardableResult
    public func validate(field: FieldID) -> [FormFieldError] {
        let errors = form.validate(field: field)
        show(errors, for: field)
        return errors
    }

    /// Validates every field, shows every error, moves focus to the first invalid field and
    /// tells screen reader users how many need attention ("2 fields need attention. Age: Enter
    /// a whole number").
    /// - Returns: Whether the form resolves.
    @discardableResult
    public func validateAll() -> Bool {
        var invalid: [FieldID] = []
        for field in form.layout.placedFields where fields[field] != nil {
            fields[field]?.input.control.wasLeft = true
            if !validate(field: field).isEmpty { invalid.append(field) }
        }
        updateResolvable()
        if let first = invalid.first, let entry = fields[first] {
            entry.input.focusTarget.grabFocus()
            Announcer.of(windowContaining: widget)?.announce(
                FormView.attentionSummary(count: invalid.count, first: entry.input.focusTarget.mnemonicLabelText,
                                          message: entry.errorLine.text))
        }
        return invalid.isEmpty
    }

    /// "2 fields need attention. Age: Enter a whole number".
    nonisolated static func attentionSummary(count: Int, first name: String?, message: String) -> String {
        let head = count == 1 ? "1 field needs attention" : "\(count) fields need attention"
        return "\(head). \(name.map { "\($0): " } ?? "")\(message)"
    }

    /// Submits the form: validates it all (see ``validateAll()``) and, when it resolves,
    /// returns `model` filled in; nil when something is wrong (focus is then on it).
    public func submit(_ model: Model) -> Model? {
        guard validateAll(), case .success(let resolved) = form.resolve(model) else { return nil }
        return resolved
    }

    /// Runs every input binding placed in a row, in row order, as GenericUI's `resolve`.
    public func resolve(model: inout Model) -> (Bool, [any Error]) {
        form.resolve(model: &model)
    }

    /// Makes `widget` (a Save button) sensitive exactly while the form is `.resolvable`.
    public func bindSensitivity(of widget: Widget) {
        widget.isSensitive = false
        control.setValue(true, for: widget, \.isSensitive, for: .intersected(.resolvable))
    }

    /// The message shown under `field`; nil while it shows none.
    public func errorMessage(for field: FieldID) -> String? {
        guard let entry = fields[field], entry.input.control.isInvalid else { return nil }
        return entry.errorLine.text
    }

    private func show(_ errors: [FormFieldError], for field: FieldID) {
        guard let entry = fields[field] else { return }
        if !errors.isEmpty { entry.errorLine.text = errors.map(\.message).joined(separator: "\n") }
        entry.input.control.isInvalid = !errors.isEmpty
    }

    /// Empties every input for the next record: no errors show until a field is left again,
    /// and focus goes to the first field.
    public func reset() {
        let placed = form.layout.placedFields.filter { fields[$0] != nil }
        // Focus first: the field it leaves must not count as left once it is empty.
        if let first = placed.first { fields[first]?.input.focusTarget.grabFocus() }
        for field in placed {
            guard let entry = fields[field] else { continue }
            entry.input.control.wasLeft = false
            entry.clear()
            show([], for: field)
        }
        updateResolvable()
    }

    private func edited(_ field: FieldID) {
        if fields[field]?.input.control.wasLeft == true { validate(field: field) }
        updateResolvable()
    }

    private func left(_ field: FieldID) {
        guard let entry = fields[field] else { return }
        entry.input.control.wasLeft = true
        validate(field: field)
    }

    private func updateResolvable() {
        control.isResolvable = form.isResolvable
    }
}
