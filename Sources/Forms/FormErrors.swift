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

    /// The errors of each row of the list field `list` that has any, keyed by row identity and
    /// each keyed by the fields of the row's form.
    public func rows(of list: FieldID) -> [RowID: FormErrors] {
        var found: [RowID: [FormFieldError]] = [:]
        for error in self[list] {
            guard let row = error.row else { continue }
            found[row, default: []].append(error.inRow)
        }
        return found.mapValues(FormErrors.init)
    }

    /// The errors of `row` of the list field `list`, keyed by the fields of the row's form.
    public subscript(list: FieldID, row: RowID) -> FormErrors {
        FormErrors(self[list].filter { $0.row == row }.map(\.inRow))
    }

    /// The messages, one a line, in row order.
    public var description: String {
        all.map(\.message).joined(separator: "\n")
    }
}
