/// The rows of a form and the fields placed in them, in row order.
public struct FormLayout: Hashable, Sendable {
    /// The rows, top to bottom.
    public private(set) var rows: [FormRow] = []
    /// Every placed field (inputs and views), in row order then element order.
    public private(set) var placedFields: [FieldID] = []

    /// Creates an empty layout.
    public init() {}

    /// Appends a row.
    public mutating func append(_ row: FormRow) {
        rows.append(row)
        for element in row.elements {
            if let field = element.field { placedFields.append(field) }
        }
    }
}
