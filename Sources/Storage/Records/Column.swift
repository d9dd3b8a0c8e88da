import Foundation

/// A column a `RecordStore` keeps beside each stored model, for sorting and searching: a name,
/// an SQL type and how to compute its value from the model.
///
/// Values are recomputed on every insert and update; text columns are also what a search
/// looks through.
///
/// ```swift
/// let columns: [Column<Person>] = [
///     .text("last_name", \.lastName),
///     .integer("age", \.age),
///     .real("height", \.height),
///     .text("email", \.email.description),
/// ]
/// ```
public struct Column<Model>: Sendable {
    /// The column's SQL name: a letter, then letters, digits or `_` (at most 64 in all).
    public let name: String
    /// The SQL type the column is created with.
    public let type: ColumnType
    /// Computes the column's value from a model.
    public let value: @Sendable (Model) -> SQLValue
    /// The column's type in a shared PostgreSQL database, where other tools read it.
    public private(set) var sharedType: SharedColumnType
    /// Computes the value a shared database stores, e.g. an exact decimal's text where the
    /// local column keeps a double; `value` unless `shared(as:value:)` said otherwise.
    public private(set) var sharedValue: @Sendable (Model) -> SQLValue

    /// A column computed by any closure; the factory methods below cover key paths.
    ///
    /// - Precondition: `name` is a valid column name (see `name`).
    public init(_ name: String, type: ColumnType, value: @escaping @Sendable (Model) -> SQLValue) {
        precondition(SQLIdentifier.isValid(name) && !name.hasPrefix("_") && name.lowercased() != "id",
                     "“\(name)” is not a valid column name")
        self.name = name
        self.type = type
        self.value = value
        sharedValue = value
        sharedType = switch type {
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .bytes
        }
    }

    /// The same column with another type in a shared database, and optionally the value it
    /// stores there (as text the server parses, e.g. `"12.50"` for `.numeric`).
    public func shared(as type: SharedColumnType, value: (@Sendable (Model) -> SQLValue)? = nil) -> Column {
        var column = self
        column.sharedType = type
        if let value { column.sharedValue = value }
        return column
    }

    /// A searchable text column.
    public static func text(_ name: String, _ keyPath: KeyPath<Model, String> & Sendable) -> Column {
        Column(name, type: .text) { .text($0[keyPath: keyPath]) }
    }

    /// A searchable text column that is `NULL` when the text is absent.
    public static func text(_ name: String, _ keyPath: KeyPath<Model, String?> & Sendable) -> Column {
        Column(name, type: .text) { $0[keyPath: keyPath].map(SQLValue.text) ?? .null }
    }

    /// An integer column; values beyond the range of `Int64` are clamped to it.
    public static func integer<Value: BinaryInteger & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Value> & Sendable
    ) -> Column {
        Column(name, type: .integer) { .integer(Int64(clamping: $0[keyPath: keyPath])) }
    }

    /// An integer column that is `NULL` when the number is absent.
    public static func integer<Value: BinaryInteger & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Value?> & Sendable
    ) -> Column {
        Column(name, type: .integer) { $0[keyPath: keyPath].map { .integer(Int64(clamping: $0)) } ?? .null }
    }

    /// A Boolean stored as the integer 0 or 1, so `false` sorts first.
    public static func integer(_ name: String, _ keyPath: KeyPath<Model, Bool> & Sendable) -> Column {
        Column(name, type: .integer) { .integer($0[keyPath: keyPath] ? 1 : 0) }.shared(as: .boolean)
    }

    /// A floating-point column.
    public static func real<Value: BinaryFloatingPoint & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Value> & Sendable
    ) -> Column {
        Column(name, type: .real) { .real(Double($0[keyPath: keyPath])) }
    }

    /// A floating-point column that is `NULL` when the number is absent.
    public static func real<Value: BinaryFloatingPoint & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Value?> & Sendable
    ) -> Column {
        Column(name, type: .real) { $0[keyPath: keyPath].map { .real(Double($0)) } ?? .null }
    }

    /// A date stored as seconds since 1970, so it sorts chronologically.
    public static func date(_ name: String, _ keyPath: KeyPath<Model, Date> & Sendable) -> Column {
        Column(name, type: .real) { .real($0[keyPath: keyPath].timeIntervalSince1970) }.shared(as: .timestamp)
    }

    /// A date column that is `NULL` when the date is absent.
    public static func date(_ name: String, _ keyPath: KeyPath<Model, Date?> & Sendable) -> Column {
        Column(name, type: .real) { $0[keyPath: keyPath].map { .real($0.timeIntervalSince1970) } ?? .null }.shared(as: .timestamp)
    }

    /// A column of raw bytes.
    public static func blob(_ name: String, _ keyPath: KeyPath<Model, Data> & Sendable) -> Column {
        Column(name, type: .blob) { .blob(Array($0[keyPath: keyPath])) }
    }
}
