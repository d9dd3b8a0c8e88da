/// The identity of a record a `RecordList` lists: the data source's own id for it (the row id
/// of the app's store), which the list keeps and hands back but never reads into.
///
/// `Controls` cannot see `Storage`, so this is the list's side of the boundary: an app over a
/// `RecordStore` converts its `RecordID` to this and back where it implements
/// `RecordListDataSource`, and nowhere else. Identities are never reused.
///
/// ```swift
/// list.onActivate = { id in edit(RecordID(rawValue: id.rawValue)) }
/// ```
public struct ListedRecordID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral {
    /// The data source's id.
    public let rawValue: Int64

    /// Wraps a data source's id.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Wraps a data source's id.
    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// An id written as a number (in tests and examples).
    public init(integerLiteral value: Int64) {
        rawValue = value
    }

    /// The id as text, as the list's string model holds it; nil for text that is no id.
    init?(text: String) {
        guard let value = Int64(text) else { return nil }
        rawValue = value
    }

    /// The id as the list's string model holds it.
    var text: String { String(rawValue) }

    /// Orders identities as they were given out, oldest first.
    public static func < (lhs: ListedRecordID, rhs: ListedRecordID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The id's number.
    public var description: String { String(rawValue) }
}
