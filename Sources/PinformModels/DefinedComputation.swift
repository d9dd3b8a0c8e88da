import FormDefinitions
import Forms

/// A computed field's value for a record, by the definitions' expression language
/// (`Expression`), read and checked once.
struct DefinedComputation: Sendable {
    let field: FieldDefinition
    /// The checked expression; nil when it does not check (the designer refuses to save it).
    let expression: Expression?

    /// The computation of `field` in `definition`.
    init(field: FieldDefinition, definition: FormDefinition) {
        self.field = field
        if let source = field.expression {
            expression = try? Expression(source, scope: ExpressionScope(fields: definition.fields))
        } else {
            expression = nil
        }
    }

    /// The value of the field's expression over `record` today; none when it cannot be computed
    /// (an empty field it reads, a division by zero).
    func value(of record: DefinedRecord, today: CalendarDate = .today()) -> FieldValue {
        guard let expression else { return .none }
        return (try? expression.evaluate(in: ExpressionContext(record: record, today: today)).get()) ?? .none
    }

    /// Why `source` cannot be computed from the fields of `definition`, or nil.
    static func problem(in source: String, definition: FormDefinition) -> String? {
        do {
            _ = try Expression(source, scope: ExpressionScope(fields: definition.fields))
            return nil
        } catch {
            return error.message
        }
    }
}
