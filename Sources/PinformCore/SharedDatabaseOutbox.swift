import Foundation
import Storage

/// The saves made while the shared database's server could not be reached, kept in this desk's
/// sealed SQLCipher file (never in plaintext) until they are sent, in the order they were made.
/// An edit keeps the version it was based on, so that sending it is checked like any save: a
/// field another desk changed meanwhile is merged, or asked about.
public final class SharedDatabaseOutbox {
    /// One kept save.
    public struct Entry: Codable, Equatable, Sendable {
        /// The model's table in the shared database.
        public var table: String
        /// The record an edit changes; nil for a new record.
        public var record: Int64?
        /// The version the edit was based on.
        public var baseVersion: Int64?
        /// The record as the edit found it, as JSON; nil for a new record.
        public var base: String?
        /// The record as saved at this desk, as JSON (empty for a delete).
        public var model: String
        /// The save's own identity (a UUID): the server records it with the save, so that a save
        /// sent again after a dropped `COMMIT` is not applied twice. Nil in saves kept before.
        public var operation: String?
        /// Whether the save deletes `record` (checked against `baseVersion` when known).
        public var deletes: Bool?
    }

    /// The local file's table of kept saves.
    static let table = "shared_outbox"
    private let store: RecordStore<Entry>

    /// The kept saves of the records file `database` (creating their table on first use).
    public init(database: Database) throws(StoreError) {
        store = try RecordStore<Entry>(database: database, table: Self.table, columns: [.text("table_name", \.table)])
    }

    /// How many saves wait, of every model.
    public var count: Int { (try? store.count()) ?? 0 }

    /// Keeps a save to send later.
    func keep(_ entry: Entry) throws(StoreError) {
        try store.insert(entry)
    }

    /// The saves waiting for one table, oldest first, with the identities to `remove(_:)` them.
    func waiting(for table: String) throws(StoreError) -> [(id: RecordID, entry: Entry)] {
        try store.list(sortedBy: .id, ascending: true).filter { $0.model.table == table }.map { ($0.id, $0.model) }
    }

    /// Drops a save once the server has it.
    func remove(_ id: RecordID) throws(StoreError) {
        try store.delete(id: id)
    }
}
