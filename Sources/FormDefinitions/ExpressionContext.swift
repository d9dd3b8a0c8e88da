import Forms

/// What an expression is computed from: each field's value, today's date and how numbers and
/// dates are written when `&` joins them into text.
public struct ExpressionContext {
    /// Today, as the caller says: computing never reads a clock.
    public var today: CalendarDate
    /// How `&` writes numbers and dates.
    public var parsing: NumberParsing
    /// The value of a field (a computed one computed, or its error).
    public var value: (FieldDefinitionID) -> Result<FieldValue, ExpressionError>

    /// A context of `value`.
    public init(today: CalendarDate, parsing: NumberParsing = .current,
                value: @escaping (FieldDefinitionID) -> Result<FieldValue, ExpressionError>) {
        self.today = today
        self.parsing = parsing
        self.value = value
    }

    /// A context reading the fields of `record` (no computed fields).
    public init(record: DefinedRecord, today: CalendarDate, parsing: NumberParsing = .current) {
        self.init(today: today, parsing: parsing) { .success(record[value: $0]) }
    }
}
