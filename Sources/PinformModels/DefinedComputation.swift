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

    /// The computation of `field` in `definition`.
    init(field: FieldDefinition, definition: FormDefinition) {
        self.field = field
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
}
