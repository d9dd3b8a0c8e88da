import Foundation

/// A deleted record as it was stored — its identity, its JSON (with any fields a newer version
/// wrote) and its times — so that `RecordStore.restore(_:)` can put it back as it was: an undo.
public struct DeletedRecord: Sendable, Equatable {
    /// The identity the record had, and has again once restored.
    public let id: RecordID
    /// The stored JSON, byte for byte.
    let json: Data
    /// When the record was first saved, in seconds since 1970.
    let created: Double
    /// When the record was last saved, in seconds since 1970.
    let updated: Double
}
