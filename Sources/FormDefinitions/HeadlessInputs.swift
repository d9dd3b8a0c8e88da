import Foundation
import Forms

/// Inputs without a display (`TextInput`s): for tests, the benchmark and anything headless.
/// ``inputs`` gives each field's input by its id, to type into.
@MainActor
public final class HeadlessInputs: DefinedInputMaker {
    /// How the inputs read numbers and dates.
    public let numberParsing: NumberParsing
    /// Every input made, by field id (line-item columns: the last row's).
    public private(set) var inputs: [FieldDefinitionID: AnyObject] = [:]

    /// Inputs reading numbers in `numberParsing`'s locale.
    public init(numberParsing: NumberParsing = .current) {
        self.numberParsing = numberParsing
    }

    /// The input of `field`, as `TextInput<Output>`.
    public func input<Output>(_ field: FieldDefinitionID, as type: Output.Type = Output.self) -> TextInput<Output>? {
        inputs[field] as? TextInput<Output>
    }

    private func make<Output>(_ field: FieldDefinition, purpose: InputPurpose = Output.defaultPurpose) -> TextInput<Output> {
        let input = TextInput<Output>(purpose: purpose, numberParsing: numberParsing)
        inputs[field.id] = input
        return input
    }

    /// A `TextInput<String>`.
    public func text(_ field: FieldDefinition, purpose: InputPurpose, multiline: Bool, in form: Form<DefinedRecord>) -> FieldID {
        form.bind(make(field, purpose: purpose) as TextInput<String>, text: field)
    }

    /// A `TextInput<Int64>`.
    public func wholeNumber(_ field: FieldDefinition, in form: Form<DefinedRecord>) -> FieldID {
        form.bind(make(field) as TextInput<Int64>, wholeNumber: field)
    }

    /// A `TextInput<Decimal>`.
    public func decimal(_ field: FieldDefinition, places: Int, currency: String?, in form: Form<DefinedRecord>) -> FieldID {
        form.bind(make(field) as TextInput<Decimal>, decimal: field)
    }

    /// A `TextInput<CalendarDate>`.
    public func date(_ field: FieldDefinition, in form: Form<DefinedRecord>) -> FieldID {
        form.bind(make(field) as TextInput<CalendarDate>, date: field)
    }

    /// A `TextInput<Bool>` starting at "false", as a switch that is off.
    public func yesNo(_ field: FieldDefinition, in form: Form<DefinedRecord>) -> FieldID {
        let input: TextInput<Bool> = make(field)
        input.text = "false"
        return form.bind(input, yesNo: field)
    }

    /// A `TextInput<String>` holding the option's text.
    public func choice(_ field: FieldDefinition, options: [String], in form: Form<DefinedRecord>) -> FieldID {
        form.bind(make(field) as TextInput<String>, choice: field)
    }

    /// A `TextInput<String>` holding the record's id.
    public func link(_ field: FieldDefinition, to target: FormDefinitionID, in form: Form<DefinedRecord>) -> FieldID {
        form.bind(make(field) as TextInput<String>, link: field)
    }

    /// A `TextInput<ComputedValue>` showing the value.
    public func computed(_ field: FieldDefinition, expressions: CompiledExpressions, today: @escaping () -> CalendarDate,
                         in form: Form<DefinedRecord>) -> FieldID {
        form.bind(computed: make(field) as TextInput<ComputedValue>, field: field, expressions: expressions, today: today)
    }
}
