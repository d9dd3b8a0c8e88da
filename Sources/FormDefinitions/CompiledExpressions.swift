import Forms

/// The computed fields of a definition, checked and compiled, in an order where each comes
/// after the computed fields it reads: what ``DefinedForm`` computes a record's values with.
public struct CompiledExpressions: Sendable {
    /// Each computed field's expression.
    public let expressions: [FieldDefinitionID: Expression]
    /// The computed fields, each after those it reads.
    public let order: [FieldDefinitionID]
    /// Computed fields that cannot be computed, with why (their expression does not check).
    let failures: [FieldDefinitionID: String]

    init(expressions: [FieldDefinitionID: Expression], order: [FieldDefinitionID], failures: [FieldDefinitionID: String] = [:]) {
        self.expressions = expressions
        self.order = order
        self.failures = failures
    }

    /// Every computed value of `record` (errors as messages), reading other fields from it.
    public func values(of record: DefinedRecord, today: CalendarDate, parsing: NumberParsing = .current)
        -> [FieldDefinitionID: Result<FieldValue, ExpressionError>] {
        var results: [FieldDefinitionID: Result<FieldValue, ExpressionError>] = failures.mapValues { .failure(ExpressionError($0)) }
        let context = ExpressionContext(today: today, parsing: parsing) { id in
            results[id] ?? .success(record[value: id])
        }
        for id in order {
            guard let expression = expressions[id] else { continue }
            results[id] = expression.evaluate(in: context)
        }
        return results
    }

    /// `record` with every computed field's value written (an error writes no value).
    public func computing(_ record: DefinedRecord, today: CalendarDate) -> DefinedRecord {
        var record = record
        for (id, result) in values(of: record, today: today, parsing: .posix) {
            record[value: id] = (try? result.get()) ?? .none
        }
        return record
    }
}
