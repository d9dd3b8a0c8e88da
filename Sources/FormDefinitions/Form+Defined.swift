import Foundation
import Forms

/// Binding the inputs of a defined form, one call per kind: each binds `input` to the field's
/// subscript of ``DefinedRecord`` with the field's rules as the typed API's `Rule`s, exactly as a
/// Swift model's form binds a property. An app binds its own inputs with these (a GTK entry, a
/// drop-down, a switch); ``DefinedForm`` calls them through a ``DefinedInputMaker``.
extension Form where Model == DefinedRecord {
    /// Binds a one-line text or notes field.
    public func bind<I: FormInput>(_ input: I, text field: FieldDefinition) -> FieldID where I.Output == String {
        bind(input, to: \DefinedRecord[text: field.id], rules: DefinedRules.text(field))
    }

    /// Binds a whole-number field.
    public func bind<I: FormInput>(_ input: I, wholeNumber field: FieldDefinition) -> FieldID where I.Output == Int64 {
        bind(input, to: \DefinedRecord[integer: field.id], rules: DefinedRules.wholeNumber(field))
    }

    /// Binds a decimal or money field.
    public func bind<I: FormInput>(_ input: I, decimal field: FieldDefinition) -> FieldID where I.Output == Decimal {
        bind(input, to: \DefinedRecord[decimal: field.id], rules: DefinedRules.decimal(field))
    }

    /// Binds a date field.
    public func bind<I: FormInput>(_ input: I, date field: FieldDefinition) -> FieldID where I.Output == CalendarDate {
        bind(input, to: \DefinedRecord[date: field.id], rules: DefinedRules.date(field))
    }

    /// Binds a yes/no field (a switch: "true" or "false").
    public func bind<I: FormInput>(_ input: I, yesNo field: FieldDefinition) -> FieldID where I.Output == Bool {
        bind(input, to: \DefinedRecord[yesNo: field.id], rules: DefinedRules.yesNo(field))
    }

    /// Binds a choice field: the input's text is the option chosen.
    public func bind<I: FormInput>(_ input: I, choice field: FieldDefinition) -> FieldID where I.Output == String {
        bind(input, to: \DefinedRecord[choice: field.id], rules: DefinedRules.choice(field))
    }

    /// Binds a link field: the input's text is the linked record's id.
    public func bind<I: FormInput>(_ input: I, link field: FieldDefinition) -> FieldID where I.Output == String {
        bind(input, to: \DefinedRecord[link: field.id], rules: DefinedRules.link(field))
    }

    /// Binds a computed field: its input shows the value (or why it cannot be computed) as the
    /// record is typed, and resolving stores the typed value.
    public func bind<I: FormInput>(computed input: I, field: FieldDefinition, expressions: CompiledExpressions,
                                   today: @escaping () -> CalendarDate) -> FieldID where I.Output == ComputedValue {
        let id = field.id
        return bind(computed: input, to: \DefinedRecord[computed: id]) { record in
            ComputedValue(expressions.values(of: record, today: today(), parsing: input.numberParsing)[id] ?? .success(.none))
        }
    }

    /// Binds a line-items field to a list whose rows `rows` makes; a required one needs a line.
    public func bind(lines field: FieldDefinition, rows: @escaping () -> Form<DefinedRecord>) -> FormList<DefinedRecord> {
        let list = bind(list: \DefinedRecord[lines: field.id], rows: rows)
        if field.rules.required {
            let id = field.id
            addRule(on: [list.field], message: DefinitionText.addALine) { !$0[lines: id].isEmpty }
        }
        return list
    }
}
