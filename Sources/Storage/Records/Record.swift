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

    /// Creates a record from its parts, e.g. for tests of code that shows records.
    public init(id: RecordID, model: Model, created: Date, updated: Date) {
        self.id = id
        self.model = model
        self.created = created
        self.updated = updated
    }
}

extension Record: Equatable where Model: Equatable {}
extension Record: Hashable where Model: Hashable {}
extension Record: Sendable where Model: Sendable {}
