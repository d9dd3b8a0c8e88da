/// The identity of a stored record: its SQLite rowid, never reused after a delete.
public struct RecordID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The rowid.
    public let rawValue: Int64

    /// Wraps a rowid.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Wraps a rowid.
    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Orders identities as they were given out, oldest first.
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The rowid in decimal.
    public var description: String { String(rawValue) }

    /// Decodes the bare rowid, e.g. `42`.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Encodes the bare rowid, e.g. `42`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
