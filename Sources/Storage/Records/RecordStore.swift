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
    public private(set) var isFromNewerVersion = false


    /// What the caches were read at: the file's data version and this connection's changes.
    private struct CacheStamp: Equatable {
        var dataVersion: Int64
        var changes: Int32
    }

    private var cacheStamp: CacheStamp?
    private var searchIndex: SearchIndex?
    /// Sorted identity lists by their `ORDER BY` clause.
    private var sortedIDs: [String: [RecordID]] = [:] {
        didSet { orderedSlots.removeAll() }
    }
    /// The search index's slots of each sorted list, valid while neither changes.
    private var orderedSlots: [String: [Int32]] = [:]
    /// Whether the stored search text was folded otherwise and is folded again when read.
    private var refoldsOnLoad = false
    /// Whether the table does not exist and cannot be created (a read-only connection): the
    /// store then holds no records, and saving fails with `.readOnly`.
    private var isMissing = false

    private let now: () -> Date
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder
    private let quotedTable: String
    private let insertSQL: String
    private let updateSQL: String
    private let selectByIDSQL: String

    /// Opens the store's table, creating it or migrating its columns as needed.
    ///
    /// - Parameters:
    ///   - table: the table's name: a letter, then letters, digits or `_`, not starting with `_`.
    ///   - columns: the columns to keep for sorting and searching; names must differ.
    ///   - version: the layout's version: raise it when a column is removed or changes type,
    ///     so that the store drops the old one — a table written at a higher version, or with
    ///     columns this version does not know at the same one, is a newer program's.
    ///   - now: the clock for the created and updated times; tests pass their own.
    /// - Throws: `.newerSchema` when the table was written by a newer version and the
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
        precondition(SQLIdentifier.isValid(table) && !table.hasPrefix("_"), "“\(table)” is not a valid table name")
        precondition(Set(columns.map { $0.name.lowercased() }).count == columns.count, "Column names must differ")
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

    /// Computes every row's columns and search text again from its JSON, e.g. after a column
    /// kept its name and type but changed what it computes.
    public func rebuildColumns() throws(StoreError) {
        guard !isMissing else { throw StoreError.readOnly(path: database.path) }
        dropCaches()
        try database.storeTransaction { () throws(StoreError) in try backfill() }
    }

    // MARK: Reading

    /// The record with this identity, or `nil` when there is none.
    public func record(id: RecordID) throws(StoreError) -> Record<Model>? {
        guard !isMissing else { return nil }
        return try database.withStatement(selectByIDSQL) { statement throws(StoreError) -> Record<Model>? in
            try statement.bind(.integer(id.rawValue), at: 1)
            guard try statement.step() else { return nil }
            return try decodeRecord(statement)
        }
    }

    /// The records with these identities, in the same order; identities with no record
    /// (deleted meanwhile) are left out.
    ///
    /// A list view of many rows holds `ids(sortedBy:ascending:search:)` and asks for the
    /// records of the rows that scroll into view.
    public func records(ids: some Sequence<RecordID>) throws(StoreError) -> [Record<Model>] {
        guard !isMissing else { return [] }
        var records: [Record<Model>] = []
        records.reserveCapacity(ids.underestimatedCount)
        try database.withStatement(selectByIDSQL) { statement throws(StoreError) in
            for id in ids {
                try statement.bind(.integer(id.rawValue), at: 1)
                if try statement.step() {
                    records.append(try decodeRecord(statement))
                }
                statement.reset()
            }
        }
        return records
    }

    /// How many records match a search (see `list`), or how many there are for `nil`.
    ///
    /// - Throws: `.searchTooLong` for a search of more than 32 words.
    public func count(matching search: String? = nil) throws(StoreError) -> Int {
        let terms = try SearchText.terms(search)
        guard !isMissing else { return 0 }
        guard terms.isEmpty else { return try currentSearchIndex().count(matching: terms.map { Array($0.utf8) }) }
        return try database.withStatement("SELECT count(*) FROM \(quotedTable)") { statement throws(StoreError) in
            _ = try statement.step()
            return Int(statement.int64(at: 0))
        }
    }

    /// Records in order, optionally only those matching a search, optionally one page.
    ///
    /// A search matches a record when every word of it occurs in one of the record's text
    /// columns, ignoring case and how accented letters were typed (`SearchText.fold`); what the
    /// person typed is taken as plain text (`%`, `_` and quotes have no special meaning). A
    /// search of only white space matches everything.
    ///
    /// - Parameters:
    ///   - sortedBy: the sort key; ties are broken by identity in the same direction.
    ///   - limit: the most records to return, or `nil` for all.
    ///   - offset: how many matching records to skip first.
    /// - Throws: `.unknownColumn` when the sort key names an undeclared column;
    ///   `.searchTooLong` for a search of more than 32 words.
    public func list(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil,
        limit: Int? = nil,
        offset: Int = 0
    ) throws(StoreError) -> [Record<Model>] {
        let terms = try SearchText.terms(search)
        guard !isMissing else {
            _ = try orderClause(key, ascending: ascending)
            return []
        }
        if !terms.isEmpty {
            let ids = try ids(sortedBy: key, ascending: ascending, search: search)
            let start = min(max(offset, 0), ids.count)
            let end = limit.map { min(start + max($0, 0), ids.count) } ?? ids.count
            return try records(ids: ids[start..<end])
        }
        let sql = "SELECT id, _created, _updated, _json FROM \(quotedTable)"
            + (try orderClause(key, ascending: ascending)) + " LIMIT ? OFFSET ?"
        return try database.withStatement(sql) { statement throws(StoreError) in
            try statement.bind([.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
            var records: [Record<Model>] = []
            while try statement.step() {
                records.append(try decodeRecord(statement))
            }
            return records
        }
    }

    /// The identities of the records `list` would return, without reading the records: cheap
    /// enough for 100,000 rows at every keystroke of a search.
    public func ids(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil
    ) throws(StoreError) -> [RecordID] {
        let terms = try SearchText.terms(search)
        let order = try orderClause(key, ascending: ascending)
        guard !isMissing else { return [] }
        let sorted = try sortedIDs(orderedBy: order)
        guard !terms.isEmpty else { return sorted }
        let index = try currentSearchIndex()
        let slots: [Int32]
        if let cached = orderedSlots[order] {
            slots = cached
        } else {
            slots = index.slots(of: sorted)
            if cacheStamp != nil { orderedSlots[order] = slots }
        }
        return index.filter(sorted, slots: slots, terms: terms.map { Array($0.utf8) })
    }

    /// Reads the search text of every record into memory now rather than at the first search,
    /// e.g. while the window is idle after opening.
    public func prepareSearch() throws(StoreError) {
        guard !isMissing else { return }
        _ = try currentSearchIndex()
    }

    // MARK: Caches

    /// The stamp the caches are valid for now, after dropping them if the file changed since
    /// they were read; `nil` inside a transaction, whose changes may yet be rolled back, when
    /// nothing is cached.
    private func validCacheStamp() throws(StoreError) -> CacheStamp? {
        let stamp = try currentStamp()
        if stamp == nil || stamp != cacheStamp {
            dropCaches()
            cacheStamp = stamp
        }
        return stamp
    }

    private func currentStamp() throws(StoreError) -> CacheStamp? {
        guard let handle = database.handle, sqlite3_get_autocommit(handle) != 0 else { return nil }
        guard case .integer(let dataVersion)? = try database.rows("PRAGMA data_version").first?.first else { return nil }
        return CacheStamp(dataVersion: dataVersion, changes: sqlite3_total_changes(handle))
    }

    private func dropCaches() {
        cacheStamp = nil
        searchIndex = nil
        sortedIDs.removeAll()
    }

    /// Runs a write in a transaction, then brings the search index up to date with `patch`
    /// when nothing else changed the file meanwhile, or drops it.
    private func write<T>(
        _ body: () throws(StoreError) -> T,
        patch: (inout SearchIndex, T) -> Void
    ) throws(StoreError) -> T {
        guard !isMissing else { throw StoreError.readOnly(path: database.path) }
        let before = try? currentStamp()
        let isCurrent = before != nil && before == cacheStamp && searchIndex != nil
        let result = try database.storeTransaction(body)
        sortedIDs.removeAll()
        if isCurrent, let before, let after = try? currentStamp(), after.dataVersion == before.dataVersion,
           var index = searchIndex {
            searchIndex = nil
            patch(&index, result)
            searchIndex = index
            cacheStamp = after
        } else {
            dropCaches()
        }
        return result
    }

    private func sortedIDs(orderedBy order: String) throws(StoreError) -> [RecordID] {
        let stamp = try validCacheStamp()
        if let ids = sortedIDs[order] { return ids }
        let ids = try database.withStatement("SELECT id FROM \(quotedTable)" + order) { statement throws(StoreError) in
            var ids: [RecordID] = []
            while try statement.step() {
                ids.append(RecordID(statement.int64(at: 0)))
            }
            return ids
        }
        if stamp != nil {
            if sortedIDs.count >= 4 { sortedIDs.removeAll() }
            sortedIDs[order] = ids
        }
        return ids
    }

    private func currentSearchIndex() throws(StoreError) -> SearchIndex {
        let stamp = try validCacheStamp()
        if let searchIndex { return searchIndex }
        let index = try loadSearchIndex()
        if stamp != nil {
            searchIndex = index
            orderedSlots.removeAll()
        }
        return index
    }

    private func loadSearchIndex() throws(StoreError) -> SearchIndex {
        var index = SearchIndex()
        let refolds = refoldsOnLoad
        try database.withStatement("SELECT id, _search FROM \(quotedTable)") { statement throws(StoreError) in
            while try statement.step() {
                let id = statement.int64(at: 0)
                if refolds {
                    index.set(SearchText.fold(statement.string(at: 1)).utf8, for: id)
                } else {
                    try statement.withBytes(at: 1) { bytes throws(StoreError) in index.set(bytes, for: id) }
                }
            }
        }
        return index
    }

    // MARK: Rows

    private func insertRow(_ model: Model, at time: Date) throws(StoreError) -> (id: RecordID, document: String) {
        let json = try encode(model)
        let values = columns.map { $0.value(model) }
        let document = SearchText.document(values)
        try database.withStatement(insertSQL) { statement throws(StoreError) in
            let seconds = SQLValue.real(time.timeIntervalSince1970)
            try statement.bind(seconds, at: 1)
            try statement.bind(seconds, at: 2)
            try statement.bindText(utf8: json, at: 3)
            try statement.bind(.text(document), at: 4)
            for (offset, value) in values.enumerated() {
                try statement.bind(value, at: Int32(offset + 5))
            }
            while try statement.step() {}
        }
        return (RecordID(database.lastInsertedRowID), document)
    }

    private func encode(_ model: Model) throws(StoreError) -> Data {
        do {
            return try encoder.encode(model)
        } catch {
            throw StoreError.encodingFailed(reason: String(describing: error))
        }
    }

    /// Reads a row of `id, _created, _updated, _json`.
    private func decodeRecord(_ statement: Statement) throws(StoreError) -> Record<Model> {
        let id = RecordID(statement.int64(at: 0))
        let model = try statement.withBytes(at: 3) { bytes throws(StoreError) in try decodeModel(bytes, id: id) }
        return Record(
            id: id,
            model: model,
            created: Date(timeIntervalSince1970: statement.double(at: 1)),
            updated: Date(timeIntervalSince1970: statement.double(at: 2))
        )
    }

    private func decodeModel(_ json: UnsafeRawBufferPointer, id: RecordID) throws(StoreError) -> Model {
        do {
            return try decoder.decode(Model.self, from: Data(json))
        } catch {
            throw StoreError.decodingFailed(id: id, reason: String(describing: error))
        }
    }

    /// `encoded` with the top-level fields of `stored` that the model does not know added, so
    /// that editing a record written by a newer version keeps what that version saved.
    ///
    /// A field is the model's own when the model writes it, for the stored record (decoded and
    /// encoded again) or for the new value; a stored `null` is not kept. The new JSON's bytes
    /// are kept as they are; the unknown fields are appended.
    private func keepingUnknownFields(of stored: Data, in encoded: Data) -> Data {
        func object(_ data: Data) -> [String: Any]? {
            (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
        guard let storedObject = object(stored), let newObject = object(encoded),
              encoded.last == UInt8(ascii: "}") else { return encoded }
        let roundTripped = (try? decoder.decode(Model.self, from: stored))
            .flatMap { try? encoder.encode($0) }.flatMap(object) ?? [:]
        let unknown = storedObject.keys.filter { key in
            newObject[key] == nil && roundTripped[key] == nil && !(storedObject[key] is NSNull)
        }.sorted()
        guard !unknown.isEmpty else { return encoded }
        var json = encoded.dropLast()
        var needsComma = !newObject.isEmpty
        for key in unknown {
            guard let name = try? JSONSerialization.data(withJSONObject: key, options: .fragmentsAllowed),
                  let value = try? JSONSerialization.data(withJSONObject: storedObject[key]!, options: .fragmentsAllowed)
            else { continue }
            if needsComma { json.append(UInt8(ascii: ",")) }
            json.append(contentsOf: name)
            json.append(UInt8(ascii: ":"))
            json.append(contentsOf: value)
            needsComma = true
        }
        json.append(UInt8(ascii: "}"))
        return Data(json)
    }

    private func orderClause(_ key: RecordSortKey, ascending: Bool) throws(StoreError) -> String {
        let direction = ascending ? "ASC" : "DESC"
        let column: String
        switch key {
        case .id:
            return " ORDER BY id \(direction)"
        case .created:
            column = "_created"
        case .updated:
            column = "_updated"
        case .column(let name):
            guard let declared = columns.first(where: { $0.name == name }) else {
                throw StoreError.unknownColumn(name)
            }
            column = SQLIdentifier.quoted(declared.name)
        }
        return " ORDER BY \(column) \(direction), id \(direction)"
    }

    // MARK: Schema

    /// A column's SQL definition; text sorts without regard to ASCII case, as people expect.
    private func definition(of column: Column<Model>) -> String {
        SQLIdentifier.quoted(column.name) + " " + column.type.rawValue
            + (column.type == .text ? " COLLATE NOCASE" : "")
    }

    private func indexName(_ column: String) -> String {
        SQLIdentifier.quoted(table + "_by_" + column)
    }

    /// Creates the table, or brings its declared columns in line with `columns` — unless it
    /// was written by a newer version, which is only read.
    private func prepareTable() throws(StoreError) {
        let layout = try storedLayout()
        // `PRAGMA table_info`, not the `pragma_table_info()` function, which SQLite 3.15 lacks.
        let existing = try database.rows("PRAGMA table_info(\(quotedTable))").map { Array($0.dropFirst()) }
        if existing.isEmpty {
            guard !database.isReadOnly else {
                isMissing = true
                return
            }
            try createTable(named: quotedTable)
            try createIndexes()
            try recordLayout()
            return
        }
        var stored: [String: String] = [:]
        for row in existing {
            guard case .text(let name) = row[0], case .text(let type) = row[1],
                  !name.hasPrefix("_"), name != "id" else { continue }
            stored[name] = type.uppercased()
        }
        let declared = Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0.type.rawValue) })
        let storedVersion = layout?.version ?? 0
        let unknown = stored.filter { declared[$0.key] != $0.value }
        let missing = columns.filter { stored[$0.name] == nil }
        refoldsOnLoad = layout?.searchFold != SearchText.foldVersion
        if storedVersion > version || (!unknown.isEmpty && storedVersion >= version) {
            // A newer version's table: changing it could drop what this version does not know.
            guard database.isReadOnly else {
                throw StoreError.newerSchema(path: database.path, found: max(storedVersion, version + 1), supported: version)
            }
            isFromNewerVersion = true
            return
        }
        if database.isReadOnly {
            // Read as it is; a column this version added cannot be computed here.
            guard missing.isEmpty else { throw StoreError.readOnly(path: database.path) }
            return
        }
        if !unknown.isEmpty {
            // Only derived values are dropped: every column is computed again from the JSON.
            try rebuildTable(dropping: Array(stored.keys))
        } else {
            for column in missing {
                try database.execute("ALTER TABLE \(quotedTable) ADD COLUMN \(definition(of: column))")
            }
        }
        if !unknown.isEmpty || !missing.isEmpty {
            database.forgetStatements()
        }
        if !unknown.isEmpty || !missing.isEmpty || refoldsOnLoad {
            try backfill()
            refoldsOnLoad = false
        }
        try createIndexes()
        if layout?.version != version || layout?.searchFold != SearchText.foldVersion {
            try recordLayout()
        }
    }

    /// The layout version and search folding recorded for this table, if any.
    private func storedLayout() throws(StoreError) -> (version: Int, searchFold: Int)? {
        let table = RecordStoreLayout.table
        guard try !database.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)]).isEmpty,
              let row = try database.rows("SELECT version, search_fold FROM \(table) WHERE name = ?", [.text(self.table)]).first,
              case .integer(let version) = row[0], case .integer(let fold) = row[1]
        else { return nil }
        return (Int(version), Int(fold))
    }

    private func recordLayout() throws(StoreError) {
        try database.execute("CREATE TABLE IF NOT EXISTS \(RecordStoreLayout.table) "
            + "(name TEXT PRIMARY KEY, version INTEGER NOT NULL, search_fold INTEGER NOT NULL)")
        try database.execute("INSERT OR REPLACE INTO \(RecordStoreLayout.table) (name, version, search_fold) VALUES (?, ?, ?)",
                             [.text(table), .integer(Int64(version)), .integer(Int64(SearchText.foldVersion))])
    }

    private func createTable(named name: String) throws(StoreError) {
        let definitions = [
            "id INTEGER PRIMARY KEY AUTOINCREMENT",
            "_created REAL NOT NULL",
            "_updated REAL NOT NULL",
            "_json TEXT NOT NULL",
            "_search TEXT NOT NULL DEFAULT ''",
        ] + columns.map { definition(of: $0) }
        try database.execute("CREATE TABLE \(name) (\(definitions.joined(separator: ", ")))")
    }

    /// Builds the table again with today's columns, keeping every record (id, dates, JSON):
    /// SQLite 3.15 (SQLCipher 3.4) has no `ALTER TABLE … DROP COLUMN`.
    private func rebuildTable(dropping storedColumns: [String]) throws(StoreError) {
        for name in storedColumns {
            try database.execute("DROP INDEX IF EXISTS \(indexName(name))")
        }
        let old = SQLIdentifier.quoted(table + "_before_rebuild")
        try database.execute("ALTER TABLE \(quotedTable) RENAME TO \(old)")
        try createTable(named: quotedTable)
        let kept = "id, _created, _updated, _json, _search"
        try database.execute("INSERT INTO \(quotedTable) (\(kept)) SELECT \(kept) FROM \(old)")
        try database.execute("DROP TABLE \(old)")
    }

    /// Creates the missing indexes only: SQLite 3.15 refuses even `CREATE INDEX IF NOT EXISTS`
    /// on a read-only connection.
    private func createIndexes() throws(StoreError) {
        let present = Set(try database.rows(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [.text(table)]
        ).compactMap { row -> String? in
            if case .text(let name) = row[0] { return SQLIdentifier.quoted(name) }
            return nil
        })
        for column in columns where !present.contains(indexName(column.name)) {
            try database.execute(
                "CREATE INDEX IF NOT EXISTS \(indexName(column.name)) ON \(quotedTable)(\(SQLIdentifier.quoted(column.name)))"
            )
        }
    }

    /// Computes every row's declared columns and search text from its JSON.
    private func backfill() throws(StoreError) {
        var rows: [(RecordID, Model)] = []
        try database.withStatement("SELECT id, _json FROM \(quotedTable)") { statement throws(StoreError) in
            while try statement.step() {
                let id = RecordID(statement.int64(at: 0))
                let model = try statement.withBytes(at: 1) { bytes throws(StoreError) in try decodeModel(bytes, id: id) }
                rows.append((id, model))
            }
        }
        let names = (["_search"] + columns.map { SQLIdentifier.quoted($0.name) })
        let sql = "UPDATE \(quotedTable) SET " + names.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        for (id, model) in rows {
            let values = columns.map { $0.value(model) }
            try database.execute(sql, [.text(SearchText.document(values))] + values + [.integer(id.rawValue)])
        }
    }
}

/// Where every store records its table's layout version and search folding.
enum RecordStoreLayout {
    /// The table's name; a store's own table never starts with `_`.
    static let table = "_pinform_store"
}
