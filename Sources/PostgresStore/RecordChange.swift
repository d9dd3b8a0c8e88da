import Foundation

/// One change of a shared record as the server's history table keeps it: what was done, by
/// which role, when, and the record's JSON before and after.
public struct RecordChange: Equatable, Sendable {
    /// What was done to the record.
    public enum Kind: String, Sendable {
        case insert, update, delete
    }

    /// What was done.
    public let kind: Kind
    /// The PostgreSQL role of the desk that did it.
    public let by: String
    /// When the server committed it.
    public let at: Date
    /// The record's JSON before (nil for an insert).
    public let before: Data?
    /// The record's JSON after (nil for a delete).
    public let after: Data?

    /// A change from its parts.
    public init(kind: Kind, by: String, at: Date, before: Data?, after: Data?) {
        self.kind = kind
        self.by = by
        self.at = at
        self.before = before
        self.after = after
    }
}
