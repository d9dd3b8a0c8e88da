/// A table on paper: column headers, rows of text, and which columns hold numbers (those line
/// up at the end). Its header repeats on every page it runs over.
public struct PrintedTable: Sendable, Equatable {
    /// The column headers.
    public var headers: [String]
    /// The rows, each one text per column.
    public var rows: [[String]]
    /// The columns whose text is a number, aligned at the end.
    public var numericColumns: Set<Int>
    /// How wide each column is, relative to the others (equal when empty).
    public var weights: [Double]

    /// A table of `rows` under `headers`.
    public init(headers: [String], rows: [[String]], numericColumns: Set<Int> = [], weights: [Double] = []) {
        self.headers = headers
        self.rows = rows
        self.numericColumns = numericColumns
        self.weights = weights
    }
}
