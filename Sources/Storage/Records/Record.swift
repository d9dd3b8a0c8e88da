import Foundation

/// A stored model with its identity and when it was first and last saved.
public struct Record<Model>: Identifiable {
    /// The record's identity in its table.
    public let id: RecordID
    /// The stored value.
    public var model: Model
    /// When the record was inserted.
    public let created: Date
    /// When the record was last inserted or updated.
    public let updated: Date
    /// The version a shared database gave the record at its last change (0 in the local file),
    /// which a save based on this record is checked against.
    public let version: Int64

    /// Creates a record from its parts, e.g. for tests of code that shows records.
    public init(id: RecordID, model: Model, created: Date, updated: Date, version: Int64 = 0) {
        self.id = id
        self.model = model
        self.created = created
        self.updated = updated
        self.version = version
    }
}

extension Record: Equatable where Model: Equatable {}
extension Record: Hashable where Model: Hashable {}
extension Record: Sendable where Model: Sendable {}
