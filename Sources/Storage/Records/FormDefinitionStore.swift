import Foundation

/// The forms a person defined in the app, kept in the records database beside their records —
/// so sealed with the same key — as versioned JSON documents (`StoredFormDefinition`).
///
/// A change of a definition and the migration of its records are one transaction: the new
/// document is written, and every record's JSON in the form's table is rewritten by the
/// caller's `migrate`, all or nothing. A process killed in the middle leaves the old
/// definition with the old records; one killed after the commit, the new with the new.
/// Only the records' JSON is rewritten here: the columns a `RecordStore` derives from it are
/// computed again when the store is opened with the new columns.
///
/// The table is `_pinform_form`: no model's table can have that name.
///
/// ```swift
/// let forms = FormDefinitionStore(database: database)
/// try forms.save(StoredFormDefinition(id: "member", version: 2, document: json),
///                records: "form_member") { old in try plan.apply(old) }
/// ```
public final class FormDefinitionStore {
    /// The database the definitions are in.
    public let database: Database
    static let table = "_pinform_form"
    private let appTable = AppTable(FormDefinitionStore.table, columns: "id TEXT PRIMARY KEY, version INTEGER NOT NULL, "
        + "document BLOB NOT NULL, created REAL NOT NULL, updated REAL NOT NULL")

    /// The definitions of `database`; the table is made on the first save.
    public init(database: Database) {
        self.database = database
    }

    private var exists: Bool {
        get throws(StoreError) { try appTable.exists(in: database) }
    }

    /// Every definition, in the order they were first saved.
    public func all() throws(StoreError) -> [StoredFormDefinition] {
        guard try exists else { return [] }
        return try database.rows("SELECT id, version, document FROM \(Self.table) ORDER BY created, id").compactMap(Self.definition)
    }

    /// The definition with this identity, or nil.
    public func definition(id: String) throws(StoreError) -> StoredFormDefinition? {
        guard try exists else { return nil }
        return try database.rows("SELECT id, version, document FROM \(Self.table) WHERE id = ?", [.text(id)])
            .first.flatMap(Self.definition)
    }

    private static func definition(_ row: [SQLValue]) -> StoredFormDefinition? {
        guard row.count == 3, case .text(let id) = row[0], case .integer(let version) = row[1] else { return nil }
        let document: Data
        switch row[2] {
        case .blob(let bytes): document = Data(bytes)
        case .text(let text): document = Data(text.utf8)
        default: return nil
        }
        return StoredFormDefinition(id: id, version: Int(version), document: document)
    }

    /// Saves `definition` — new, or replacing the one with its identity — and rewrites every
    /// record in the table `records` with `migrate` (old JSON in, new JSON out), in one
    /// transaction.
    ///
    /// - Parameters:
    ///   - definition: its `version` must be one more than the stored one's (1 for a new one):
    ///     a definition changed meanwhile is refused with `.other`, and nothing is saved.
    ///   - records: the form's table; nothing is rewritten when it does not exist yet.
    ///   - migrate: the records' migration; nil when the records need none.
    /// - Returns: how many records were rewritten.
    /// - Throws: what `migrate` throws as `.other`, or a `StoreError`; nothing is changed then.
    @discardableResult
    public func save(_ definition: StoredFormDefinition, records: String,
                     migrate: ((Data) throws -> Data)? = nil) throws(StoreError) -> Int {
        if let problem = StoreError.layoutProblem(table: records, columnNames: []) { throw problem }
        return try database.storeTransaction { () throws(StoreError) -> Int in
            try appTable.make(in: database)
            let stored = try self.definition(id: definition.id)?.version ?? 0
            guard definition.version == stored + 1 else {
                throw StoreError.other(code: 1, reason: "the form “\(definition.id)” is at version \(stored), "
                    + "not \(definition.version - 1): it was changed meanwhile")
            }
            let now = Date().timeIntervalSince1970
            if stored == 0 {
                try database.execute("INSERT INTO \(Self.table) (id, version, document, created, updated) VALUES (?, ?, ?, ?, ?)",
                                     [.text(definition.id), .integer(1), .blob(Array(definition.document)), .real(now), .real(now)])
            } else {
                try database.execute("UPDATE \(Self.table) SET version = ?, document = ?, updated = ? WHERE id = ?",
                                     [.integer(Int64(definition.version)), .blob(Array(definition.document)), .real(now),
                                      .text(definition.id)])
            }
            guard let migrate else { return 0 }
            return try rewrite(records, with: migrate)
        }
    }

    /// Rewrites every record's JSON in `table` with `migrate`; inside the caller's transaction.
    private func rewrite(_ table: String, with migrate: (Data) throws -> Data) throws(StoreError) -> Int {
        guard try !database.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)]).isEmpty
        else { return 0 }
        let quoted = SQLIdentifier.quoted(table)
        var rewritten = 0
        for row in try database.rows("SELECT id, _json FROM \(quoted) ORDER BY id") {
            guard case .integer(let id) = row[0] else { continue }
            let old: Data
            switch row[1] {
            case .text(let text): old = Data(text.utf8)
            case .blob(let bytes): old = Data(bytes)
            default: continue
            }
            let new: Data
            do {
                new = try migrate(old)
            } catch {
                throw StoreError.decodingFailed(id: RecordID(id), reason: String(describing: error))
            }
            guard new != old else { continue }
            try database.execute("UPDATE \(quoted) SET _json = ? WHERE id = ?",
                                 [.text(String(decoding: new, as: UTF8.self)), .integer(id)])
            rewritten += 1
        }
        return rewritten
    }

    /// Removes the definition with this identity; its records' table is left as it is, so
    /// that importing the definition again brings them back.
    public func delete(id: String) throws(StoreError) {
        guard try exists else { return }
        try database.execute("DELETE FROM \(Self.table) WHERE id = ?", [.text(id)])
    }
}
