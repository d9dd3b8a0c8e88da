import Forms

/// A `Form<DefinedRecord>` built from a ``FormDefinition`` as a typed model's form is built:
/// one input per field (made by a ``DefinedInputMaker``) bound with the field's rules, line items
/// as a list of row forms, computed fields computed as the record is typed, the definition's
/// rows and widths as the form's rows. Resolving, errors, undo and drafts are the `Form`'s own.
///
/// ```swift
/// let defined = DefinedForm(member, inputs: HeadlessInputs(), today: { today })
/// defined.form.load(record)
/// switch defined.form.resolve(member.blankRecord) { … }
/// ```
///
/// A definition with problems (``DefinitionCheck``) still builds: a computed field whose
/// expression does not check shows its problem instead of a value (``problems``).
@MainActor
public final class DefinedForm {
    /// The definition built.
    public let definition: FormDefinition
    /// The form: bind views, load, resolve it.
    public let form: Form<DefinedRecord>
    /// The computed fields, compiled.
    public let expressions: CompiledExpressions
    /// The problems of the computed fields' expressions (those fields show the message).
    public let problems: [DefinitionProblem]
    /// Each field's id in `form`, by its definition id.
    public private(set) var fields: [FieldDefinitionID: FieldID] = [:]
    private var definitionFields: [FieldID: FieldDefinitionID] = [:]

    /// Builds the form of `definition` with inputs from `inputs`; `today` is the day computed
    /// fields use (`today()`).
    public init(_ definition: FormDefinition, inputs: some DefinedInputMaker, today: @escaping () -> CalendarDate) {
        self.definition = definition
        var problems: [DefinitionProblem] = []
        expressions = DefinitionCheck.compile(definition, problems: &problems)
        self.problems = problems
        form = Form<DefinedRecord>(prototype: definition.blankRecord)
        for field in definition.fields {
            let id = Self.bind(field, inputs: inputs, expressions: expressions, today: today, problems: problems, in: form)
            fields[field.id] = id
            definitionFields[id] = field.id
        }
        for row in definition.rows {
            form.addRow(row.cells.compactMap { cell in fields[cell.field].map { FormElement($0, size: cell.width) } })
        }
    }

    /// The definition's field that `field` of `form` is.
    public func definitionField(of field: FieldID) -> FieldDefinitionID? {
        definitionFields[field]
    }

    /// The list of a line-items field.
    public func list(of field: FieldDefinitionID) -> FormList<DefinedRecord>? {
        fields[field].flatMap { form.object(for: $0) as? FormList<DefinedRecord> }
    }

    /// Resolves what was typed onto `record` (a new record: ``FormDefinition/blankRecord``):
    /// the form's `resolve`, kept values of removed fields untouched.
    public func resolve(_ record: DefinedRecord) -> Result<DefinedRecord, FormErrors> {
        form.resolve(record)
    }

    private static func bind(_ field: FieldDefinition, inputs: some DefinedInputMaker, expressions: CompiledExpressions,
                             today: @escaping () -> CalendarDate, problems: [DefinitionProblem],
                             in form: Form<DefinedRecord>) -> FieldID {
        switch field.kind {
        case .text(let style): return inputs.text(field, purpose: style.purpose, multiline: false, in: form)
        case .notes: return inputs.text(field, purpose: .freeForm, multiline: true, in: form)
        case .wholeNumber: return inputs.wholeNumber(field, in: form)
        case .decimal(let places): return inputs.decimal(field, places: places, currency: nil, in: form)
        case .money(let currency): return inputs.decimal(field, places: 2, currency: currency, in: form)
        case .date: return inputs.date(field, in: form)
        case .yesNo: return inputs.yesNo(field, in: form)
        case .choice(let options): return inputs.choice(field, options: options, in: form)
        case .link(let target): return inputs.link(field, to: target, in: form)
        case .computed:
            if let problem = problems.first(where: { $0.field == field.id }) {
                // Shows the problem where the value would be.
                let failing = CompiledExpressions(failing: field.id, problem.message)
                return inputs.computed(field, expressions: failing, today: today, in: form)
            }
            return inputs.computed(field, expressions: expressions, today: today, in: form)
        case .lines(let columns):
            return inputs.lines(field, rows: { rowForm(columns, inputs: inputs, today: today) }, in: form)
        }
    }

    /// One line's form: every column in one row, text three times as wide as the others.
    private static func rowForm(_ columns: [FieldDefinition], inputs: some DefinedInputMaker,
                                today: @escaping () -> CalendarDate) -> Form<DefinedRecord> {
        var blank = DefinedRecord()
        for column in columns { blank[value: column.id] = column.defaultValue }
        let row = Form<DefinedRecord>(prototype: blank)
        let none = CompiledExpressions(expressions: [:], order: [])
        var elements: [FormElement] = []
        for column in columns {
            if case .lines = column.kind { continue }
            let id = bind(column, inputs: inputs, expressions: none, today: today, problems: [], in: row)
            elements.append(FormElement(id, size: column.kind.isText ? 3 : 1))
        }
        row.addRow(elements)
        return row
    }
}

extension CompiledExpressions {
    /// Expressions where `field` always fails with `message`.
    init(failing field: FieldDefinitionID, _ message: String) {
        self.init(expressions: [:], order: [], failures: [field: message])
    }
}
