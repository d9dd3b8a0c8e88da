import CSQLite
import Foundation

/// Stores values of one `Codable` type in one table, with insert, update, delete, and lists
/// sorted by a declared column and filtered by a search.
///
/// Each row keeps the model as JSON, which is what is read back, and beside it the declared
/// columns computed from the model, indexed for sorting, and a folded copy of the text columns
/// for searching. Row identities (`RecordID`) are never reused, so a list that holds identities
/// never mistakes a new record for a deleted one.
///
/// When the declared columns differ from the table's, opening the store migrates the table in
/// one transaction: a new column is added; a column removed or of another type is dropped only
/// when `version` is higher than the version that wrote the table — otherwise the table was
/// written by a newer version, which the store opens only on a read-only connection
/// (`isFromNewerVersion`), changing nothing. Every row's values are computed again from its JSON;
/// nothing but derived values is ever dropped, and fields of the JSON that the model does not
/// know are kept when a record is updated. If a column keeps its name and type but computes
/// something else, call `rebuildColumns()`.
///
/// Searching runs in memory (`SearchIndex`), and the sorted identity lists are kept between
/// calls: both are read again when anything changed the file since — another connection's
/// commit (`PRAGMA data_version`) or any change through this one that did not go through this
/// store.
///
/// Every write is its own transaction (or part of the caller's `Database.transaction`), so a
/// failed write — a full disk, a read-only file — leaves every saved record as it was.
///
/// ```swift
/// let people = try RecordStore<Person>(database: database, table: "person", columns: [
///     .text("first_name", \.firstName), .text("last_name", \.lastName), .integer("age", \.age),
/// ])
/// let id = try people.insert(Person(firstName: "Ada", lastName: "Lovelace", age: 36))
/// let page = try people.list(sortedBy: "last_name", search: "love", limit: 50)
/// ```
public final class RecordStore<Model: Codable> {
    /// The database the table is in.
    public let database: Database
    /// The table's name.
    public let table: String
    /// The declared columns, in order.
    public let columns: [Column<Model>]
    /// The version of the table's layout this code writes (see `init`).
    public let version: Int
    /// Whether the table was written by a newer version of the program (opened read-only).
    public internal(set) var isFromNewerVersion = false

    /// What the caches were read at: the file's data version and this connection's changes.
    struct CacheStamp: Equatable {
        var dataVersion: Int64
        var changes: Int32
    }

    /// The sorted lists and the search index, while the file's stamp stays the same.
    var cache = RecordListCache<CacheStamp>()
    var cacheStamp: CacheStamp? { cache.stamp }
    var searchIndex: SearchIndex? { cache.searchIndex }
    /// Whether the stored search text was folded otherwise and is folded again when read.
    var refoldsOnLoad = false
    /// Whether the table does not exist and cannot be created (a read-only connection): the
    /// store then holds no records, and saving fails with `.readOnly`.
    var isMissing = false
    /// Declared columns a read-only table lacks (an older version wrote it and it cannot be
    /// migrated here): the records are read from their JSON as usual; sorting by one of these
    /// sorts by identity.
    var unwrittenColumns: Set<String> = []

    private let now: () -> Date
    let encoder: JSONEncoder
    let decoder: JSONDecoder
    let quotedTable: String
    let insertSQL: String
    private let updateSQL: String
    let selectByIDSQL: String

