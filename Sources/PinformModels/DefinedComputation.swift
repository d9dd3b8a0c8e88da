import FormDefinitions
import Forms

/// A computed field's value for a record, by the definitions' expression language: every
/// computed field of the definition read and checked once (`DefinitionCheck.compile`), in
/// dependency order, so a computed field can read another.
struct DefinedComputation: Sendable {
    let field: FieldDefinition
    /// The definition's computed fields, checked; a field whose expression does not check has
    /// no value (the designer refuses to save it).
    let compiled: CompiledExpressions?
    /// The places a `round(…, n)` expression's value is shown with.
    let places: Int?

    /// The computation of `field` in `definition`.
    init(field: FieldDefinition, definition: FormDefinition) {
        self.field = field
        places = field.expression.flatMap(Expression.shownPlaces(of:))
        guard field.expression != nil else {
            compiled = nil
            return
        }
        var problems: [DefinitionProblem] = []
        compiled = DefinitionCheck.compile(definition, problems: &problems)
    }

    /// The value of the field's expression over `record` today; none when it cannot be computed
    /// (an empty field it reads, a division by zero).
    func value(of record: DefinedRecord, today: CalendarDate = .today()) -> FieldValue {
        guard let compiled, let result = compiled.values(of: record, today: today)[field.id] else { return .none }
        return (try? result.get()) ?? .none
    }

    /// The value as shown, in the user's locale: "7.00" for `round(…, 2)` of 7.
    func text(of record: DefinedRecord, using parsing: NumberParsing = .current) -> String {
        let value = value(of: record)
        guard let places, case .decimal(let number) = value else { return value.formatted(using: parsing) }
        return parsing.localized(Expression.padded(number, places: places))
    }
}
