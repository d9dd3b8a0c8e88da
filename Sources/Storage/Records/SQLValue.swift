/// One value as SQLite stores it: the five storage classes.
///
/// ```swift
/// try database.execute("INSERT INTO note(title, stars) VALUES (?, ?)", [.text("Plan"), .integer(3)])
/// ```
public enum SQLValue: Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE double; SQLite stores NaN as `NULL`.
    case real(Double)
    /// UTF-8 text; embedded NUL characters are kept.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// Whether the value is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
