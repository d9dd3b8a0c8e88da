/// The PostgreSQL type a declared column has in a shared database, so that other tools (psql,
/// a reporting tool, LibreOffice Base) read typed values: the raw value is its SQL type name.
public enum SharedColumnType: String, Hashable, Sendable, CaseIterable {
    /// Text.
    case text = "text"
    /// A 64-bit whole number.
    case integer = "bigint"
    /// An exact decimal, e.g. an amount of money.
    case numeric = "numeric"
    /// A double-precision floating-point number.
    case real = "double precision"
    /// A calendar day, from ISO 8601 text (`2026-12-01`).
    case date = "date"
    /// A point in time, from seconds since 1970.
    case timestamp = "timestamp with time zone"
    /// Yes or no, from the integer 0 or 1.
    case boolean = "boolean"
    /// Raw bytes.
    case bytes = "bytea"
}
