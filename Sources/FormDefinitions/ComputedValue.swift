import Forms

/// A computed field's value as its read-only input shows it: the typed value in the user's
/// locale, or the message of why it cannot be computed ("Division by zero").
///
/// What `\DefinedRecord[computed: id]` reads and writes, so that `Form.bind(computed:to:value:)`
/// stores the typed value (an error stores none).
public struct ComputedValue: StringTwoWayConvertible, Hashable, Sendable {
    /// The value, `.none` when there is none or it cannot be computed.
    public var value: FieldValue
    /// Why it cannot be computed; nil when it can.
    public var error: String?

    /// A value.
    public init(_ value: FieldValue) {
        self.value = value
        self.error = nil
    }

    /// The result of an expression.
    public init(_ result: Result<FieldValue, ExpressionError>) {
        switch result {
        case .success(let value): self.init(value)
        case .failure(let failure):
            self.init(.none)
            error = failure.message
        }
    }

    /// Never typed: no text reads as a computed value.
    public init?(_ text: String) {
        nil
    }

    /// The canonical text of the value.
    public var description: String { value.canonicalText }

    /// The value as people read it, or the error's message.
    public func formatted(using parsing: NumberParsing) -> String {
        error ?? value.formatted(using: parsing)
    }
}

extension DefinedRecord {
    /// A computed field: its stored value; writing stores the value (an error stores none).
    public subscript(computed field: FieldDefinitionID) -> ComputedValue {
        get { ComputedValue(self[value: field]) }
        set { self[value: field] = newValue.error == nil ? newValue.value : .none }
    }
}