    /// Opens the store's table, creating it or migrating its columns as needed.
    ///
    /// - Parameters:
    ///   - table: the table's name: a letter, then letters, digits or `_`, not starting with `_`.
    ///   - columns: the columns to keep for sorting and searching; names must differ.
    ///   - version: the layout's version: raise it when a column is removed or changes type,
    ///     so that the store drops the old one — a table written at a higher version, or with
    ///     columns this version does not know at the same one, is a newer program's.
    ///   - now: the clock for the created and updated times; tests pass their own.
    /// - Throws: `.invalidTableName` or `.duplicateColumn` (names compared without case) before
    ///   anything is read or written; `.newerSchema` when the table was written by a newer version and the
    ///   connection can write (open it read-only to read it); a `StoreError` from SQLite, or
    ///   `.decodingFailed` when a stored record cannot be read to compute a new column (the
    ///   table is then left as it was).
    public init(
        database: Database,
        table: String,
        columns: [Column<Model>],
        version: Int = 1,
        now: @escaping () -> Date = Date.init
    ) throws(StoreError) {
        if let problem = StoreError.layoutProblem(table: table, columnNames: columns.map(\.name)) { throw problem }
        self.database = database
        self.table = table
        self.columns = columns
        self.version = version
        self.now = now
        encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        quotedTable = SQLIdentifier.quoted(table)
        let names = columns.map { SQLIdentifier.quoted($0.name) }
        let derived = (["_search"] + names)
        insertSQL = "INSERT INTO \(quotedTable) (_created, _updated, _json, \(derived.joined(separator: ", "))) "
            + "VALUES (?, ?, ?, \(derived.map { _ in "?" }.joined(separator: ", ")))"
        updateSQL = "UPDATE \(quotedTable) SET _updated = ?, _json = ?, "
            + derived.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        selectByIDSQL = "SELECT id, _created, _updated, _json FROM \(quotedTable) WHERE id = ?"
        try database.storeTransaction { () throws(StoreError) in try prepareTable() }
    }

    // MARK: Writing

    /// Saves a new record.
    ///
    /// - Returns: the new record's identity.
    /// - Throws: `.diskFull`, `.readOnly`, `.busy`, `.encodingFailed`, …; nothing is saved then.
    @discardableResult
    public func insert(_ model: Model) throws(StoreError) -> RecordID {
        let row = try write { () throws(StoreError) in try insertRow(model, at: now()) } patch: { index, row in
            index.set(row.document.utf8, for: row.id.rawValue)
        }
        return row.id
    }

    /// Saves several new records together: all of them, or none when one fails.
    ///
    /// - Returns: their identities, in order.
    @discardableResult
    public func insert(contentsOf models: some Sequence<Model>) throws(StoreError) -> [RecordID] {
        let rows = try write { () throws(StoreError) in
            let time = now()
            var rows: [(id: RecordID, document: String)] = []
            rows.reserveCapacity(models.underestimatedCount)
            for model in models {
                rows.append(try insertRow(model, at: time))
            }
            return rows
        } patch: { index, rows in
            for row in rows {
                index.set(row.document.utf8, for: row.id.rawValue)
            }
        }
        return rows.map(\.id)
    }

    /// Replaces a record's model, computing its columns again. Fields of the stored JSON that
    /// the model does not know (written by a newer version) are kept.
    ///
    /// - Throws: `.notFound` when there is no such record; nothing is changed then.
    public func update(_ model: Model, id: RecordID) throws(StoreError) {
        let encoded = try encode(model)
        let values = columns.map { $0.value(model) }
        let document = SearchText.document(values)
        try write { () throws(StoreError) in
            let stored = try database.withStatement("SELECT _json FROM \(quotedTable) WHERE id = ?") {
                statement throws(StoreError) -> Data? in
                try statement.bind(.integer(id.rawValue), at: 1)
                guard try statement.step() else { return nil }
                return try statement.withBytes(at: 0) { bytes throws(StoreError) in Data(bytes) }
            }
            guard let stored else { throw StoreError.notFound(id) }
            let json = keepingUnknownFields(of: stored, in: encoded)
            try database.withStatement(updateSQL) { statement throws(StoreError) in
                try statement.bind(.real(now().timeIntervalSince1970), at: 1)
                try statement.bindText(utf8: json, at: 2)
                try statement.bind(.text(document), at: 3)
                for (offset, value) in values.enumerated() {
                    try statement.bind(value, at: Int32(offset + 4))
                }
                try statement.bind(.integer(id.rawValue), at: Int32(values.count + 4))
                while try statement.step() {}
            }
            guard database.changes == 1 else { throw StoreError.notFound(id) }
        } patch: { index, _ in
            index.set(document.utf8, for: id.rawValue)
        }
    }

    /// Deletes a record.
    ///
    /// - Returns: whether there was such a record.
    @discardableResult
    public func delete(id: RecordID) throws(StoreError) -> Bool {
        try write { () throws(StoreError) in
            try database.execute("DELETE FROM \(quotedTable) WHERE id = ?", [.integer(id.rawValue)])
            return database.changes == 1
        } patch: { index, _ in
            index.remove(id.rawValue)
        }
    }

