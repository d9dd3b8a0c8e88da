/// The SQL type, and so the affinity, that a declared record column is created with.
public enum ColumnType: String, Hashable, Sendable, CaseIterable {
    /// Whole numbers, Booleans (0 or 1) and anything sorted numerically as an integer.
    case integer = "INTEGER"
    /// Floating-point numbers and dates (seconds since 1970).
    case real = "REAL"
    /// Text, compared and sorted without regard to ASCII case, and searched.
    case text = "TEXT"
    /// Raw bytes.
    case blob = "BLOB"
}
