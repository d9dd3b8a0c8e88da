/// One record of an imported file as the preview shows it: its line, its cells by field, and
/// what the import will do with it.
public struct ImportRow<Model> {
    /// What the import does with a row.
    public enum Outcome {
        /// The row becomes this new record.
        case create(Model)
        /// The row is left out: each message says what is wrong ("Age: Enter a whole number").
        case invalid([String])
        /// The row is left out as the same record as an earlier line of the file (`line`), or
        /// as a saved record (`line` nil).
        case duplicate(Model, line: Int?)
    }

    /// The line of the file the row starts on, counted from 1 (the header is line 1).
    public let line: Int
    /// The text of each field's cell, by the field's index in the model's `fields` ("" when no
    /// column fills it), as the export wrote it before protecting formulas.
    public let cells: [String]
    /// What the import will do with the row.
    public let outcome: Outcome

    /// A row of the preview.
    public init(line: Int, cells: [String], outcome: Outcome) {
        self.line = line
        self.cells = cells
        self.outcome = outcome
    }

    /// The record the row becomes, when it becomes one.
    public var created: Model? {
        if case .create(let model) = outcome { return model }
        return nil
    }

    /// Whether the row is left out as invalid.
    public var isInvalid: Bool {
        if case .invalid = outcome { return true }
        return false
    }

    /// Whether the row is left out as a duplicate.
    public var isDuplicate: Bool {
        if case .duplicate = outcome { return true }
        return false
    }
}
