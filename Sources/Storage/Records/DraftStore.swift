import CSQLite
import Foundation

/// Unsaved forms, kept in the records database beside the records — so sealed with the same
/// key (SQLCipher encrypts every page, the write-ahead log's too), never written in plaintext
/// anywhere — until they are saved, discarded or restored.
///
/// Each draft is opaque bytes under a key the app chooses ("invoice.new", "invoice.edit.42");
/// writing one replaces the one before. The table is `_pinform_draft`: no model's table can
/// have that name (a store's table never starts with `_`).
///
/// ```swift
/// let drafts = DraftStore(database: database)
/// try drafts.save(Data(json), for: "invoice.new")
/// if let json = try drafts.draft(for: "invoice.new") { … }
/// try drafts.delete("invoice.new")
/// ```
public final class DraftStore {
    /// The database the drafts are in.
    public let database: Database
    static let table = "_pinform_draft"
    private let appTable = AppTable(DraftStore.table, columns: "key TEXT PRIMARY KEY, data BLOB NOT NULL, updated REAL NOT NULL")

    /// The drafts of `database`; the table is made on the first save.
    public init(database: Database) {
        self.database = database
    }

    private var exists: Bool {
        get throws(StoreError) { try appTable.exists(in: database) }
    }

    /// Keeps `data` as the draft under `key`, replacing the one before, in one transaction.
    /// - Throws: `.readOnly`, `.diskFull`, …: the draft before is kept then.
    public func save(_ data: Data, for key: String) throws(StoreError) {
        try uncounted { () throws(StoreError) in try write(data, for: key) }
    }

    /// Runs `body`, telling the record stores that the rows it changes are not theirs (their
    /// caches stay valid: a draft a second costs no re-read of a 100,000-record search index).
    private func uncounted(_ body: () throws(StoreError) -> Void) throws(StoreError) {
        let before = database.handle.map { sqlite.totalChanges($0) } ?? 0
        defer {
            let after = database.handle.map { sqlite.totalChanges($0) } ?? before
            database.uncountedChanges &+= after &- before
        }
        try body()
    }

    private func write(_ data: Data, for key: String) throws(StoreError) {
        try database.storeTransaction { () throws(StoreError) in
            try appTable.make(in: database)
            try database.execute("INSERT OR REPLACE INTO \(Self.table) (key, data, updated) VALUES (?, ?, ?)",
                                 [.text(key), .blob(Array(data)), .real(Date().timeIntervalSince1970)])
        }
    }

    /// The draft under `key`, or nil when there is none.
    public func draft(for key: String) throws(StoreError) -> Data? {
        guard try exists else { return nil }
        guard let row = try database.rows("SELECT data FROM \(Self.table) WHERE key = ?", [.text(key)]).first else { return nil }
        switch row[0] {
        case .blob(let bytes): return Data(bytes)
        case .text(let text): return Data(text.utf8)
        default: return nil
        }
    }

    /// The keys of the drafts whose key starts with `prefix`, oldest first.
    public func keys(startingWith prefix: String) throws(StoreError) -> [String] {
        guard try exists else { return [] }
        return try database.rows("SELECT key FROM \(Self.table) ORDER BY updated").compactMap { row in
            guard case .text(let key) = row[0], key.hasPrefix(prefix) else { return nil }
            return key
        }
    }

    /// Removes the draft under `key`, if any.
    public func delete(_ key: String) throws(StoreError) {
        guard try exists else { return }
        try uncounted { () throws(StoreError) in
            try database.execute("DELETE FROM \(Self.table) WHERE key = ?", [.text(key)])
        }
    }
}
