/// What a record list is sorted by; ties are broken by `RecordID` in the same direction.
///
/// A string literal names a declared column: `store.list(sortedBy: "last_name")`.
public enum RecordSortKey: Hashable, Sendable, ExpressibleByStringLiteral {
    /// Insertion order.
    case id
    /// When each record was inserted.
    case created
    /// When each record was last saved.
    case updated
    /// A declared column, by name; text columns sort without regard to ASCII case.
    case column(String)

    /// A declared column named by a literal.
    public init(stringLiteral name: String) {
        self = .column(name)
    }
}
