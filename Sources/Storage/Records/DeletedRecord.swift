import Foundation

/// A deleted record as it was stored — its identity, its JSON (with any fields a newer version
/// wrote) and its times — so that `RecordStore.restore(_:)` can put it back as it was: an undo.
public struct DeletedRecord: Sendable, Equatable {
    /// The identity the record had, and has again once restored.
    public let id: RecordID
    /// The stored JSON, byte for byte.
    package let json: Data
    /// When the record was first saved, in seconds since 1970.
    package let created: Double
    /// When the record was last saved, in seconds since 1970.
    package let updated: Double

    /// A deleted record from its parts, for the stores of other engines.
    package init(id: RecordID, json: Data, created: Double, updated: Double) {
        self.id = id
        self.json = json
        self.created = created
        self.updated = updated
    }
}
