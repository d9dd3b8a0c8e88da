/// Every error of a form that did not resolve, keyed by field so each shows next to its input.
public struct FormErrors: Error, CustomStringConvertible {
    /// The errors in row order (a field's errors in the order they were found).
    public let all: [FormFieldError]
    /// The errors of each field that has any.
    public let byField: [FieldID: [FormFieldError]]

    /// Collects `errors`, given in row order.
    public init(_ errors: [FormFieldError]) {
        all = errors
        byField = Dictionary(grouping: errors, by: \.field)
    }

    /// The errors of `field`; empty when it has none.
    public subscript(field: FieldID) -> [FormFieldError] {
        byField[field] ?? []
    }

    /// The fields that have errors, in row order.
    public var fields: [FieldID] {
        var seen = Set<FieldID>()
        return all.compactMap { seen.insert($0.field).inserted ? $0.field : nil }
    }

    /// The messages, one a line, in row order.
    public var description: String {
        all.map(\.message).joined(separator: "\n")
    }
}
