/// The identity of one row of a list field (``FormList``): stable while the row is moved, never
/// reused by its list, and kept by drafts (``FormDraft``).
///
/// Errors, undo steps and a view's row widgets are keyed by it, never by the row's position.
public struct RowID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The number the list gave the row, counting from 1.
    public let rawValue: UInt64

    /// Wraps a row number (lists give them out; tests and drafts rebuild them).
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Orders rows as their list gave them out, oldest first.
    public static func < (lhs: RowID, rhs: RowID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// "row 3", for logs and test failures.
    public var description: String {
        "row \(rawValue)"
    }

    /// Decodes the bare number.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    /// Encodes the bare number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
