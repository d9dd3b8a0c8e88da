import Storage

/// A save kept while the shared database's server was away that, sent once it answered, met
/// another desk's change of the same field: what to ask the person, and how to go on with
/// their choice. Until then it stays kept — nothing is dropped.
@MainActor
public struct SharedDatabaseKeptConflict {
    /// The fields both desks changed, with both values.
    public let conflict: RecordConflict
    /// The same as a person reads it (titles, values as the list shows them).
    public let lines: [SharedDatabaseConflict.Line]
    /// Whether the kept save is a delete of a record another desk changed meanwhile: asked
    /// as Delete Anyway (`.keepMine`) or Keep the Record (`.keepTheirs`).
    public var isDelete: Bool { conflict.fields.isEmpty }
    private let sending: @MainActor (ConflictResolution) -> StoreError?

    /// A kept conflict; `send` sends the kept saves again with the person's choice.
    init(conflict: RecordConflict, lines: [SharedDatabaseConflict.Line], send: @escaping @MainActor (ConflictResolution) -> StoreError?) {
        self.conflict = conflict
        self.lines = lines
        sending = send
    }

    /// Sends the kept save resolved as the person chose (`.keepMine` or `.keepTheirs`), then
    /// the saves kept after it.
    ///
    /// - Returns: why they were not all sent (the server away again, another conflict — which
    ///   is handed to `RecordsDatabase.onKeptConflict` in turn), or nil.
    @discardableResult
    public func resolve(_ resolution: ConflictResolution) -> StoreError? {
        sending(resolution)
    }
}