    /// Deletes several records together.
    ///
    /// - Returns: how many of them existed.
    @discardableResult
    public func delete(ids: some Sequence<RecordID>) throws(StoreError) -> Int {
        let ids = Array(ids)
        return try write { () throws(StoreError) in
            var deleted = 0
            for id in ids {
                try database.execute("DELETE FROM \(quotedTable) WHERE id = ?", [.integer(id.rawValue)])
                deleted += database.changes
            }
            return deleted
        } patch: { index, _ in
            for id in ids {
                index.remove(id.rawValue)
            }
        }
    }

    /// Deletes several records together and hands them back as they were stored, so that
    /// `restore(_:)` can undo the deletion with the same identities.
    ///
    /// - Returns: the records that existed, in the order of `ids`.
    public func deleteRecords(ids: some Sequence<RecordID>) throws(StoreError) -> [DeletedRecord] {
        let ids = Array(ids)
        return try write { () throws(StoreError) in
            var deleted: [DeletedRecord] = []
            for id in ids {
                let row = try database.withStatement("SELECT _created, _updated, _json FROM \(quotedTable) WHERE id = ?") {
                    statement throws(StoreError) -> DeletedRecord? in
                    try statement.bind(.integer(id.rawValue), at: 1)
                    guard try statement.step() else { return nil }
                    let json = try statement.withBytes(at: 2) { bytes throws(StoreError) in Data(bytes) }
                    return DeletedRecord(id: id, json: json, created: statement.double(at: 0), updated: statement.double(at: 1))
                }
                guard let row else { continue }
                try database.execute("DELETE FROM \(quotedTable) WHERE id = ?", [.integer(id.rawValue)])
                deleted.append(row)
            }
            return deleted
        } patch: { index, deleted in
            for record in deleted {
                index.remove(record.id.rawValue)
            }
        }
    }

    /// Puts deleted records back as they were — same identities, JSON and times — all of them
    /// or none. SQLite 3.15 has no upsert: an identity that is in use again is refused.
    ///
    /// - Throws: `.constraint` when a record with one of the identities exists (nothing is
    ///   restored then); `.decodingFailed` when a record's JSON cannot be read to compute its
    ///   columns.
    public func restore(_ records: some Sequence<DeletedRecord>) throws(StoreError) {
        let records = Array(records)
        let names = (["_search"] + columns.map { SQLIdentifier.quoted($0.name) })
        let sql = "INSERT INTO \(quotedTable) (id, _created, _updated, _json, \(names.joined(separator: ", "))) "
            + "VALUES (?, ?, ?, ?, \(names.map { _ in "?" }.joined(separator: ", ")))"
        _ = try write { () throws(StoreError) -> [String] in
            var documents: [String] = []
            for record in records {
                let model: Model
                do {
                    model = try decoder.decode(Model.self, from: record.json)
                } catch {
                    throw StoreError.decodingFailed(id: record.id, reason: String(describing: error))
                }
                let values = columns.map { $0.value(model) }
                let document = SearchText.document(values)
                try database.withStatement(sql) { statement throws(StoreError) in
                    try statement.bind(.integer(record.id.rawValue), at: 1)
                    try statement.bind(.real(record.created), at: 2)
                    try statement.bind(.real(record.updated), at: 3)
                    try statement.bindText(utf8: record.json, at: 4)
                    try statement.bind(.text(document), at: 5)
                    for (offset, value) in values.enumerated() {
                        try statement.bind(value, at: Int32(offset + 6))
                    }
                    while try statement.step() {}
                }
                documents.append(document)
            }
            return documents
        } patch: { index, documents in
            for (record, document) in zip(records, documents) {
                index.set(document.utf8, for: record.id.rawValue)
            }
        }
    }

    /// Computes every row's columns and search text again from its JSON, e.g. after a column
    /// kept its name and type but changed what it computes.
    public func rebuildColumns() throws(StoreError) {
        guard !isMissing else { throw StoreError.readOnly(path: database.path) }
        dropCaches()
        try database.storeTransaction { () throws(StoreError) in try backfill() }
    }
}

/// Where every store records its table's layout version and search folding.
enum RecordStoreLayout {
    /// The table's name; a store's own table never starts with `_`.
    static let table = "_pinform_store"
}
