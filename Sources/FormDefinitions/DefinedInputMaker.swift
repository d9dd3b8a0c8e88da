import Forms

/// Makes and binds the input of each kind of field, for ``DefinedForm``:
/// one small method per kind, each calling the matching `Form.bind(_:text:)`,
/// `bind(_:wholeNumber:)`… with an input of the app's toolkit (``HeadlessInputs`` without one).
///
/// ```swift
/// func text(_ field: FieldDefinition, purpose: InputPurpose, multiline: Bool, in form: Form<DefinedRecord>) -> FieldID {
///     form.bind(multiline ? TextAreaInput(label: field.label) : ActiveInput<String>(label: field.label, purpose: purpose), text: field)
/// }
/// ```
@MainActor
public protocol DefinedInputMaker {
    /// One-line text (`purpose` from its ``TextStyle``) or, `multiline`, notes: `bind(_:text:)`.
    func text(_ field: FieldDefinition, purpose: InputPurpose, multiline: Bool, in form: Form<DefinedRecord>) -> FieldID
    /// A whole number: `bind(_:wholeNumber:)` with an `Int64` input.
    func wholeNumber(_ field: FieldDefinition, in form: Form<DefinedRecord>) -> FieldID
    /// A decimal or money (`currency` non-nil): `bind(_:decimal:)` with a `Decimal` input.
    func decimal(_ field: FieldDefinition, places: Int, currency: String?, in form: Form<DefinedRecord>) -> FieldID
    /// A date: `bind(_:date:)` with a `CalendarDate` input.
    func date(_ field: FieldDefinition, in form: Form<DefinedRecord>) -> FieldID
    /// Yes or no: `bind(_:yesNo:)` with a `Bool` input (a switch).
    func yesNo(_ field: FieldDefinition, in form: Form<DefinedRecord>) -> FieldID
    /// One of `options`: `bind(_:choice:)` with a `String` input (a drop-down of the options).
    func choice(_ field: FieldDefinition, options: [String], in form: Form<DefinedRecord>) -> FieldID
    /// A link to a record of `target`: `bind(_:reference:)` with a `RecordRef<DefinedRecord>` input
    /// (a reference chooser over `target`'s records), or `bind(_:link:)` with a `String` input (the id).
    func link(_ field: FieldDefinition, to target: FormDefinitionID, in form: Form<DefinedRecord>) -> FieldID
    /// A computed value: `bind(computed:field:expressions:today:)` with a read-only `ComputedValue` input.
    func computed(_ field: FieldDefinition, expressions: CompiledExpressions, today: @escaping () -> CalendarDate,
                  in form: Form<DefinedRecord>) -> FieldID
    /// Line items: `bind(lines:rows:)`; the list's field is placed. By default that alone (a
    /// toolkit may add an editor view for the list).
    func lines(_ field: FieldDefinition, rows: @escaping () -> Form<DefinedRecord>, in form: Form<DefinedRecord>) -> FieldID
}

extension DefinedInputMaker {
    /// `bind(lines:rows:)` and the list's field.
    public func lines(_ field: FieldDefinition, rows: @escaping () -> Form<DefinedRecord>, in form: Form<DefinedRecord>) -> FieldID {
        form.bind(lines: field, rows: rows).field
    }
}
