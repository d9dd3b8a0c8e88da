import Controls
import Foundation
import FormDefinitions
import Forms
import Localization
import PinformCore

/// Builds the form of a definition from the same inputs the Swift models use: `ActiveInput`
/// for text, e-mail, phone, URL and numbers, `TextAreaInput` for notes, `DateInput`,
/// `OptionsInput` for a choice, `SwitchInput` for yes/no, a list of rows for line items, a
/// `ReferenceChooser` for a link and a `ComputedValueInput` for a computed value — each bound
/// to the record's typed value and checked by the field's rules, laid out in the definition's
/// rows and widths.
@MainActor
enum DefinedFormBuilder {
    /// The form of `definition` for records of `model`.
    static func makeForm<Slot: DefinedSlot>(_ definition: FormDefinition, for model: DefinedModel<Slot>.Type,
                                            context: ModelContext) -> FormView<DefinedModel<Slot>> {
        let form = Form<DefinedModel<Slot>>(prototype: DefinedModel(record: definition.blankRecord))
        fill(form, fields: definition.fields, rows: definition.rows, record: \.record, definition: definition, context: context)
        return FormView(form)
    }

    /// Binds `fields` in `form` at `record` and lays them out in `rows`.
    static func fill<Root>(_ form: Form<Root>, fields: [FieldDefinition], rows: [LayoutRow],
                           record: WritableKeyPath<Root, DefinedRecord>, definition: FormDefinition, context: ModelContext?) {
        var bound: [FieldDefinitionID: FieldID] = [:]
        for field in fields {
            bound[field.id] = bind(field, in: form, record: record, definition: definition, context: context)
        }
        for row in rows {
            let elements = row.cells.compactMap { cell in bound[cell.field].map { FormElement($0, size: cell.width) } }
            if !elements.isEmpty { form.addRow(elements) }
        }
    }

    /// `input` showing `field`'s default: a new record starts from each input's text when it
    /// was bound.
    private static func starting<I: FormInput>(_ input: I, at field: FieldDefinition) -> I {
        switch field.defaultValue {
        case .none: break
        case .yesNo(let flag): input.text = flag.description
        case .choice(let text), .text(let text): input.text = text
        case let value: input.text = value.formatted(using: input.numberParsing)
        }
        return input
    }

    /// Binds one field; nil for a link whose form is gone.
    static func bind<Root>(_ field: FieldDefinition, in form: Form<Root>, record base: WritableKeyPath<Root, DefinedRecord>,
                           definition: FormDefinition, context: ModelContext?) -> FieldID? {
        let id = field.id
        switch field.kind {
        case .text(let style):
            let input = starting(ActiveInput<String>(label: field.label, purpose: style.purpose), at: field)
            return form.bind(input, to: base.appending(path: \DefinedRecord[text: id]), rules: DefinedRules.text(field))
        case .notes:
            return form.bind(starting(TextAreaInput(label: field.label, lines: 3), at: field), to: base.appending(path: \DefinedRecord[text: id]),
                             rules: DefinedRules.text(field))
        case .wholeNumber:
            let input = starting(ActiveInput<Int64>(label: field.label), at: field)
            return form.bind(input, to: base.appending(path: \DefinedRecord[integer: id]), rules: DefinedRules.wholeNumber(field))
        case .decimal, .money:
            let input = starting(ActiveInput<Decimal>(label: field.label), at: field)
            if case .money(let currency) = field.kind {
                // Translators: the placeholder of a money field of a form made in the app: "In EUR".
                input.placeholder = tr("In {currency}", ["currency": currency])
            }
            return form.bind(input, to: base.appending(path: \DefinedRecord[decimal: id]), rules: DefinedRules.decimal(field))
        case .date:
            return form.bind(starting(DateInput(label: field.label), at: field), to: base.appending(path: \DefinedRecord[date: id]),
                             rules: DefinedRules.date(field))
        case .choice(let options):
            return form.bind(starting(OptionsInput(label: field.label, options: options), at: field), to: base.appending(path: \DefinedRecord[choice: id]),
                             rules: DefinedRules.choice(field))
        case .yesNo:
            return form.bind(starting(SwitchInput(label: field.label), at: field), to: base.appending(path: \DefinedRecord[yesNo: id]),
                             rules: DefinedRules.yesNo(field))
        case .lines(let columns):
            let list = form.bind(list: base.appending(path: \DefinedRecord[lines: id])) {
                let row = Form<DefinedRecord>(prototype: DefinedRecord())
                fill(row, fields: columns, rows: [LayoutRow(fields: columns.map(\.id))], record: \.self,
                     definition: definition, context: nil)
                return row
            }
            return list.field
        case .link(let target):
            guard let context else { return nil }
            if let model = DefinedLinkTargets.model(for: target) {
                return bindLink(field, to: model, in: form, record: base, context: context)
            }
            guard let slot = DefinedForms.shared.slotIndex(of: target) else { return nil }
            return bindLink(field, to: definedSlots[slot], in: form, record: base, context: context)
        case .computed:
            let computation = DefinedComputation(field: field, definition: definition)
            return form.bind(computed: ComputedValueInput<String>(label: field.label)) { root in
                computation.text(of: root[keyPath: base])
            }
        }
    }

    private static func bindLink<Root, Target: DefinedSlot>(
        _ field: FieldDefinition, to target: Target.Type, in form: Form<Root>,
        record base: WritableKeyPath<Root, DefinedRecord>, context: ModelContext
    ) -> FieldID {
        bindLink(field, to: DefinedModel<Target>.self, in: form, record: base, context: context)
    }

    /// Binds a link field to a chooser of `Target`'s records: a form made in the app's, or a
    /// Swift model's (Person); the record's id is kept as the link's text.
    private static func bindLink<Root, Target: FormModel>(
        _ field: FieldDefinition, to target: Target.Type, in form: Form<Root>,
        record base: WritableKeyPath<Root, DefinedRecord>, context: ModelContext
    ) -> FieldID {
        let id = field.id
        let lookup = context.lookup(Target.self)
        let chooser = ReferenceChooser<Target>(label: field.label, lookup: lookup)
        chooser.onAddNew = { [unowned chooser] typed, done in
            context.addNew(Target.self, typed: typed, over: chooser.view.rootWindow, completion: done)
        }
        let bound = form.bind(input: chooser, binding: { root, input in
            root[keyPath: base][link: id] = input.text.flatMap { $0.isEmpty ? nil : $0 }
            return (true, nil)
        }, load: { root, input in
            input.text = root[keyPath: base][link: id] ?? ""
        })
        if field.rules.required {
            form.addRule(on: [bound], message: tr("Required")) { $0[keyPath: base][link: id] != nil }
        }
        return bound
    }
}
